// Writes content/sample.tar.gz: the bundled sample in the format `sanity dataset export` writes, so
// a district can seed a new hosted project with `sanity dataset import content/sample.tar.gz
// production`, and so tests can prove the site reads real exports the same as the folder format.
// Deterministic (sorted entries, fixed mtime and modes, zlib's time-less gzip header): running it
// twice gives the same bytes, and `npm run sample` runs it after regenerating content/sample.
//
// Usage: npx tsx scripts/sample/tarball.ts [--content DIR] [--out FILE]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../../core/paths.ts';
import { writeTarGz, type TarEntry } from '../../core/tar.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top folder inside the tarball, as `sanity dataset export` names it (`<dataset>-export-…`). */
export const TOP = 'production-export-2025-08-04t14-00-00-000z';
const MTIME = new Date('2025-08-04T14:00:00.000Z');
/** What @sanity/export leaves out of assets.json: it is derivable from the file or the asset id. */
const EXCLUDED = new Set(['_id', '_type', 'assetId', 'extension', 'mimeType', 'path', 'url']);
const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset']);

/** `image-<hash>-<w>x<h>-<ext>` → `images/<hash>-<w>x<h>.<ext>`; `file-<hash>-<ext>` → `files/<hash>.<ext>`. */
export function exportPath(assetId: string): string | null {
  const m = /^(image|file)-([A-Za-z0-9]+(?:-\d+x\d+)?)-([a-z0-9]+)$/.exec(assetId);
  return m ? `${m[1]}s/${m[2]}.${m[3]}` : null;
}

/** Asset references become `_sanityAsset` placeholders, first in their object, as the exporter writes them. */
function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!isObject(value)) return value;
  const ref = isObject(value.asset) && typeof value.asset._ref === 'string' ? exportPath(value.asset._ref) : null;
  const out: Json = {};
  if (ref) out._sanityAsset = `${ref.startsWith('images/') ? 'image' : 'file'}@file://./${ref}`;
  for (const [k, v] of Object.entries(value)) if (!(ref && k === 'asset')) out[k] = rewrite(v);
  return out;
}

export function buildSampleTarball(contentDir: string): Buffer {
  const lines = readFileSync(join(contentDir, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const docs = lines.map((l) => JSON.parse(l) as Json);
  const data: string[] = [];
  const assets: Json = {};
  const files = new Map<string, Buffer>();
  for (const doc of docs) {
    if (!ASSET_TYPES.has(String(doc._type))) {
      data.push(JSON.stringify(rewrite(doc)));
      continue;
    }
    const rel = exportPath(String(doc._id));
    if (!rel) throw new Error(`asset document ${String(doc._id)} has an id the exporter cannot name`);
    const bytes = readFileSync(join(contentDir, rel));
    files.set(rel, bytes);
    const kind = rel.startsWith('images/') ? 'image' : 'file';
    const meta: Json = {};
    for (const [k, v] of Object.entries(doc)) if (!EXCLUDED.has(k)) meta[k] = v;
    assets[`${kind}-${createHash('sha1').update(bytes).digest('hex')}`] = meta;
  }
  const entries: TarEntry[] = [
    { path: TOP, type: 'dir', data: Buffer.alloc(0) },
    { path: `${TOP}/assets.json`, type: 'file', data: Buffer.from(JSON.stringify(assets)) },
    { path: `${TOP}/data.ndjson`, type: 'file', data: Buffer.from(`${data.join('\n')}\n`) },
    { path: `${TOP}/files`, type: 'dir', data: Buffer.alloc(0) },
    { path: `${TOP}/images`, type: 'dir', data: Buffer.alloc(0) },
  ];
  for (const rel of [...files.keys()].sort())
    entries.push({ path: `${TOP}/${rel}`, type: 'file', data: files.get(rel)! });
  return writeTarGz(entries, MTIME);
}

function main(): void {
  const { values } = parseArgs({ options: { content: { type: 'string' }, out: { type: 'string' } } });
  const contentDir = values.content ? resolve(values.content) : DEFAULT_CONTENT_DIR;
  const out = values.out ? resolve(values.out) : join(REPO_ROOT, 'content', 'sample.tar.gz');
  const gz = buildSampleTarball(contentDir);
  writeFileSync(out, gz);
  console.log(`wrote ${out} (${gz.length} bytes)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
