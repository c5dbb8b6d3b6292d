// Image URLs for every place the site shows a content-service image, built with @sanity/image-url.
// One builder per render; the export may "self-host" variants, mapping each remote URL to a
// deterministic local file name so the browser computes the same src during hydration.
import { createImageUrlBuilder } from '@sanity/image-url';
import type { SanityImage } from '../content/types.ts';
import { isUsableImage, parseAssetRef, type AssetInfo } from './image-ref.ts';
import { fnv1a, opOfKey, variantKey, type BuiltImages, type ImageUrls, type ImageVariant } from './built-images.ts';

export { fnv1a, type ImageUrls, type ImageVariant };

/** Image widths the site asks for (spec section 9). */
export const IMAGE_WIDTHS = { icon: 64, logo: 240, photo: 640, medium: 900, hero: 1280, full: 1920 } as const;
export const IMAGE_QUALITY = 90;
export const CARD_SIZE = { width: 800, height: 600 } as const;
/**
 * Candidate widths for srcset, so phones download less than desktops. Only the spec's widths
 * (section 9: 64, 240, 640, 900, 1280, 1920) and the landing crop's 800 are used: a district's image
 * CDN caches exactly those, and the spec makes them binding. A phone therefore gets the nearest
 * spec width at or above what it draws (hero 900 for ~721 device px), not an exact fit.
 */
export const SRCSET_WIDTHS = { hero: [640, 900, 1280], card: [640, 800], logo: [240] } as const;

