// Sanity's image URL parameters, read and checked: the ones @sanity/image-url emits and a few more,
// each refused with a 400 naming it when it is unknown or out of range, so a URL never renders
// differently here than on the hosted image CDN. Which output format a request gets is decided here
// too, from its parameters and the browser's Accept header.

export const MAX_DIMENSION = 5000;
/**
 * Most pixels a transformed image may have: a 4K frame (3840×2160). The hosted CDN documents no
 * cap; the site asks for 1920 px wide at most, and a 5000×5000 AVIF at q=100 cost 17 s of CPU per
 * anonymous request. Beyond it the answer is a 400 naming the cap, never a silently smaller image.
 */
export const MAX_OUTPUT_PIXELS = 3840 * 2160;
const FITS = ['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale'] as const;
export type Fit = (typeof FITS)[number];
export type OutFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif';

export class ImageRequestError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRequestError';
  }
}

export interface ImageParams {
  w?: number;
  h?: number;
  rect?: { x: number; y: number; w: number; h: number };
  fit: Fit;
  crop: string;
  fpX?: number;
  fpY?: number;
  q: number;
  fm?: OutFormat;
  dpr: number;
  autoFormat: boolean;
  bg?: string;
  blur?: number;
  sharpen?: number;
  flip?: 'h' | 'v' | 'hv';
  orientation?: 0 | 90 | 180 | 270;
  invert: boolean;
  sat?: number;
  pad?: number;
  minW?: number;
  maxW?: number;
  minH?: number;
  maxH?: number;
  /** dl: download with this file name ('' = the original name). */
  download?: string;
}

/**
 * Every parameter the service understands: all that @sanity/image-url emits plus `rect`/`fp-*`.
 * Anything else is refused with a 400 instead of being ignored, so a URL never silently renders
 * differently here than on the hosted image CDN.
 */
export const IMAGE_PARAMS = [
  'w',
  'h',
  'rect',
  'fit',
  'crop',
  'fp-x',
  'fp-y',
  'q',
  'fm',
  'dpr',
  'auto',
  'bg',
  'blur',
  'sharp',
  'flip',
  'or',
  'invert',
  'sat',
  'pad',
  'min-w',
  'max-w',
  'min-h',
  'max-h',
  'dl',
  'frame',
] as const;

export type Query = Record<string, string | string[] | undefined>;

