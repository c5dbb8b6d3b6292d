// The image variants the export built, for the families' browser bundles. After hydration their
// menus, cards and videos draw the images the export drew; looking the variants up here, they need
// no URL builder (@sanity/image-url and the crop rules in image.ts, ~3 KB gzip of every page's
// JavaScript). A page carries the variants its render built (ImageSettings.built); in a file the
// browser loads later (the navigation list, the grid's cards) each image carries its own (`built`,
// keyed by operation and size alone: the image is implied, and the file stays small).
// The editors' preview builds URLs in the browser, as the server does (image.ts).
import type { SanityImage } from '../content/types.ts';
import { isUsableImage } from './image-ref.ts';

/** A variant as the browser needs it: src, width, height. */
export type BuiltVariant = readonly [src: string, width: number, height: number];
/** Variants by builtKey(variantKey) in a page's table; by operation (`c|64|64`) on an image's own. */
export type BuiltImages = Record<string, BuiltVariant>;

/** One image to show: final src, the remote variant behind it, and intrinsic size for width/height. */
export interface ImageVariant {
  src: string;
  remote: string;
  width: number;
  height: number;
}

/** The operations of ImageUrls (image.ts): a width-bounded variant, or a fixed-size crop. */
export interface ImageUrls {
  /** A width-bounded variant keeping the aspect ratio (never upscaled). */
  width(img: SanityImage | null | undefined, width: number): ImageVariant | null;
  /** A fixed-size crop around the hotspot (landing cards 800x600, nav icons 64x64). */
  crop(img: SanityImage | null | undefined, width: number, height: number): ImageVariant | null;
}

/** What a component's images are to the export (useImages). */
export interface ImagesUse {
  /**
   * The families' bundles draw them again after hydration (a component of
   * after-hydration-chunk.ts), so the export gives the page their variants (ImageSettings.onBuilt).
   */
  browser?: boolean;
}

export const DRAWN_IN_BROWSER: ImagesUse = { browser: true };

/** FNV-1a, 32-bit, hex: a tiny stable hash the browser can compute too. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** What of an image field decides its URL: the asset, crop and hotspot (other fields are ignored). */
const imageKey = (img: SanityImage): string =>
  `${img.asset!._ref}|${img.crop ? JSON.stringify(img.crop) : ''}|${img.hotspot ? JSON.stringify(img.hotspot) : ''}`;

/** The operation and size of a variant: `w|640` (a width) or `c|800|600` (a crop). */
const opKey = (width: number, height: number | null): string =>
  height === null ? `w|${width}` : `c|${width}|${height}`;

/** What decides one variant: the operation, its size and the image field. */
export const variantKey = (img: SanityImage, width: number, height: number | null): string =>
  `${opKey(width, height)}|${imageKey(img)}`;

/** The operation part of a variant key: what an image's own `built` is keyed by (the image is implied). */
export const opOfKey = (key: string): string => key.split('|', key.startsWith('c|') ? 3 : 2).join('|');

/**
 * The short form of a variant key that pages and files carry: two FNV-1a hashes, the second of the
 * key behind a prefix, so two keys share a short form only if both 32-bit hashes collide.
 */
export const builtKey = (key: string): string => fnv1a(key) + fnv1a(`\u0001${key}`);

/** The keys reported missing, so each is reported once. */
const missing = new Set<string>();

/** A variant to draw: a site path or an http(s) address, and a size (a file may be edited by hand). */
const isVariant = (v: unknown): v is BuiltVariant =>
  Array.isArray(v) &&
  typeof v[0] === 'string' &&
  /^(\/|https?:\/\/)/.test(v[0]) &&
  [v[1], v[2]].every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0);

/**
 * ImageUrls answered from the variants an image carries, else from the page's. An image the export
 * did not build is not drawn (its component shows what it shows without one) and is reported once.
 */
export function builtImageUrls(
  page: BuiltImages | null | undefined,
  log: (msg: string) => void = (m) => console.warn(m),
): ImageUrls {
  const find = (img: SanityImage | null | undefined, width: number, height: number | null): ImageVariant | null => {
    if (!isUsableImage(img)) return null;
    const key = variantKey(img, width, height);
    const v: unknown = img.built?.[opKey(width, height)] ?? page?.[builtKey(key)];
    if (isVariant(v)) return { src: v[0], remote: v[0], width: v[1], height: v[2] };
    if (!missing.has(key)) {
      missing.add(key);
      log(`image: no variant was built for ${key}; it is not shown`);
    }
    return null;
  };
  return { width: (img, width) => find(img, width, null), crop: (img, width, height) => find(img, width, height) };
}
