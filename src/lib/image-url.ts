// The image service's URL for the one request shape this site makes (a width, or a width and height
// cropped around the hotspot; quality; automatic format), following @sanity/image-url 1.x rule for
// rule. Every page hydrates its images, so the browser builds the same URLs the export did: the
// library's general builder was ~3 KB gzip of every page's first-load JavaScript for the few lines
// used here. test/unit/image-url.test.ts checks this against the library on random images.

/** The asset as its reference names it ('image-<hash>-<w>x<h>-<ext>', parsed by image.ts). */
export interface AssetInfo {
  hash: string;
  width: number;
  height: number;
  ext: string;
}

export interface ImageHost {
  projectId: string;
  dataset: string;
  /** Base of the image service; empty: the library's default CDN. */
  baseUrl: string;
}

/** An image as the builder sees it: crop and hotspot already sanitised (image.ts), or absent. */
export interface UrlSource {
  crop?: { top: number; bottom: number; left: number; right: number };
  hotspot?: { x: number; y: number; width: number; height: number };
}

export interface UrlRequest {
  width: number;
  /** With a height, the output's aspect ratio is fixed and the crop is fitted around the hotspot. */
  height?: number;
  fit?: 'crop';
  quality: number;
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const NO_CROP = { left: 0, top: 0, bottom: 0, right: 0 };
const WHOLE = { x: 0.5, y: 0.5, width: 1, height: 1 };

/** Where the kept span of `len` starts along one axis: centred on the hotspot, kept inside the crop. */
function place(cropStart: number, cropLen: number, spotStart: number, spotEnd: number, len: number): number {
  const centre = Math.round((spotEnd - spotStart) / 2 + spotStart);
  const start = Math.max(0, Math.round(centre - len / 2));
  if (start < cropStart) return cropStart;
  return start + len > cropStart + cropLen ? cropStart + cropLen - len : start;
}

/** The part of the crop that keeps the requested aspect ratio, centred on the hotspot (the library's fit()). */
function fitRect(crop: Rect, hotspot: { left: number; top: number; right: number; bottom: number }, ratio: number) {
  if (crop.width / crop.height > ratio) {
    // Wider than asked: cut from the sides.
    const height = Math.round(crop.height);
    const width = Math.round(height * ratio);
    const left = place(crop.left, crop.width, hotspot.left, hotspot.right, width);
    return { left, top: Math.max(0, Math.round(crop.top)), width, height };
  }
  // Taller than asked: cut from top and bottom.
  const width = crop.width;
  const height = Math.round(width / ratio);
  const top = place(crop.top, crop.height, hotspot.top, hotspot.bottom, height);
  return { left: Math.max(0, Math.round(crop.left)), top, width, height };
}

/** The URL of `asset` (parsed from its reference) as `req` asks, with `source`'s crop and hotspot. */
export function imageUrl(host: ImageHost, asset: AssetInfo, source: UrlSource, req: UrlRequest): string {
  const c = source.crop ?? NO_CROP;
  const h = source.hotspot ?? WHOLE;
  const { width: W, height: H } = asset;
  const left = Math.round(c.left * W);
  const top = Math.round(c.top * H);
  const crop = { left, top, width: Math.round(W - c.right * W - left), height: Math.round(H - c.bottom * H - top) };
  const rx = (h.width * W) / 2;
  const ry = (h.height * H) / 2;
  const hotspot = { left: h.x * W - rx, top: h.y * H - ry, right: h.x * W + rx, bottom: h.y * H + ry };
  const rect = req.height ? fitRect(crop, hotspot, req.width / req.height) : crop;

  const cdn = (host.baseUrl || 'https://cdn.sanity.io').replace(/\/+$/, '');
  const url = `${cdn}/images/${host.projectId}/${host.dataset}/${asset.hash}-${W}x${H}.${asset.ext}`;
  const params: string[] = [];
  if (rect.left !== 0 || rect.top !== 0 || rect.height !== H || rect.width !== W)
    params.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`);
  params.push(`w=${req.width}`);
  if (req.height) params.push(`h=${req.height}`);
  params.push(`q=${req.quality}`);
  if (req.fit) params.push(`fit=${req.fit}`);
  params.push('auto=format');
  return `${url}?${params.join('&')}`;
}