export const one = (q: Query, name: string): string | undefined => {
  const v = q[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
};

function num(q: Query, name: string, min: number, max: number, integer: boolean): number | undefined {
  const raw = one(q, name);
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)))
    throw new ImageRequestError(400, `${name} must be a ${integer ? 'whole ' : ''}number, got "${raw}"`);
  if (n < min || n > max) throw new ImageRequestError(400, `${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** Validates the query string of an image request; throws ImageRequestError(400) on nonsense. */
export function parseImageParams(q: Query): ImageParams {
  for (const key of Object.keys(q)) {
    if (!(IMAGE_PARAMS as readonly string[]).includes(key)) {
      throw new ImageRequestError(400, `unsupported image parameter "${key}" (supported: ${IMAGE_PARAMS.join(', ')})`);
    }
  }
  const frame = one(q, 'frame');
  if (frame !== undefined && frame !== '1') {
    throw new ImageRequestError(400, `frame must be 1 (the first frame), got "${frame}"`);
  }
  const flip = one(q, 'flip');
  if (flip !== undefined && flip !== 'h' && flip !== 'v' && flip !== 'hv') {
    throw new ImageRequestError(400, `flip must be h, v or hv, got "${flip}"`);
  }
  const or = num(q, 'or', 0, 270, true);
  if (or !== undefined && or % 90 !== 0) throw new ImageRequestError(400, `or must be 0, 90, 180 or 270, got ${or}`);
  const invert = one(q, 'invert');
  if (invert !== undefined && invert !== 'true' && invert !== 'false') {
    throw new ImageRequestError(400, `invert must be true or false, got "${invert}"`);
  }
  const dl = one(q, 'dl');
  if (dl !== undefined && /[\x00-\x1f"\\/]/.test(dl)) throw new ImageRequestError(400, 'dl must be a plain file name');
  const optional = <K extends string>(key: K, v: number | undefined): Partial<Record<K, number>> =>
    v === undefined ? {} : ({ [key]: v } as Record<K, number>);
  const extra = {
    ...(num(q, 'blur', 0, 2000, true) ? { blur: num(q, 'blur', 0, 2000, true)! } : {}),
    ...(num(q, 'sharp', 0, 100, true) ? { sharpen: num(q, 'sharp', 0, 100, true)! } : {}),
    ...(flip ? { flip: flip as 'h' | 'v' | 'hv' } : {}),
    ...(or ? { orientation: or as 90 | 180 | 270 } : {}),
    invert: invert === 'true',
    ...(num(q, 'sat', -100, 100, true) !== undefined ? { sat: num(q, 'sat', -100, 100, true)! } : {}),
    ...(num(q, 'pad', 0, 1000, true) ? { pad: num(q, 'pad', 0, 1000, true)! } : {}),
    ...optional('minW', num(q, 'min-w', 1, MAX_DIMENSION, true)),
    ...optional('maxW', num(q, 'max-w', 1, MAX_DIMENSION, true)),
    ...optional('minH', num(q, 'min-h', 1, MAX_DIMENSION, true)),
    ...optional('maxH', num(q, 'max-h', 1, MAX_DIMENSION, true)),
    ...(dl !== undefined ? { download: dl } : {}),
  };
  const w = num(q, 'w', 1, MAX_DIMENSION, false);
  const h = num(q, 'h', 1, MAX_DIMENSION, false);
  let rect: ImageParams['rect'];
  const rawRect = one(q, 'rect');
  if (rawRect !== undefined) {
    const parts = rawRect.split(',').map((p) => Number(p));
    if (
      parts.length !== 4 ||
      parts.some((p) => !Number.isInteger(p) || p < 0 || p > 100_000) ||
      parts[2]! < 1 ||
      parts[3]! < 1
    ) {
      throw new ImageRequestError(400, `rect must be x,y,width,height in whole pixels, got "${rawRect}"`);
    }
    rect = { x: parts[0]!, y: parts[1]!, w: parts[2]!, h: parts[3]! };
  }
  const fit = (one(q, 'fit') ?? 'clip') as Fit;
  if (!FITS.includes(fit)) throw new ImageRequestError(400, `fit must be one of ${FITS.join(', ')}, got "${fit}"`);
  const crop = one(q, 'crop') ?? 'center';
  const cropParts = crop.split(',');
  if (!cropParts.every((c) => ['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy'].includes(c))) {
    throw new ImageRequestError(
      400,
      `crop must be focalpoint, center, entropy or top/bottom/left/right, got "${crop}"`,
    );
  }
  const fmRaw = one(q, 'fm');
  const fm = fmRaw === 'jpeg' ? 'jpg' : (fmRaw as OutFormat | undefined);
  if (fm !== undefined && !(['jpg', 'pjpg', 'png', 'webp', 'avif'] as string[]).includes(fm)) {
    throw new ImageRequestError(400, `fm must be jpg, pjpg, png, webp or avif, got "${fmRaw}"`);
  }
  const auto = one(q, 'auto');
  if (auto !== undefined && auto !== 'format') throw new ImageRequestError(400, `auto must be "format", got "${auto}"`);
  const bg = one(q, 'bg');
  if (bg !== undefined && !/^([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(bg))
    throw new ImageRequestError(400, `bg must be a hex colour, got "${bg}"`);
  const dpr = num(q, 'dpr', 0.1, 3, false) ?? 1;
  if ((w !== undefined && w * dpr > MAX_DIMENSION) || (h !== undefined && h * dpr > MAX_DIMENSION)) {
    throw new ImageRequestError(400, `w/h times dpr must stay within ${MAX_DIMENSION} pixels`);
  }
  return {
    ...(w !== undefined ? { w } : {}),
    ...(h !== undefined ? { h } : {}),
    ...(rect ? { rect } : {}),
    fit,
    crop,
    ...(num(q, 'fp-x', 0, 1, false) !== undefined ? { fpX: num(q, 'fp-x', 0, 1, false)! } : {}),
    ...(num(q, 'fp-y', 0, 1, false) !== undefined ? { fpY: num(q, 'fp-y', 0, 1, false)! } : {}),
    q: num(q, 'q', 0, 100, true) ?? 75,
    ...(fm ? { fm } : {}),
    dpr,
    autoFormat: auto === 'format',
    ...(bg ? { bg } : {}),
    ...extra,
  };
}

/** auto=format: AVIF or WebP when the browser says it takes them; WebP first, since it encodes far faster. */
export function negotiateFormat(
  p: ImageParams,
  sourceExt: string,
  accept: string | undefined,
): OutFormat | 'gif' | 'svg' {
  if (p.fm) return p.fm;
  if (p.autoFormat && accept) {
    if (/image\/webp/i.test(accept)) return 'webp';
    if (/image\/avif/i.test(accept)) return 'avif';
  }
  if (sourceExt === 'jpeg' || sourceExt === 'jpg') return 'jpg';
  if (sourceExt === 'gif' || sourceExt === 'svg') return sourceExt;
  if (sourceExt === 'webp' || sourceExt === 'avif' || sourceExt === 'png') return sourceExt;
  return 'png';
}
