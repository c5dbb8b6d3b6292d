// Generates the bundled sample dataset (content/sample: dataset.ndjson + images/) and the static
// site media in public/ for the fictional Cedar Valley Public Schools. The site runs offline on
// this data, and tests rely on it covering every field, block type and rich-text feature, so it is
// generated rather than hand-edited: deterministic (seeded PRNG, fixed timestamps, content-hashed
// image names), byte-identical on every run.
//
// Usage: npx tsx scripts/sample/generate.ts [--out DIR] [--public DIR] [--no-public] [--no-video]
//   --out DIR      dataset folder (default content/sample)
//   --public DIR   static media folder (default public)
//   --no-public    write only the dataset (what the reproducibility test uses)
//   --no-video     keep the committed hero video (also skipped automatically without ffmpeg)
//
// Hero video: see scripts/sample/public.ts (frames rendered by sharp, encoded by ffmpeg from
// Debian's `ffmpeg` package; the committed hero.mp4/hero.webm are kept when ffmpeg is absent).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byKey } from '../../src/lib/order.ts';
import { DEFAULT_CONTENT_DIR, PUBLIC_DIR } from '../../core/paths.ts';
import { build, PLACEHOLDER, type Doc } from './build.ts';
import { renderAsset, renderImage, type ImageAssetDoc, type RenderedAsset } from './images.ts';
import { faviconSvg, guidePdf, hasFfmpeg, heroPoster, heroVideo, logoSvg } from './public.ts';

const ASSET_TIME = '2025-08-04T14:00:00.000Z';
const IMAGE_FILE = /^[0-9a-f]{40}-\d+x\d+\.(jpg|png)$/;

export interface GenerateOptions {
  out: string;
  publicDir: string | null;
  video: boolean;
  log?: (m: string) => void;
}

/** Runs `fn` over items with at most `n` in flight (the machine has two cores). */
async function mapLimit<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** Replaces image placeholders with real asset ids, throwing on any placeholder left unresolved. */
function resolveRefs(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, ids));
  if (value && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) o[k] = resolveRefs(v, ids);
    return o;
  }
  if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) {
    const id = ids.get(value.slice(PLACEHOLDER.length));
    if (!id) throw new Error(`no image rendered for ${value}`);
    return id;
  }
  return value;
}

export async function generate(opts: GenerateOptions): Promise<{ docs: (Doc | ImageAssetDoc)[]; bytes: number }> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const built = build();

  const specs = [...built.images.values()];
  const rendered: RenderedAsset[] = await mapLimit(specs, 2, (s) => renderAsset(s, ASSET_TIME));
  const ids = new Map(specs.map((s, i) => [s.name, rendered[i]!.doc._id]));
  const assets = new Map<string, RenderedAsset>();
  for (const r of rendered) assets.set(r.doc._id, r);

  const docs: (Doc | ImageAssetDoc)[] = [
    ...[...assets.values()].map((a) => a.doc),
    ...built.docs.map((d) => resolveRefs(d, ids) as Doc),
  ].sort(byKey('_id'));

  const imagesDir = join(opts.out, 'images');
  await mkdir(imagesDir, { recursive: true });
  // Drop images a previous run wrote that this run no longer references (only our own file names).
  const keep = new Set([...assets.values()].map((a) => a.file));
  for (const f of await readdir(imagesDir)) if (IMAGE_FILE.test(f) && !keep.has(f)) await rm(join(imagesDir, f));
  let bytes = 0;
  for (const a of assets.values()) {
    await writeFile(join(imagesDir, a.file), a.bytes);
    bytes += a.bytes.length;
  }
  const ndjson = docs.map((d) => JSON.stringify(d)).join('\n') + '\n';
  await writeFile(join(opts.out, 'dataset.ndjson'), ndjson);
  bytes += Buffer.byteLength(ndjson);
  log(`dataset: ${docs.length} documents, ${assets.size} images, ${(bytes / 1e6).toFixed(2)} MB → ${opts.out}`);

  if (opts.publicDir) {
    const pub = opts.publicDir;
    const put = async (rel: string, data: string | Buffer) => {
      await mkdir(dirname(join(pub, rel)), { recursive: true });
      await writeFile(join(pub, rel), data);
    };
    await put('brand/logo.svg', logoSvg());
    await put('favicon.svg', faviconSvg());
    await put('guide/middle-school-options.pdf', guidePdf());
    await put('media/hero-poster.jpg', await heroPoster());
    for (const s of built.statics) await put(s.path, await renderImage(s.spec));
    if (!opts.video) log('hero video: skipped (--no-video); keeping the committed files');
    else if (!hasFfmpeg()) log('hero video: ffmpeg not found; keeping the committed files');
    else {
      await mkdir(join(pub, 'media'), { recursive: true });
      await heroVideo(join(pub, 'media/hero.mp4'), join(pub, 'media/hero.webm'));
      log('hero video: encoded media/hero.mp4 and media/hero.webm');
    }
    log(`public: written to ${pub}`);
  }
  return { docs, bytes };
}

function parseArgs(argv: string[]): GenerateOptions {
  const opts: GenerateOptions = { out: DEFAULT_CONTENT_DIR, publicDir: PUBLIC_DIR, video: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new Error(`${a} needs a directory`);
      return resolve(v);
    };
    if (a === '--out') opts.out = value();
    else if (a === '--public') opts.publicDir = value();
    else if (a === '--no-public') opts.publicDir = null;
    else if (a === '--no-video') opts.video = false;
    else throw new Error(`unknown option ${a} (use --out DIR, --public DIR, --no-public, --no-video)`);
  }
  return opts;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await generate(parseArgs(process.argv.slice(2)));
  } catch (err) {
    console.error(`gen-sample: ${(err as Error).message}`);
    process.exit(1);
  }
}
