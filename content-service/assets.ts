// Asset uploads as the hosted Assets API takes them (`POST /v<date>/assets/images|files/<dataset>`,
// the raw bytes as body, options as query parameters), so `client.assets.upload` and
// `sanity dataset import` (@sanity/import) can fill a dataset folder: the bytes land in images/ or
// files/ under the names the image and file routes serve, the asset document in dataset.ndjson.
// Only a persisting service accepts uploads; the bytes are written before the document, so a
// crash in between leaves an unreferenced file, never a document without its bytes.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { accessOf, EDITOR_ID, unauthorized } from './access.ts';
import { API_VERSION_RE, badRequest, notFound } from './http.ts';
import { writeFileAtomic } from './persist.ts';
import { MIME_TYPES } from './sanity-export.ts';
import { MutationError, randomId, type Doc } from './documents.ts';
import type { DatasetStore } from './store.ts';

export interface AssetUploadOptions {
  store: DatasetStore;
  dataset: string;
  token: string | null;
  imagesDir: string;
  filesDir: string;
  /** Uploads are written to the folder; without it they are refused (403). */
  persist: boolean;
  /** The asset document as this request's client sees it (url and path for its origin and project). */
  present: (doc: Doc, req: FastifyRequest) => Doc;
}

/** Largest upload taken (bytes); it is held in memory while hashed and measured. */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

/** The query parameters the hosted API documents for uploads; anything else is a 400. */
const UPLOAD_PARAMS = new Set([
  'filename',
  'meta',
  'label',
  'title',
  'description',
  'creditLine',
  'sourceName',
  'sourceId',
  'sourceUrl',
  'tag',
]);
const META_VALUES = new Set(['none', 'lqip', 'palette', 'blurhash', 'exif', 'location', 'image']);

/** sharp's format names → the extension Sanity gives the asset. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  svg: 'svg',
  tiff: 'tif',
  avif: 'avif',
};

type Query = Record<string, string | string[] | undefined>;
const one = (q: Query, key: string): string | undefined => {
  const v = q[key];
  return Array.isArray(v) ? v[v.length - 1] : v;
};

interface Extracted {
  id: string;
  file: string;
  fields: Doc;
}

/** Reads an image's format and size; the document fields hosted Sanity derives from the bytes. */
async function describeImage(bytes: Buffer, sha1: string, meta: Set<string>): Promise<Extracted | string> {
  let info: Metadata;
  try {
    info = await sharp(bytes).metadata();
  } catch {
    return 'Invalid image, could not read metadata';
  }
  const format = info.format === 'heif' && info.compression === 'av1' ? 'avif' : info.format;
  const ext = format ? IMAGE_EXTENSIONS[format] : undefined;
  const { width, height } = info;
  if (!ext || !width || !height) return `Unsupported image format "${info.format ?? 'unknown'}"`;
  const hasAlpha = info.hasAlpha === true;
  const isOpaque = hasAlpha ? (await sharp(bytes).stats()).isOpaque : true;
  const metadata: Record<string, unknown> = {
    _type: 'sanity.imageMetadata',
    dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
    hasAlpha,
    isOpaque,
  };
  // As hosted, a low-quality placeholder unless the caller asked for other metadata only.
  if ((meta.size === 0 || meta.has('lqip')) && ext !== 'svg') {
    const tiny = await sharp(bytes).resize(20).jpeg({ quality: 40 }).toBuffer();
    metadata.lqip = `data:image/jpeg;base64,${tiny.toString('base64')}`;
  }
  return {
    id: `image-${sha1}-${width}x${height}-${ext}`,
    file: `${sha1}-${width}x${height}.${ext}`,
    fields: {
      _id: '',
      _type: 'sanity.imageAsset',
      extension: ext,
      mimeType: MIME_TYPES[ext] ?? `image/${ext}`,
      metadata,
    },
  };
}

function describeFile(sha1: string, filename: string | undefined, contentType: string | undefined): Extracted {
  const fromName = filename ? extname(filename).slice(1).toLowerCase() : '';
  const fromType = contentType ? Object.entries(MIME_TYPES).find(([, mime]) => mime === contentType)?.[0] : undefined;
  const ext = /^[a-z0-9]{1,10}$/.test(fromName) ? fromName : (fromType ?? 'bin');
  const mimeType =
    contentType && contentType !== 'application/octet-stream'
      ? contentType
      : (MIME_TYPES[ext] ?? 'application/octet-stream');
  return {
    id: `file-${sha1}-${ext}`,
    file: `${sha1}.${ext}`,
    fields: { _id: '', _type: 'sanity.fileAsset', extension: ext, mimeType },
  };
}

