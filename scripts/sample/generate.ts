// Generates the bundled sample dataset (content/sample: dataset.ndjson, images/ and files/) for the
// fictional Cedar Valley Public Schools, and the site's favicon and the sample schools' static
// pictures in public/. Everything of the district is in the dataset, as a district's own content
// would be: its logo and hero poster as image assets, its hero video and PDF guide as file assets.
// The site runs offline on this data, and tests rely on it covering every field, block type and
// rich-text feature, so it is generated rather than hand-edited: deterministic (seeded PRNG, fixed
// timestamps, content-hashed asset names), byte-identical on every run.
//
// Usage: npx tsx scripts/sample/generate.ts [--out DIR] [--public DIR] [--no-public] [--no-video]
//   --out DIR      dataset folder (default content/sample)
//   --public DIR   static media folder (default public)
//   --no-public    write only the dataset (what the reproducibility test uses)
//   --no-video     keep the committed hero video (also skipped automatically without ffmpeg)
//
// Hero video: see scripts/sample/public.ts (frames rendered by sharp, encoded by ffmpeg from
// Debian's `ffmpeg` package); without ffmpeg the dataset's own hero.mp4/hero.webm are kept.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byKey } from '../../src/lib/order.ts';
import { DEFAULT_CONTENT_DIR, PUBLIC_DIR } from '../../core/paths.ts';
import sharp from 'sharp';
import { build, type Doc } from './build.ts';
import {
  type FileAssetDoc,
  fileAsset,
  imageAsset,
  PLACEHOLDER,
  renderAsset,
  renderImage,
  type ImageAssetDoc,
  type RenderedAsset,
  type RenderedFile,
} from './images.ts';
import { faviconSvg, guidePdf, hasFfmpeg, heroPoster, heroVideo, logoSvg } from './public.ts';
import { MEDIA } from './site.ts';

const ASSET_TIME = '2025-08-04T14:00:00.000Z';
const IMAGE_FILE = /^[0-9a-f]{40}-\d+x\d+\.(jpg|png)$/;
const FILE_FILE = /^[0-9a-f]{40}\.[a-z0-9]+$/;

/** The district's logo at twice the navigation's 200×48, so it stays sharp on dense screens. */
const LOGO = { width: 400, height: 96 } as const;

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

/**
 * The hero video's bytes: encoded now when ffmpeg is there, else the ones the dataset being written
 * already has, else the committed sample's (a run into a new folder).
 */
