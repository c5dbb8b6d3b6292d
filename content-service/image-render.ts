// One image variant rendered with sharp from checked parameters, step by step as the hosted CDN
// applies them: orientation and flips, the source rectangle, the size and fit, the effects, the
// padding, then the encoding. Every render is bounded by the output pixel cap and a time budget.
import sharp, { type Sharp } from 'sharp';
import { RENDER_TIMEOUT_S } from './image-cost.ts';
import { ImageRequestError, MAX_OUTPUT_PIXELS, type ImageParams, type OutFormat } from './image-params.ts';

type RenderFormat = OutFormat | 'gif';

/** The pipeline so far and the size of the image it yields before resizing. */
interface Stage {
  img: Sharp;
  rw: number;
  rh: number;
}

const sharpPosition = (crop: string): string => {
  const parts = crop.split(',').filter((c) => c !== 'center' && c !== 'focalpoint');
  const v = parts.find((c) => c === 'top' || c === 'bottom');
  const hz = parts.find((c) => c === 'left' || c === 'right');
  return [hz, v].filter(Boolean).join(' ') || 'centre';
};

const isOpaque = (format: RenderFormat): boolean => format === 'jpg' || format === 'pjpg';

/** What fills around the image: `bg`, else white where the format has no alpha, else transparent. */
const backgroundFor = (p: ImageParams, format: RenderFormat) =>
  p.bg ? `#${p.bg}` : isOpaque(format) ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 };

/** The source upright (EXIF, then `or`), flipped, and cut to `rect`. The source dimensions come from the file. */
async function oriented(source: Buffer, p: ImageParams): Promise<Stage> {
  const meta = await sharp(source).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  let rw = (swap ? meta.height : meta.width) ?? 1;
  let rh = (swap ? meta.width : meta.height) ?? 1;
  let img = sharp(source, { failOn: 'none' }).rotate();
  if (p.orientation) {
    // One pipeline applies a single rotate(); materialise the EXIF-upright image first.
    img = sharp(await img.toBuffer(), { failOn: 'none' }).rotate(p.orientation);
    if (p.orientation !== 180) [rw, rh] = [rh, rw];
  }
  if (p.flip?.includes('h')) img = img.flop();
  if (p.flip?.includes('v')) img = img.flip();
  if (p.rect) {
    const [baseW, baseH] = [rw, rh];
    const x = Math.min(p.rect.x, baseW - 1);
    const y = Math.min(p.rect.y, baseH - 1);
    rw = Math.max(1, Math.min(p.rect.w, baseW - x));
    rh = Math.max(1, Math.min(p.rect.h, baseH - y));
    img = img.extract({ left: x, top: y, width: rw, height: rh });
  }
  return { img, rw, rh };
}

// min-/max- bound the requested size (or the source's, when none is requested).
function bound(v: number | undefined, src: number, min?: number, max?: number): number | undefined {
  let out = v;
  if (max !== undefined && (out ?? src) > max) out = max;
  if (min !== undefined && (out ?? src) < min) out = min;
  return out;
}

/** The requested output size in pixels (dpr applied), either side possibly open. */
function targetSize({ rw, rh }: Stage, p: ImageParams): { W: number | undefined; H: number | undefined } {
  const w = bound(p.w, rw, p.minW, p.maxW);
  const h = bound(p.h, rh, p.minH, p.maxH);
  return {
    W: w !== undefined ? Math.max(1, Math.round(w * p.dpr)) : undefined,
    H: h !== undefined ? Math.max(1, Math.round(h * p.dpr)) : undefined,
  };
}

/**
 * Refuses a render whose output would pass the pixel cap: both sides given, or one and the source's
 * aspect ratio; then the padding on every side, which counts too (pad=1000 on a 3840×2160 frame
 * made 5840×4160).
 */
function checkOutputPixels({ rw, rh }: Stage, p: ImageParams, W: number | undefined, H: number | undefined): void {
  if (W === undefined && H === undefined && !p.pad) return;
  const upscale = p.fit === 'max' || p.fit === 'fillmax' ? 1 : Number.POSITIVE_INFINITY;
  const s = W === undefined && H === undefined ? 1 : Math.min(upscale, W !== undefined ? W / rw : H! / rh);
  const outW = (W ?? Math.round(rw * s)) + 2 * (p.pad ?? 0);
  const outH = (H ?? Math.round(rh * s)) + 2 * (p.pad ?? 0);
  if (outW * outH > MAX_OUTPUT_PIXELS)
    throw new ImageRequestError(
      400,
      `the image would be ${outW}×${outH} pixels; transformed images are limited to ${MAX_OUTPUT_PIXELS} pixels (3840×2160)`,
    );
}

