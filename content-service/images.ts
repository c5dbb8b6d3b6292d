// The image half of the embedded service: Sanity's image URL parameters (the ones
// @sanity/image-url emits and a few more) applied with sharp to the dataset's images/ folder, so
// every URL the site builds renders locally exactly as the hosted image CDN would size it.
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import fastq from 'fastq';
import { isHeavyRender, RENDER_TIMEOUT_S } from './image-cost.ts';
import { LRUCache } from 'lru-cache';
import { MIME_TYPES } from './sanity-export.ts';

export const MAX_DIMENSION = 5000;
/**
 * Most pixels a transformed image may have: a 4K frame (3840×2160). The hosted CDN documents no
 * cap; the site asks for 1920 px wide at most, and a 5000×5000 AVIF at q=100 cost 17 s of CPU per
 * anonymous request. Beyond it the answer is a 400 naming the cap, never a silently smaller image.
 */
export const MAX_OUTPUT_PIXELS = 3840 * 2160;
const FILE_RE = /^([A-Za-z0-9]+)-(\d{1,5})x(\d{1,5})\.([a-z0-9]{2,5})$/;
const FITS = ['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale'] as const;
type Fit = (typeof FITS)[number];
type OutFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif';
const MIME: Record<OutFormat | 'gif' | 'svg', string> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

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

type Query = Record<string, string | string[] | undefined>;