export async function assetUploadRoutes(app: FastifyInstance, opts: AssetUploadOptions): Promise<void> {
  const { store, dataset, token } = opts;
  // The body is the asset itself, whatever its content type (JSON and text files included).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  type UploadRequest = FastifyRequest<{
    Params: { apiVersion: string; kind: string; dataset: string };
    Querystring: Query;
    Body: Buffer | undefined;
  }>;

  // Checked before the body is read: a refused upload never streams its bytes into memory.
  const admit = async (req: UploadRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const { apiVersion, kind } = req.params;
    if (!API_VERSION_RE.test(apiVersion)) return notFound(reply, `unknown API version "${apiVersion}"`);
    if (kind !== 'images' && kind !== 'files') return notFound(reply, `no route POST ${req.url.split('?')[0]}`);
    if (req.params.dataset !== dataset) return notFound(reply, `Dataset "${req.params.dataset}" not found`);
    if (accessOf(req.headers.authorization, token) !== 'editor')
      return unauthorized(reply, 'uploads need a valid token');
    if (!opts.persist)
      return reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message:
          'this content service keeps no uploads: start it on a dataset folder with a token (npm run content -- --content DIR --token T)',
      });
    return undefined;
  };

  app.post(
    '/:apiVersion/assets/:kind/:dataset',
    { onRequest: admit, bodyLimit: MAX_UPLOAD_BYTES },
    async (req: UploadRequest, reply) => {
      const q = req.query;
      const unknown = Object.keys(q).find((k) => !UPLOAD_PARAMS.has(k));
      if (unknown) return badRequest(reply, `unsupported upload parameter "${unknown}"`);
      const meta = new Set([q.meta ?? []].flat().flatMap((m) => m.split(',')));
      const badMeta = [...meta].find((m) => !META_VALUES.has(m));
      if (badMeta) return badRequest(reply, `unsupported meta "${badMeta}" (${[...META_VALUES].join(', ')})`);
      const bytes = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return badRequest(reply, 'the upload has no body');

      const sha1 = createHash('sha1').update(bytes).digest('hex');
      const filename = one(q, 'filename');
      const contentType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      let described: Extracted;
      if (req.params.kind === 'images') {
        const d = await describeImage(bytes, sha1, meta);
        if (typeof d === 'string') return badRequest(reply, d);
        described = d;
      } else {
        described = describeFile(sha1, filename, contentType);
      }
      // Written even when the document exists, so an upload restores bytes a folder lost.
      const dir = req.params.kind === 'images' ? opts.imagesDir : opts.filesDir;
      const path = join(dir, described.file);
      await mkdir(dir, { recursive: true });
      if (!existsSync(path)) await writeFileAtomic(path, bytes);
      // As hosted: the same bytes are the same asset; a second upload answers the existing document.
      const existing = store.get(described.id);
      if (existing) return reply.send({ document: opts.present(existing, req) });

      const [sourceName, sourceId, sourceUrl] = [one(q, 'sourceName'), one(q, 'sourceId'), one(q, 'sourceUrl')];
      const doc: Doc = {
        ...described.fields,
        _id: described.id,
        assetId: sha1,
        sha1hash: sha1,
        size: bytes.length,
        uploadId: randomId(),
        ...(filename ? { originalFilename: filename } : {}),
        ...Object.fromEntries(
          (['label', 'title', 'description', 'creditLine'] as const)
            .map((k) => [k, one(q, k)] as const)
            .filter(([, v]) => v !== undefined),
        ),
        ...(sourceName ? { source: { name: sourceName, id: sourceId, url: sourceUrl } } : {}),
      };
      try {
        await store.mutate([{ createIfNotExists: doc }], { identity: EDITOR_ID });
      } catch (err) {
        if (err instanceof MutationError) return reply.code(err.status).send(err.toBody());
        throw err;
      }
      return reply.send({ document: opts.present(store.get(described.id)!, req) });
    },
  );
}
