// What one image request may cost the service: renders are queued by their expected size, and
// every render is stopped at a time budget, so no URL holds a render slot for long.

/** The parts of a request's parameters (images.ts's ImageParams) that decide its size. */
interface SizeParams {
  w?: number | undefined;
  h?: number | undefined;
  maxW?: number | undefined;
  maxH?: number | undefined;
  dpr: number;
  pad?: number | undefined;
}

/** Longest one render may take (libvips stops it): an in-cap AVIF at q=100 takes about 15 s here. */
export const RENDER_TIMEOUT_S = 20;

/**
 * Renders past this many output pixels (a quarter of that for AVIF, whose encoder costs most) wait
 * in a queue of their own, one at a time: a 640 px WebP waited 13 s behind three 4K AVIFs.
 */
const HEAVY_PIXELS = 4_000_000;

/** Whether a render may be costly, judged from the request alone (the source is read later). */
export function isHeavyRender(p: SizeParams, format: string): boolean {
  const side = (v: number | undefined): number | undefined => (v === undefined ? undefined : v * p.dpr);
  const w = side(p.w ?? p.maxW);
  const h = side(p.h ?? p.maxH);
  if (w === undefined && h === undefined) return true;
  const pad = 2 * (p.pad ?? 0);
  const pixels = ((w ?? h!) + pad) * ((h ?? w!) + pad);
  return pixels > (format === 'avif' ? HEAVY_PIXELS / 4 : HEAVY_PIXELS);
}