async function heroVideoBytes(
  out: string,
  encode: boolean,
  log: (m: string) => void,
): Promise<Record<'webm' | 'mp4', Buffer>> {
  if (encode && hasFfmpeg()) {
    const dir = await mkdtemp(join(tmpdir(), 'hero-video-'));
    try {
      await heroVideo(join(dir, 'hero.mp4'), join(dir, 'hero.webm'));
      log('hero video: encoded hero.mp4 and hero.webm');
      return { mp4: readFileSync(join(dir, 'hero.mp4')), webm: readFileSync(join(dir, 'hero.webm')) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  log(`hero video: ${encode ? 'ffmpeg not found' : 'skipped (--no-video)'}; keeping the dataset's own`);
  const keptIn = (dir: string): { dir: string; doc: FileAssetDoc }[] => {
    try {
      return readFileSync(join(dir, 'dataset.ndjson'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"sanity.fileAsset"'))
        .map((l) => ({ dir, doc: JSON.parse(l) as FileAssetDoc }));
    } catch {
      return [];
    }
  };
  const kept = [...keptIn(out), ...keptIn(DEFAULT_CONTENT_DIR)];
  const bytesOf = (name: string): Buffer => {
    const found = kept.find((k) => k.doc.originalFilename === name);
    if (!found) throw new Error(`no ${name} in ${out} to keep: install ffmpeg to encode the hero video`);
    return readFileSync(join(found.dir, 'files', `${found.doc.sha1hash}.${found.doc.extension}`));
  };
  return { webm: bytesOf('hero.webm'), mp4: bytesOf('hero.mp4') };
}

/** The district's own media, as its editors would have uploaded them: by placeholder name. */
async function districtMedia(
  opts: GenerateOptions,
  log: (m: string) => void,
): Promise<{ images: Map<string, RenderedAsset>; files: Map<string, RenderedFile> }> {
  const logo = await sharp(Buffer.from(logoSvg()), { density: 144 })
    .resize(LOGO.width, LOGO.height)
    .png({ compressionLevel: 9 })
    .toBuffer();
  const video = await heroVideoBytes(opts.out, opts.video, log);
  return {
    images: new Map([
      [MEDIA.logo, imageAsset(logo, { name: 'district-logo', ...LOGO, format: 'png' }, ASSET_TIME)],
      [
        MEDIA.heroPoster,
        imageAsset(await heroPoster(), { name: 'hero-poster', width: 1920, height: 1080, format: 'jpg' }, ASSET_TIME),
      ],
    ]),
    files: new Map([
      [MEDIA.guide, fileAsset(guidePdf(), 'middle-school-options.pdf', 'application/pdf', ASSET_TIME)],
      [MEDIA.heroWebm, fileAsset(video.webm, 'hero.webm', 'video/webm', ASSET_TIME)],
      [MEDIA.heroMp4, fileAsset(video.mp4, 'hero.mp4', 'video/mp4', ASSET_TIME)],
    ]),
  };
}

/** Writes each asset into `dir`, first dropping what a previous run wrote there that this one does not (our own names only). */
async function writeAssets(dir: string, own: RegExp, assets: { file: string; bytes: Buffer }[]): Promise<number> {
  await mkdir(dir, { recursive: true });
  const keep = new Set(assets.map((a) => a.file));
  for (const f of await readdir(dir)) if (own.test(f) && !keep.has(f)) await rm(join(dir, f));
  let bytes = 0;
  for (const a of assets) {
    await writeFile(join(dir, a.file), a.bytes);
    bytes += a.bytes.length;
  }
  return bytes;
}

export async function generate(
  opts: GenerateOptions,
): Promise<{ docs: (Doc | ImageAssetDoc | FileAssetDoc)[]; bytes: number }> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const built = build();

  const specs = [...built.images.values()];
  const rendered: RenderedAsset[] = await mapLimit(specs, 2, (s) => renderAsset(s, ASSET_TIME));
  const media = await districtMedia(opts, log);
  const ids = new Map([
    ...specs.map((s, i) => [s.name, rendered[i]!.doc._id] as const),
    ...[...media.images, ...media.files].map(([name, a]) => [name, a.doc._id] as const),
  ]);
  const assets = new Map<string, RenderedAsset>();
  for (const r of [...rendered, ...media.images.values()]) assets.set(r.doc._id, r);
  const files = [...media.files.values()];

  const docs: (Doc | ImageAssetDoc | FileAssetDoc)[] = [
    ...[...assets.values()].map((a) => a.doc),
    ...files.map((f) => f.doc),
    ...built.docs.map((d) => resolveRefs(d, ids) as Doc),
  ].sort(byKey('_id'));

  let bytes = await writeAssets(join(opts.out, 'images'), IMAGE_FILE, [...assets.values()]);
  bytes += await writeAssets(join(opts.out, 'files'), FILE_FILE, files);
  const ndjson = `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`;
  await writeFile(join(opts.out, 'dataset.ndjson'), ndjson);
  bytes += Buffer.byteLength(ndjson);
  log(
    `dataset: ${docs.length} documents, ${assets.size} images, ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB → ${opts.out}`,
  );

  if (opts.publicDir) {
    const pub = opts.publicDir;
    const put = async (rel: string, data: string | Buffer) => {
      await mkdir(dirname(join(pub, rel)), { recursive: true });
      await writeFile(join(pub, rel), data);
    };
    await put('favicon.svg', faviconSvg());
    for (const s of built.statics) await put(s.path, await renderImage(s.spec));
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