const one = (q: Query, name: string): string | undefined => {
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

const sharpPosition = (crop: string): string => {
  const parts = crop.split(',').filter((c) => c !== 'center' && c !== 'focalpoint');
  const v = parts.find((c) => c === 'top' || c === 'bottom');
  const hz = parts.find((c) => c === 'left' || c === 'right');
  return [hz, v].filter(Boolean).join(' ') || 'centre';
};

/** Renders one variant. The source dimensions come from the file, not from its name. */
export async function renderVariant(source: Buffer, p: ImageParams, format: OutFormat | 'gif'): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const srcW = (swap ? meta.height : meta.width) ?? 1;
  const srcH = (swap ? meta.width : meta.height) ?? 1;
  let img = sharp(source, { failOn: 'none' }).rotate();
  let rw = srcW;
  let rh = srcH;
  if (p.orientation) {
    // One pipeline applies a single rotate(); materialise the EXIF-upright image first.
    img = sharp(await img.toBuffer(), { failOn: 'none' }).rotate(p.orientation);
    if (p.orientation !== 180) [rw, rh] = [rh, rw];
  }
  if (p.flip?.includes('h')) img = img.flop();
  if (p.flip?.includes('v')) img = img.flip();
  const [baseW, baseH] = [rw, rh];

  if (p.rect) {
    const x = Math.min(p.rect.x, baseW - 1);
    const y = Math.min(p.rect.y, baseH - 1);
    rw = Math.max(1, Math.min(p.rect.w, baseW - x));
    rh = Math.max(1, Math.min(p.rect.h, baseH - y));
    img = img.extract({ left: x, top: y, width: rw, height: rh });
  }

  // min-/max- bound the requested size (or the source's, when none is requested).
  const bound = (v: number | undefined, src: number, min?: number, max?: number): number | undefined => {
    let out = v;
    if (max !== undefined && (out ?? src) > max) out = max;
    if (min !== undefined && (out ?? src) < min) out = min;
    return out;
  };
  const w = bound(p.w, rw, p.minW, p.maxW);
  const h = bound(p.h, rh, p.minH, p.maxH);
  const W = w !== undefined ? Math.max(1, Math.round(w * p.dpr)) : undefined;
  const H = h !== undefined ? Math.max(1, Math.round(h * p.dpr)) : undefined;
  if (W !== undefined || H !== undefined || p.pad) {
    // The output's size: both sides given, or one and the source's aspect ratio; then the padding
    // on every side, which counts too (pad=1000 on a 3840×2160 frame made 5840×4160).
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
  if (W !== undefined || H !== undefined) {
    if (W !== undefined && H !== undefined) {
      switch (p.fit) {
        case 'crop': {
          if (p.crop.includes('focalpoint')) {
            const s = Math.max(W / rw, H / rh);
            const sw = Math.max(W, Math.round(rw * s));
            const sh = Math.max(H, Math.round(rh * s));
            const left = Math.min(sw - W, Math.max(0, Math.round((p.fpX ?? 0.5) * sw - W / 2)));
            const top = Math.min(sh - H, Math.max(0, Math.round((p.fpY ?? 0.5) * sh - H / 2)));
            img = img.resize(sw, sh, { fit: 'fill' }).extract({ left, top, width: W, height: H });
          } else {
            const position = p.crop.includes('entropy') ? sharp.strategy.entropy : sharpPosition(p.crop);
            img = img.resize(W, H, { fit: 'cover', position });
          }
          break;
        }
        case 'scale':
          img = img.resize(W, H, { fit: 'fill' });
          break;
        case 'fill':
        case 'fillmax': {
          const s = p.fit === 'fillmax' ? Math.min(1, W / rw, H / rh) : Math.min(W / rw, H / rh);
          const iw = Math.max(1, Math.round(rw * s));
          const ih = Math.max(1, Math.round(rh * s));
          const background = p.bg
            ? `#${p.bg}`
            : format === 'jpg' || format === 'pjpg'
              ? '#ffffff'
              : { r: 0, g: 0, b: 0, alpha: 0 };
          img = img.resize(iw, ih, { fit: 'fill' }).extend({
            top: Math.floor((H - ih) / 2),
            bottom: Math.ceil((H - ih) / 2),
            left: Math.floor((W - iw) / 2),
            right: Math.ceil((W - iw) / 2),
            background,
          });
          break;
        }
        case 'min': {
          // Crop to the requested aspect ratio, never beyond the source's pixels.
          const s = Math.max(W / rw, H / rh);
          const ow = s > 1 ? Math.max(1, Math.round(W / s)) : W;
          const oh = s > 1 ? Math.max(1, Math.round(H / s)) : H;
          img = img.resize(ow, oh, { fit: 'cover', position: sharpPosition(p.crop) });
          break;
        }
        case 'max':
        case 'clip': {
          const s0 = Math.min(W / rw, H / rh);
          const s = p.fit === 'max' ? Math.min(1, s0) : s0;
          img = img.resize(Math.max(1, Math.round(rw * s)), Math.max(1, Math.round(rh * s)), { fit: 'fill' });
          break;
        }
      }
    } else {
      // One side given: keep the aspect ratio (max never upscales).
      let s = W !== undefined ? W / rw : H! / rh;
      if (p.fit === 'max' || p.fit === 'fillmax') s = Math.min(1, s);
      img = img.resize(Math.max(1, Math.round(rw * s)), Math.max(1, Math.round(rh * s)), { fit: 'fill' });
    }
  }

  if (p.blur) img = sharp(await img.toBuffer()).blur(Math.min(1000, 0.3 + p.blur / 20));
  if (p.sharpen) img = img.sharpen({ sigma: 0.5 + p.sharpen / 25 });
  if (p.sat !== undefined && p.sat !== 0) {
    img = p.sat <= -100 ? img.grayscale() : img.modulate({ saturation: 1 + p.sat / 100 });
  }
  if (p.invert) img = img.negate({ alpha: false });
  if (p.pad) {
    const opaque = format === 'jpg' || format === 'pjpg';
    const background = p.bg ? `#${p.bg}` : opaque ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 };
    img = sharp(await img.toBuffer()).extend({ top: p.pad, bottom: p.pad, left: p.pad, right: p.pad, background });
  }

  // However costly the parameters, one render ends within its budget.
  img = img.timeout({ seconds: RENDER_TIMEOUT_S });
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

export interface ImagesPluginOptions {
  imagesDir: string;
  /** File assets (a real export's files/), served unchanged under /files/<project>/<dataset>/<hash>.<ext>. */
  filesDir?: string;
  dataset: string;
  /** Budget of the in-memory variant cache, in bytes (default 64 MiB). */
  cacheBytes?: number;
  /** Images rendered at once (default 2; libvips uses several threads per image). */
  renderConcurrency?: number;
  /** Renders allowed to wait for a turn; beyond, 503 (default 64: the export fetches 6 at a time). */
  maxQueuedRenders?: number;
}

/**
 * Every answer of the image and file routes: an SVG (or any uploaded file) opened directly must not
 * run script on this service's origin, which any origin may read (CORS *). `sandbox` gives the
 * document a unique opaque origin with scripts off; it does not affect <img> embedding.
 */
export const ASSET_HEADERS: Record<string, string> = {
  'content-security-policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const mimeOfExtension = (ext: string): string => MIME_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';

/** Fastify plugin: GET /images/:projectId/:dataset/:file */
export async function imagesPlugin(app: FastifyInstance, opts: ImagesPluginOptions): Promise<void> {
  const root = resolve(opts.imagesDir);
  // Bounded by bytes and by entries: repeated page loads hit memory instead of sharp, while a crawl
  // over many sizes cannot grow the process without limit (a variant over the budget is not kept).
  const cache = new LRUCache<string, Buffer>({
    max: 1000,
    maxSize: opts.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
  });
  const inflight = new Map<string, Promise<Buffer>>();
  // Renders take turns (fastq, Fastify's own queue): a burst of expensive URLs queues up behind a
  // fixed number of sharp pipelines instead of starting all at once; identical URLs share one.
  type RenderTask = { source: Buffer; params: ImageParams; format: OutFormat | 'gif' };
  const render = (task: RenderTask): Promise<Buffer> =>
    renderVariant(task.source, task.params, task.format).catch((err: Error) => {
      if (/timeout/i.test(err.message))
        throw new ImageRequestError(
          400,
          `the image took longer than ${RENDER_TIMEOUT_S} s to render; ask for fewer pixels or another format`,
        );
      throw err;
    });
  const light = fastq.promise(render, opts.renderConcurrency ?? 2);
  const heavy = fastq.promise(render, 1);
  const renders = { length: () => light.length() + heavy.length() };
  const maxQueued = opts.maxQueuedRenders ?? 64;

  app.addHook('onSend', async (_req, reply) => {
    for (const [k, v] of Object.entries(ASSET_HEADERS)) reply.header(k, v);
  });

  const fail = (reply: FastifyReply, err: ImageRequestError): FastifyReply =>
    reply
      .code(err.status)
      .header('cache-control', 'no-store')
      .send({ statusCode: err.status, error: err.status === 404 ? 'Not Found' : 'Bad Request', message: err.message });

  app.get(
    '/images/:projectId/:dataset/:file',
    async (
      req: FastifyRequest<{ Params: { projectId: string; dataset: string; file: string }; Querystring: Query }>,
      reply,
    ) => {
      const { dataset, file } = req.params;
      if (dataset !== opts.dataset) return fail(reply, new ImageRequestError(404, `dataset "${dataset}" not found`));
      const m = FILE_RE.exec(file);
      const path = join(root, file);
      if (!m || !resolve(path).startsWith(root + sep))
        return fail(reply, new ImageRequestError(404, 'image not found'));
      const ext = m[4]!;

      // No parameters: the original bytes, as the hosted CDN serves them (no re-encoding).
      if (Object.keys(req.query).length === 0) {
        let original: Buffer;
        try {
          original = await readFile(path);
        } catch {
          return fail(reply, new ImageRequestError(404, 'image not found'));
        }
        return reply.header('content-type', mimeOfExtension(ext)).header('cache-control', IMMUTABLE).send(original);
      }

      let params: ImageParams;
      try {
        params = parseImageParams(req.query);
      } catch (err) {
        if (err instanceof ImageRequestError) return fail(reply, err);
        throw err;
      }
      const format = negotiateFormat(params, ext, req.headers.accept);
      if (params.autoFormat && !params.fm) reply.header('vary', 'Accept');

      let source: Buffer;
      const key = `${file}?${JSON.stringify(params)}>${format}`;
      let body = cache.get(key);
      if (!body) {
        try {
          source = await readFile(path);
        } catch {
          return fail(reply, new ImageRequestError(404, 'image not found'));
        }
        if (format === 'svg' || ext === 'svg') {
          body = source;
        } else {
          let job = inflight.get(key);
          if (!job) {
            if (renders.length() >= maxQueued) {
              return reply
                .code(503)
                .header('retry-after', '1')
                .header('cache-control', 'no-store')
                .send({
                  statusCode: 503,
                  error: 'Service Unavailable',
                  message: `${renders.length()} images are waiting to be rendered; try again shortly`,
                });
            }
            const queue = isHeavyRender(params, format) ? heavy : light;
            job = queue.push({ source, params, format }).finally(() => inflight.delete(key));
            inflight.set(key, job);
          }
          try {
            body = await job;
          } catch (err) {
            if (err instanceof ImageRequestError) return fail(reply, err);
            req.log.warn({ err }, 'image transform failed');
            return fail(reply, new ImageRequestError(400, `cannot transform ${file}: ${(err as Error).message}`));
          }
        }
        cache.set(key, body);
      }
      if (params.download !== undefined) {
        const name = params.download || file;
        reply.header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"`);
      }
      return reply
        .header('content-type', MIME[ext === 'svg' ? 'svg' : format])
        .header('cache-control', IMMUTABLE)
        .send(body);
    },
  );

  const filesRoot = opts.filesDir ? resolve(opts.filesDir) : null;
  type FileParams = { projectId: string; dataset: string; file: string };
  type FileRequest = FastifyRequest<{ Params: FileParams; Querystring: Query }>;
  app.get('/files/:projectId/:dataset/:file', async (req: FileRequest, reply) => {
    const { dataset, file } = req.params;
    if (dataset !== opts.dataset) return fail(reply, new ImageRequestError(404, `dataset "${dataset}" not found`));
    const m = /^[A-Za-z0-9]+\.([A-Za-z0-9]{1,10})$/.exec(file);
    const path = filesRoot ? join(filesRoot, file) : null;
    if (!m || !path || !resolve(path).startsWith(filesRoot + sep)) {
      return fail(reply, new ImageRequestError(404, 'file not found'));
    }
    const unknown = Object.keys(req.query).find((k) => k !== 'dl');
    if (unknown) {
      return fail(reply, new ImageRequestError(400, `unsupported file parameter "${unknown}" (supported: dl)`));
    }
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      return fail(reply, new ImageRequestError(404, 'file not found'));
    }
    const dl = one(req.query, 'dl');
    if (dl !== undefined) {
      reply.header('content-disposition', `attachment; filename="${(dl || file).replace(/[^\x20-\x7e]|"/g, '_')}"`);
    }
    return reply.header('content-type', mimeOfExtension(m[1]!)).header('cache-control', IMMUTABLE).send(body);
  });
}
