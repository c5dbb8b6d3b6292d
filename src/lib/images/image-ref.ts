// Whether an image field names an image asset, and the asset's size, read from its reference alone.
// Apart from image.ts so the families' stand-ins (src/components/as-written.tsx) can tell whether a
// component draws an image without bringing the URL builder into the first-load JavaScript.
import type { SanityImage } from '../content/types.ts';

export interface AssetInfo {
  hash: string;
  width: number;
  height: number;
  ext: string;
}

/** Parses `image-<hash>-<w>x<h>-<ext>`; null when the reference is not an image asset id. */
export function parseAssetRef(ref: unknown): AssetInfo | null {
  if (typeof ref !== 'string') return null;
  const m = /^image-([A-Za-z0-9]+)-(\d{1,5})x(\d{1,5})-([a-z0-9]{2,5})$/.exec(ref);
  if (!m) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  if (!width || !height) return null;
  return { hash: m[1]!, width, height, ext: m[4]! };
}

/** True when the value is an image field this site can build URLs for. */
export function isUsableImage(img: SanityImage | null | undefined): img is SanityImage {
  return !!img && typeof img === 'object' && parseAssetRef(img.asset?._ref) !== null;
}
