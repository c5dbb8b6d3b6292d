// Reads what `sanity dataset export` writes (a .tar.gz, or that tarball extracted: one folder with
// data.ndjson, assets.json, images/, files/) as a dataset the embedded service can serve. A real
// export has no asset documents: every image or file field carries
// `_sanityAsset: "image@file://./images/<sha1>-<w>x<h>.<ext>"` instead of `asset`, and
// assets.json holds each asset's metadata keyed by `image-<sha1 of the file bytes>`. Here those
// fields become references again, with asset documents rebuilt from the files and assets.json,
// and the result is written in the project's own folder format (dataset.ndjson) to a cache folder,
// so the store, the watcher and the image route need no second code path. A field whose file is
// missing is a warning naming the document and field: never a silently missing image.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readTarGz, writeEntries, type TarLimits } from '../core/tar.ts';
import { nestingDepth } from './documents.ts';
import { type Env, processEnv } from '../core/environment.ts';

type Json = Record<string, unknown>;

/**
 * Deepest document the conversion walks (recursively). One document nested thousands deep
 * overflowed that walk and made every command using the tarball fail; deeper ones are kept as
 * they are, as the folder format keeps them.
 */
const MAX_CONVERT_DEPTH = 200;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
};

/** `image@file://./images/<hash>-<w>x<h>.<ext>` or `file@file://./files/<hash>.<ext>`. */
const SANITY_ASSET_RE = /^(image|file)@file:\/\/\.\/(images|files)\/([A-Za-z0-9]+)(?:-(\d+)x(\d+))?\.([A-Za-z0-9]+)$/;

/** Placeholders of the embedded service; the plugin rewrites url and path per request (project, dataset, host). */
export const EMBEDDED_PROJECT = 'embedded';

export function assetUrlPath(kind: 'image' | 'file', project: string, dataset: string, file: string): string {
  return `${kind}s/${project}/${dataset}/${file}`;
}

export interface ConvertResult {
  docs: Json[];
  warnings: string[];
}

/**
 * Turns the documents of a real export into the folder format: `_sanityAsset` fields become
 * `asset` references (first key, where the export put `_sanityAsset`), and one asset document is
 * added per asset file that a field uses. `exportDir` holds images/, files/ and assets.json.
 */