/** A srcset value from width candidates (deduplicated by width, ascending); undefined when fewer than two. */
export function srcSetOf(candidates: readonly (ImageVariant | null)[]): string | undefined {
  const byWidth = new Map<number, ImageVariant>();
  for (const v of candidates) if (v && !byWidth.has(v.width)) byWidth.set(v.width, v);
  if (byWidth.size < 2) return undefined;
  return [...byWidth.values()]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.src} ${v.width}w`)
    .join(', ');
}

export interface ImageSettings {
  projectId: string;
  dataset: string;
  /** Base of the image service, e.g. https://cdn.sanity.io or http://127.0.0.1:4000 */
  imageHost: string;
  /** When set, variants are served from `${selfHostBase}media/...` (written there by the export). */
  selfHostBase?: string | null;
  /** Told about every variant built (the export collects the ones a page used to write them out). */
  onVariant?: ((variant: ImageVariant, key: string) => void) | null;
  /**
   * Told about the variants of images the families' bundles draw again after hydration
   * (useImages(DRAWN_IN_BROWSER)): the export gives the page those (`built`).
   */
  onBuilt?: ((variant: ImageVariant, key: string) => void) | null;
  /** In the browser: the variants the export built for the page (built-images.ts). */
  built?: BuiltImages | null;
}

function clamp01(n: unknown, fallback: number): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
}

/** Crop and hotspot with out-of-range or wrong-typed values dropped, so the builder never sees junk. */
function sanitize(img: SanityImage): SanityImage {
  const out: SanityImage = { asset: { _ref: img.asset!._ref! } };
  const c = img.crop;
  if (c && typeof c === 'object') {
    const crop = {
      top: clamp01(c.top, 0),
      bottom: clamp01(c.bottom, 0),
      left: clamp01(c.left, 0),
      right: clamp01(c.right, 0),
    };
    if (crop.left + crop.right < 0.99 && crop.top + crop.bottom < 0.99) out.crop = crop;
  }
  const h = img.hotspot;
  if (h && typeof h === 'object' && typeof h.x === 'number' && typeof h.y === 'number') {
    out.hotspot = {
      x: clamp01(h.x, 0.5),
      y: clamp01(h.y, 0.5),
      width: clamp01(h.width, 1) || 1,
      height: clamp01(h.height, 1) || 1,
    };
  }
  return out;
}

/** Size of the image after the editor's crop, in source pixels. */
export function croppedSize(img: SanityImage): { width: number; height: number } | null {
  const info = parseAssetRef(img.asset?._ref);
  if (!info) return null;
  const c = sanitize(img).crop;
  const width = Math.max(1, Math.round(info.width * (1 - (c?.left ?? 0) - (c?.right ?? 0))));
  const height = Math.max(1, Math.round(info.height * (1 - (c?.top ?? 0) - (c?.bottom ?? 0))));
  return { width, height };
}

export function createImageUrls(
  settings: ImageSettings,
  log: (msg: string) => void = (m) => console.warn(m),
): ImageUrls {
  const builder = createImageUrlBuilder({
    projectId: settings.projectId,
    dataset: settings.dataset,
    baseUrl: settings.imageHost,
  });

  const finish = (remote: string, width: number, height: number, info: AssetInfo): ImageVariant => {
    let variant: ImageVariant = { src: remote, remote, width, height };
    if (settings.selfHostBase) {
      const query = remote.slice(remote.indexOf('?') + 1);
      variant = {
        src: `${settings.selfHostBase}media/${info.hash}-${width}x${height}-${fnv1a(query)}.webp`,
        remote,
        width,
        height,
      };
    }
    return variant;
  };

  const build = (
    img: SanityImage,
    apply: (b: ReturnType<typeof builder.image>) => ReturnType<typeof builder.image>,
  ): { url: string; failed: boolean } => {
    try {
      return {
        url: apply(builder.image(sanitize(img)))
          .quality(IMAGE_QUALITY)
          .auto('format')
          .url(),
        failed: false,
      };
    } catch (err) {
      // Spec section 8: crop processing errors are logged and the uncropped image is used.
      log(`image: crop failed for ${img.asset?._ref}: ${(err as Error).message}; using the uncropped image`);
      return {
        url: apply(builder.image({ asset: { _ref: img.asset!._ref! } }))
          .quality(IMAGE_QUALITY)
          .auto('format')
          .url(),
        failed: true,
      };
    }
  };

  // Pages repeat the same images (every page's navigation lists every school's icon), and the URL
  // builder was a fifth of the export's render time, so variants are memoised per builder settings.
  // A failed crop is not memoised: its warning is logged on every use, as before.
  const memo = variantMemo(settings);
  const memoised = (key: string, make: () => { variant: ImageVariant; failed: boolean }): ImageVariant => {
    const hit = memo.get(key);
    if (hit) {
      settings.onVariant?.(hit, key);
      settings.onBuilt?.(hit, key);
      return hit;
    }
    const { variant, failed } = make();
    if (!failed) memo.set(key, variant);
    settings.onVariant?.(variant, key);
    settings.onBuilt?.(variant, key);
    return variant;
  };

  return {
    width(img, width) {
      if (!isUsableImage(img)) return null;
      return memoised(variantKey(img, width, null), () => {
        const info = parseAssetRef(img.asset!._ref)!;
        const size = croppedSize(img)!;
        const w = Math.min(width, size.width);
        const h = Math.max(1, Math.round((w * size.height) / size.width));
        const { url, failed } = build(img, (b) => b.width(w));
        return { variant: finish(url, w, h, info), failed };
      });
    },
    crop(img, width, height) {
      if (!isUsableImage(img)) return null;
      return memoised(variantKey(img, width, height), () => {
        const info = parseAssetRef(img.asset!._ref)!;
        const { url, failed } = build(img, (b) => b.width(width).height(height).fit('crop'));
        return { variant: finish(url, width, height, info), failed };
      });
    },
  };
}

/**
 * For the files the export writes for the browser: a function giving an image field with the
 * variants `draw` builds of it (`built`, by operation and size, as built-images.ts looks them up).
 * Each variant is told to `settings.onVariant` as well.
 */
export function withBuiltVariants(
  settings: ImageSettings,
  draw: (urls: ImageUrls, img: SanityImage) => void,
): (img: SanityImage | null) => SanityImage | null {
  let built: BuiltImages = {};
  const urls = createImageUrls({
    ...settings,
    onVariant: (v, key) => {
      built[opOfKey(key)] = [v.src, v.width, v.height];
      settings.onVariant?.(v, key);
    },
  });
  return (img) => {
    if (!isUsableImage(img)) return img;
    built = {};
    draw(urls, img);
    return { ...img, built };
  };
}

const MEMO_LIMIT = 20_000;
const memos = new Map<string, Map<string, ImageVariant>>();

/** One bounded variant cache per distinct builder configuration (shared by every builder made with it). */
function variantMemo(settings: ImageSettings): Map<string, ImageVariant> {
  const key = `${settings.projectId}|${settings.dataset}|${settings.imageHost}|${settings.selfHostBase ?? ''}`;
  let memo = memos.get(key);
  if (!memo) {
    if (memos.size >= 16) memos.clear();
    memo = new Map();
    memos.set(key, memo);
  } else if (memo.size >= MEMO_LIMIT) {
    memo.clear();
  }
  return memo;
}