function cropTo({ img, rw, rh }: Stage, p: ImageParams, W: number, H: number): Sharp {
  if (!p.crop.includes('focalpoint')) {
    const position = p.crop.includes('entropy') ? sharp.strategy.entropy : sharpPosition(p.crop);
    return img.resize(W, H, { fit: 'cover', position });
  }
  const s = Math.max(W / rw, H / rh);
  const sw = Math.max(W, Math.round(rw * s));
  const sh = Math.max(H, Math.round(rh * s));
  const left = Math.min(sw - W, Math.max(0, Math.round((p.fpX ?? 0.5) * sw - W / 2)));
  const top = Math.min(sh - H, Math.max(0, Math.round((p.fpY ?? 0.5) * sh - H / 2)));
  return img.resize(sw, sh, { fit: 'fill' }).extract({ left, top, width: W, height: H });
}

function fillTo({ img, rw, rh }: Stage, p: ImageParams, format: RenderFormat, W: number, H: number): Sharp {
  const s = p.fit === 'fillmax' ? Math.min(1, W / rw, H / rh) : Math.min(W / rw, H / rh);
  const iw = Math.max(1, Math.round(rw * s));
  const ih = Math.max(1, Math.round(rh * s));
  return img.resize(iw, ih, { fit: 'fill' }).extend({
    top: Math.floor((H - ih) / 2),
    bottom: Math.ceil((H - ih) / 2),
    left: Math.floor((W - iw) / 2),
    right: Math.ceil((W - iw) / 2),
    background: backgroundFor(p, format),
  });
}

/** Both sides given: the fit decides whether the image is cropped, stretched, framed or fitted inside. */
function resizeToBox(stage: Stage, p: ImageParams, format: RenderFormat, W: number, H: number): Sharp {
  const { img, rw, rh } = stage;
  switch (p.fit) {
    case 'crop':
      return cropTo(stage, p, W, H);
    case 'scale':
      return img.resize(W, H, { fit: 'fill' });
    case 'fill':
    case 'fillmax':
      return fillTo(stage, p, format, W, H);
    case 'min': {
      // Crop to the requested aspect ratio, never beyond the source's pixels.
      const s = Math.max(W / rw, H / rh);
      const ow = s > 1 ? Math.max(1, Math.round(W / s)) : W;
      const oh = s > 1 ? Math.max(1, Math.round(H / s)) : H;
      return img.resize(ow, oh, { fit: 'cover', position: sharpPosition(p.crop) });
    }
    case 'max':
    case 'clip': {
      const s0 = Math.min(W / rw, H / rh);
      const s = p.fit === 'max' ? Math.min(1, s0) : s0;
      return img.resize(Math.max(1, Math.round(rw * s)), Math.max(1, Math.round(rh * s)), { fit: 'fill' });
    }
  }
}

function resized(stage: Stage, p: ImageParams, format: RenderFormat): Sharp {
  const { W, H } = targetSize(stage, p);
  checkOutputPixels(stage, p, W, H);
  if (W === undefined && H === undefined) return stage.img;
  if (W !== undefined && H !== undefined) return resizeToBox(stage, p, format, W, H);
  // One side given: keep the aspect ratio (max never upscales).
  const { rw, rh } = stage;
  let s = W !== undefined ? W / rw : H! / rh;
  if (p.fit === 'max' || p.fit === 'fillmax') s = Math.min(1, s);
  return stage.img.resize(Math.max(1, Math.round(rw * s)), Math.max(1, Math.round(rh * s)), { fit: 'fill' });
}

/** blur, sharp, sat, invert, then the padding around the finished image. */
async function withEffects(input: Sharp, p: ImageParams, format: RenderFormat): Promise<Sharp> {
  let img = input;
  if (p.blur) img = sharp(await img.toBuffer()).blur(Math.min(1000, 0.3 + p.blur / 20));
  if (p.sharpen) img = img.sharpen({ sigma: 0.5 + p.sharpen / 25 });
  if (p.sat !== undefined && p.sat !== 0) {
    img = p.sat <= -100 ? img.grayscale() : img.modulate({ saturation: 1 + p.sat / 100 });
  }
  if (p.invert) img = img.negate({ alpha: false });
  if (p.pad) {
    const background = backgroundFor(p, format);
    img = sharp(await img.toBuffer()).extend({ top: p.pad, bottom: p.pad, left: p.pad, right: p.pad, background });
  }
  return img;
}

function encoded(img: Sharp, p: ImageParams, format: RenderFormat): Promise<Buffer> {
  switch (format) {
    case 'jpg':
    case 'pjpg':
      return img
        .flatten({ background: p.bg ? `#${p.bg}` : '#ffffff' })
        .jpeg({ quality: Math.max(1, p.q), progressive: format === 'pjpg' })
        .toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'webp':
      return img.webp({ quality: Math.max(1, p.q) }).toBuffer();
    case 'avif':
      return img.avif({ quality: Math.max(1, p.q), effort: 2 }).toBuffer();
    case 'gif':
      return img.gif().toBuffer();
  }
}

/** Renders one variant. The source dimensions come from the file, not from its name. */
export async function renderVariant(source: Buffer, p: ImageParams, format: RenderFormat): Promise<Buffer> {
  const stage = await oriented(source, p);
  const img = await withEffects(resized(stage, p, format), p, format);
  // However costly the parameters, one render ends within its budget.
  return encoded(img.timeout({ seconds: RENDER_TIMEOUT_S }), p, format);
}