export function convertExport(lines: Json[], exportDir: string, assetsJson: Json): ConvertResult {
  const warnings: string[] = [];
  const assets = new Map<string, Json>();
  const fileCache = new Map<string, Buffer | null>();
  const readAsset = (rel: string): Buffer | null => {
    if (!fileCache.has(rel)) {
      try {
        fileCache.set(rel, readFileSync(join(exportDir, rel)));
      } catch {
        fileCache.set(rel, null);
      }
    }
    return fileCache.get(rel)!;
  };

  let currentId = '?';
  const assetFor = (value: string, field: string): string | null => {
    const where = `document "${currentId}", field ${field || '(root)'}`;
    const m = SANITY_ASSET_RE.exec(value);
    if (!m || (m[1] === 'image') !== (m[2] === 'images') || (m[1] === 'image' && !m[4])) {
      warnings.push(
        `${where}: _sanityAsset "${value.slice(0, 200)}" is not a file in this export; the field has no asset`,
      );
      return null;
    }
    const kind = m[1] as 'image' | 'file';
    const [hash, w, h, ext] = [m[3]!, m[4], m[5], m[6]!.toLowerCase()];
    const file = kind === 'image' ? `${hash}-${w}x${h}.${m[6]}` : `${hash}.${m[6]}`;
    const id = kind === 'image' ? `image-${hash}-${w}x${h}-${ext}` : `file-${hash}-${ext}`;
    if (assets.has(id)) return id;
    const bytes = readAsset(`${kind}s/${file}`);
    if (!bytes) {
      warnings.push(`${where}: ${kind}s/${file} is missing from the export; the field has no asset`);
      return null;
    }
    const sha1 = createHash('sha1').update(bytes).digest('hex');
    // The export keys metadata by the SHA-1 of the bytes it downloaded; that is usually the id's hash too.
    const meta = (
      isObject(assetsJson[`${kind}-${sha1}`])
        ? assetsJson[`${kind}-${sha1}`]
        : isObject(assetsJson[`${kind}-${hash}`])
          ? assetsJson[`${kind}-${hash}`]
          : {}
    ) as Json;
    const metadata = isObject(meta.metadata)
      ? meta.metadata
      : kind === 'image'
        ? {
            _type: 'sanity.imageMetadata',
            dimensions: {
              _type: 'sanity.imageDimensions',
              width: Number(w),
              height: Number(h),
              aspectRatio: Number(w) / Number(h),
            },
          }
        : undefined;
    const path = assetUrlPath(kind, EMBEDDED_PROJECT, 'production', file);
    assets.set(id, {
      _id: id,
      _type: kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
      ...(typeof meta._createdAt === 'string' ? { _createdAt: meta._createdAt } : {}),
      ...(typeof meta._updatedAt === 'string' ? { _updatedAt: meta._updatedAt } : {}),
      ...(typeof meta._rev === 'string' ? { _rev: meta._rev } : {}),
      ...meta,
      assetId: hash,
      extension: ext,
      mimeType: typeof meta.mimeType === 'string' ? meta.mimeType : (MIME_TYPES[ext] ?? 'application/octet-stream'),
      sha1hash: sha1,
      size: bytes.length,
      path,
      url: `https://cdn.sanity.io/${path}`,
      ...(metadata ? { metadata } : {}),
    });
    return id;
  };

  const walk = (value: unknown, where: string): unknown => {
    if (Array.isArray(value)) {
      return value.map((v, i) =>
        walk(v, `${where}[${isObject(v) && typeof v._key === 'string' ? `_key=="${v._key}"` : i}]`),
      );
    }
    if (!isObject(value)) return value;
    const out: Json = {};
    const placeholder = value._sanityAsset;
    const id = typeof placeholder === 'string' ? assetFor(placeholder, where) : null;
    const ref = id ? { _type: 'reference', _ref: id } : null;
    // The exporter moved `asset` to the front as `_sanityAsset`; Studio writes it right after
    // `_type`, so it goes back there and a round trip through an export serialises identically.
    if (ref && !('_type' in value)) out.asset = ref;
    for (const [k, v] of Object.entries(value)) {
      if (k === '_sanityAsset' && typeof v === 'string') continue;
      out[k] = walk(v, where === '' ? k : `${where}.${k}`);
      if (ref && k === '_type') out.asset = ref;
    }
    return out;
  };

  const docs: Json[] = [];
  for (const doc of lines) {
    // Warnings name the document and the field path, e.g. `document "school-x", field mainImage`.
    currentId = typeof doc._id === 'string' ? doc._id : '?';
    docs.push(walk(doc, '') as Json);
  }
  const sorted = [...assets.values()].sort((a, b) => String(a._id).localeCompare(String(b._id)));
  return { docs: [...docs, ...sorted], warnings };
}

/** Where a real export's extracted files and converted dataset are kept (one subfolder per source). */
export function defaultCacheDir(repoRoot: string, env: Env = processEnv()): string {
  return env.CONTENT_CACHE_DIR ? resolve(env.CONTENT_CACHE_DIR) : join(repoRoot, '.cache', 'content');
}

export const isTarball = (p: string): boolean => /\.(tar\.gz|tgz)$/i.test(p);

/** The folder of an extracted export: the folder itself or its only subfolder, holding data.ndjson. */
export function findExportRoot(dir: string): string | null {
  if (existsSync(join(dir, 'data.ndjson'))) return dir;
  const subdirs = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.'));
  if (subdirs.length === 1 && existsSync(join(dir, subdirs[0]!.name, 'data.ndjson')))
    return join(dir, subdirs[0]!.name);
  return null;
}

/** Extracts a tarball once into <cacheDir>/tar-<sha256>/ (atomically: a temp folder renamed into place). */
export function extractTarball(file: string, cacheDir: string, limits?: TarLimits): string {
  const gz = readFileSync(file);
  const key = createHash('sha256').update(gz).digest('hex').slice(0, 32);
  const target = join(cacheDir, `tar-${key}`);
  if (existsSync(join(target, '.complete'))) return target;
  const entries = readTarGz(gz, limits);
  const tmp = join(cacheDir, `.tmp-${key}-${process.pid}-${Date.now()}`);
  try {
    writeEntries(entries, tmp);
    writeFileSync(join(tmp, '.complete'), `${basename(file)}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process may have won the race with the same bytes; its folder is as good as ours.
    if (existsSync(join(target, '.complete'))) return target;
    throw err;
  }
  return target;
}

/**
 * Converts an extracted export into <cacheDir>/export-<key>/dataset.ndjson (rewritten only when its
 * text changes, so the store's watcher sees no spurious edits) and returns that file plus warnings.
 */
export function convertExportFolder(exportRoot: string, cacheDir: string): { file: string; warnings: string[] } {
  const dataText = readFileSync(join(exportRoot, 'data.ndjson'), 'utf8');
  let assetsJson: Json = {};
  const assetsFile = join(exportRoot, 'assets.json');
  const warnings: string[] = [];
  if (existsSync(assetsFile)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(assetsFile, 'utf8'));
      if (isObject(parsed)) assetsJson = parsed;
    } catch (err) {
      warnings.push(`assets.json is not valid JSON (${(err as Error).message}); asset metadata comes from the files`);
    }
  }
  const lines: Json[] = [];
  /** Documents too deep to convert, kept as their lines: the folder format serves such a document too. */
  const asIs: string[] = [];
  const rawLines = dataText.split('\n');
  for (let i = 0; i < rawLines.length; i++) {
    const line = rawLines[i]!.trim();
    if (line === '') continue;
    try {
      const v: unknown = JSON.parse(line);
      if (!isObject(v)) warnings.push(`data.ndjson line ${i + 1} skipped: not a document`);
      else if (nestingDepth(v, MAX_CONVERT_DEPTH) <= MAX_CONVERT_DEPTH) lines.push(v);
      else {
        asIs.push(line);
        warnings.push(
          `data.ndjson line ${i + 1} (document "${String(v._id)}") is nested deeper than ${MAX_CONVERT_DEPTH} levels: kept as it is, its images not converted`,
        );
      }
    } catch (err) {
      warnings.push(`data.ndjson line ${i + 1} skipped: not valid JSON (${(err as Error).message})`);
    }
  }
  const { docs, warnings: fieldWarnings } = convertExport(lines, exportRoot, assetsJson);
  const key = createHash('sha256').update(resolve(exportRoot)).digest('hex').slice(0, 32);
  const outDir = join(cacheDir, `export-${key}`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'dataset.ndjson');
  const text = `${[...docs.map((d) => JSON.stringify(d)), ...asIs].join('\n')}\n`;
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (current !== text) {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
  return { file, warnings: [...warnings, ...fieldWarnings] };
}

export const statKey = (p: string): string => {
  const s = statSync(p);
  return `${resolve(p)}:${s.size}:${s.mtimeMs}`;
};

/** What --content names, checked cheaply (nothing extracted): the export's early usage check. */
export function contentFormatOf(p: string): 'folder' | 'sanity-export' | null {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(p);
  } catch {
    return null;
  }
  if (st.isFile()) return isTarball(p) ? 'sanity-export' : null;
  if (!st.isDirectory()) return null;
  if (existsSync(join(p, 'dataset.ndjson'))) return 'folder';
  return findExportRoot(p) ? 'sanity-export' : null;
}
