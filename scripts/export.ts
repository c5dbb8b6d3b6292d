// `npm run export`: the static site families get. Fetches all published content once, renders
// every route with renderToString, bundles the browser code, self-hosts image variants, and swaps
// the result into out/ atomically, rewriting only files whose bytes changed.
//
// Usage: npm run export -- [--content DIR] [--out DIR] [--base PATH] [--site-url URL]
//                           [--self-host-images] [--time-limit MS]
// Content comes from the hosted project when SANITY_PROJECT_ID is set, otherwise from the embedded
// content service over --content (default content/sample).
//
// Exit codes (also in the README):
//   0  the site was exported
//   1  usage or configuration error (bad flag, bad environment, unusable --out)
//   2  fetching content or images failed (after retries, within the time limit)
//   3  no valid content: zero publishable schools
//   4  rendering, bundling or writing failed
// On any non-zero exit the previous out/ is left exactly as it was.
// Must stay the first import: it selects React's production build before anything loads React.
import './lib/production-env.ts';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { exitOnSignals, isMainModule, runCommand } from '../core/cli.ts';
import { parseArgs, usage, type FlagSpecs } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT, type ExitCode } from '../core/exit-codes.ts';
import { readPublicConfig } from '../src/config/public.ts';
import { normalizeSiteUrl } from '../src/lib/seo.ts';
import type { ContentLimits } from '../src/lib/content-limits.ts';
import type { SiteEnv } from '../src/SiteEnv.tsx';
import { byKey } from '../src/lib/order.ts';
import { contentFormatOf, isTarball, openContentSource, type ContentSource } from '../core/content-source.ts';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../core/paths.ts';
import type { BundleFile, BundleResult, BundleSizes } from '../core/bundler.ts';
import { cachedBundles } from './lib/cached-bundles.ts';
import { fetchChanged, fetchContent, fetchRevisions, type ContentRead, type Revisions } from './lib/fetch-content.ts';
import { fetchImages, type FetchedImage } from './lib/images.ts';
import { normalizeBase, parseMs } from './lib/options.ts';
import { isPrivateHost } from './lib/private-host.ts';
import type { NeedsFullRead, PageAssets, RenderedSite } from './lib/pages.ts';
import { createProgress, formatBytes, formatMs, type Progress } from './lib/progress.ts';
import { readPublicFiles, type PublicFile } from './lib/public-files.ts';
import { posterVariants } from './lib/poster-variants.ts';
import { codeVersion, ExportManifest, type ContentState, type PageRecord } from './lib/export-manifest.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BASE_DELAY_MS, DEFAULT_TIME_LIMIT_MS, type RetryOptions } from './lib/retry.ts';
import { robotsTxt, sitemapXml } from './lib/sitemap.ts';
import { OPEN_DATA_CSV, OPEN_DATA_JSON, openDataCsv, openDataJson, openSchools } from './lib/open-data.ts';
import { HEADERS_FILE, headersFile, siteHeaders } from '../render/csp.ts';
import { REDIRECTS_FILE, redirectsFile } from './lib/host-files.ts';
import { validateContent, withoutFailed, type ValidContent } from './lib/validate-content.ts';
import {
  checkOutDir,
  restoreInterruptedSwap,
  type FileStamp,
  OutDirError,
  type SiteOutput,
  SiteWriter,
  type WriteStats,
} from './lib/write-site.ts';
import { SiteUpdater } from './lib/update-site.ts';

// The table every command shares (core/exit-codes.ts); re-exported for the export's callers.
export { EXIT, type ExitCode };

export const PROJECT_ROOT = REPO_ROOT;
export const DEFAULT_OUT_DIR = 'out';
export const IMAGE_CACHE_DIR = '.cache/images';
/** Environment override of the image variant cache folder (the benchmark measures a cold cache in a temp folder). */
export const IMAGE_CACHE_ENV = 'EXPORT_IMAGE_CACHE_DIR';
/** Files written at once (the libuv pool has 4 threads by default). */
const WRITE_CONCURRENCY = 8;
/** Where incremental exports keep what they rendered (one manifest per out/ folder), and its environment override. */
export const MANIFEST_DIR = '.cache/export-manifests';
export const MANIFEST_DIR_ENV = 'EXPORT_MANIFEST_DIR';
/** Environment override of --time-limit (tests use a short one). */
export const TIME_LIMIT_ENV = 'EXPORT_TIME_LIMIT_MS';

export const FLAGS = {
  content: {
    type: 'string',
    value: 'DIR',
    description: `dataset folder for the embedded service (default ${path.relative(REPO_ROOT, DEFAULT_CONTENT_DIR)})`,
  },
  out: { type: 'string', value: 'DIR', description: `output folder (default ${DEFAULT_OUT_DIR})` },
  base: {
    type: 'string',
    value: 'PATH',
    description: 'asset base path, e.g. /wp-content/themes/district/ (default: the path of --site-url, else /)',
  },
  'site-url': {
    type: 'string',
    value: 'URL',
    description: 'public site URL: canonical links, social cards, sitemap.xml; its path prefixes every link',
  },
  'self-host-images': {
    type: 'boolean',
    description: 'copy image variants into out/ (always on with the embedded service or a private host)',
  },
  'time-limit': {
    type: 'string',
    value: 'MS',
    description: `overall time limit for fetching, in ms (default ${DEFAULT_TIME_LIMIT_MS}; env ${TIME_LIMIT_ENV})`,
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} satisfies FlagSpecs;

/** A failure with the exit code it maps to and the phase it happened in. */
export class ExportError extends Error {
  constructor(
    readonly code: ExitCode,
    readonly phase: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExportError';
  }
}

export interface ExportIo {
  env: Record<string, string | undefined>;
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  /** Folder relative paths are resolved against (the caller's working directory). */
  cwd: string;
}

export interface ExportSummary {
  out: string;
  pages: number;
  schools: number;
  images: { total: number; fetched: number; cached: number; missing: number };
  write: WriteStats;
  /** Pages rendered now, and pages carried over unchanged from the previous export (incremental). */
  rendered: number;
  carried: number;
  /** What was read: with `changed` (an incremental read) only `fetched` school documents of those the changes reach. */
  content: { changed: number | null; fetched: number };
  bundle: BundleSizes;
  ms: number;
  warnings: string[];
}

export interface ExportOptions {
  contentDir: string | null;
  out: string;
  /**
   * The path out/ is served under: the path of --site-url ('/repo/' for https://owner.github.io/repo/),
   * else '/'. Pages are written at out/'s top and every page link carries it.
   */
  root: string;
  /** Where assets are linked from (--base, default `root`); inside `root`, written at out/ + its remainder. */
  base: string;
  siteUrl: string | null;
  selfHostImages: boolean;
  timeLimitMs: number;
  /** The content limits (src/lib/content-limits.ts); no flag: only in-process callers (tests) change them. */
  limits?: ContentLimits;
}

const message = (err: unknown): string => {
  const e = err as Error & { cause?: unknown };
  const cause = e?.cause instanceof Error && !e.message.includes(e.cause.message) ? ` (${e.cause.message})` : '';
  return `${e?.message ?? String(err)}${cause}`;
};

/** Turns argv into options; throws InputError (exit 1). Returns null for --help. */
export function parseExportArgs(argv: readonly string[], io: Pick<ExportIo, 'env' | 'cwd'>): ExportOptions | null {
  const { values } = parseArgs(argv, FLAGS);
  if (values.help) return null;
  let siteUrl: string | null = null;
  if (values['site-url'] !== undefined) {
    try {
      siteUrl = normalizeSiteUrl(values['site-url']);
    } catch (err) {
      throw new InputError(`--site-url: ${(err as Error).message}`);
    }
  }
  // A site served under a path (a GitHub project site) keeps everything under it: by default the
  // assets too, so --base is only needed to put them somewhere else inside the site.
  const root = siteUrl ? normalizeBase(new URL(siteUrl).pathname) : '/';
  const base = normalizeBase(values.base ?? root);
  if (!base.startsWith(root)) {
    throw new InputError(`--base ${base} is outside the site's path ${root} (from --site-url), where out/ is served`);
  }
  const contentDir = values.content === undefined ? null : path.resolve(io.cwd, values.content);
  const usable = (p: string) => existsSync(p) && (statSync(p).isDirectory() || isTarball(p));
  if (contentDir !== null && !usable(contentDir)) {
    throw new InputError(`--content ${values.content}: no such folder or .tar.gz export`);
  }
  return {
    contentDir,
    out: path.resolve(io.cwd, values.out ?? DEFAULT_OUT_DIR),
    root,
    base,
    siteUrl,
    selfHostImages: values['self-host-images'] === true,
    timeLimitMs: parseMs(
      values['time-limit'] ?? io.env[TIME_LIMIT_ENV],
      values['time-limit'] !== undefined ? '--time-limit' : TIME_LIMIT_ENV,
      DEFAULT_TIME_LIMIT_MS,
    ),
  };
}

/** What setting up an export opened and decided; every stage reads it. */
interface ExportRun {
  opts: ExportOptions;
  io: ExportIo;
  progress: Progress;
  /** Every warning so far (also printed as it comes). */
  warnings: string[];
  warn: (msg: string) => void;
  fail: (code: ExitCode, phase: string) => (err: unknown) => never;
  retry: () => RetryOptions;
  source: ContentSource;
  /** The embedded service listens on a new port every run: it is known by its dataset folder. */
  sourceId: string;
  selfHost: boolean;
  /** The code key (export-manifest.ts codeVersion), computed while the content source starts. */
  codeKey: Promise<string>;
  /** The bundles and public files, built once however many times the content is read. */
  assets: () => Promise<{ bundle: BundleResult; publicFiles: PublicFile[] }>;
  imageCacheDir: string;
  /** The render stack, loading since the export started (see loadRenderer). */
  renderer: Promise<typeof import('./lib/pages.ts')>;
}

/**
 * The render stack (React, the pages, the document shell) is imported as the export starts and
 * awaited only by the render stage: its modules are evaluated while this thread waits for the
 * content service, not before the export begins (~30 ms of a one-school publish at 1000 schools).
 */
function loadRenderer(): Promise<typeof import('./lib/pages.ts')> {
  const loading = import('./lib/pages.ts');
  loading.catch(() => {}); // awaited by the render stage; a failed read must not leave it unhandled
  return loading;
}

/** What to read and what may be carried over, decided once, up front, from the manifest. */
interface Plan {
  manifest: ExportManifest;
  /** Pages of the previous export still in out/ as written: carried over while their key is unchanged. */
  previous: Map<string, PageRecord>;
  /** The previous export's content state: read only what changed since. Null: read everything. */
  since: ContentState | null;
  /** With `since`: the revisions now, asked while the manifest was read. */
  revisions: Promise<Revisions> | null;
}

/** The rendered site and the files its pages link to. */
interface Rendered {
  site: RenderedSite;
  /** The content rendered: the validated content less the schools whose page failed to render. */
  content: ValidContent;
  bundle: BundleResult;
  publicFiles: PublicFile[];
}

/**
 * The export itself, in five stages: plan, read, validate, render, write. An incremental plan
 * whose read, validation or pages cannot be proven current says so (NeedsFullRead), and the
 * export is planned again, once, as a full read. Throws ExportError with the exit code on failure.
 */
export async function exportSite(opts: ExportOptions, io: ExportIo): Promise<ExportSummary> {
  const started = performance.now();
  const run = await openExport(opts, io);
  try {
    for (let plan = await planExport(run); ; plan = fullPlan(plan)) {
      // Warnings of an incremental attempt are held until it stands: a full read repeats them.
      const held: string[] = [];
      const report = plan.since
        ? (msg: string) => {
            held.push(msg);
          }
        : run.warn;
      const read = await readContent(run, plan);
      if ('needsFullRead' in read) continue;
      const content = validate(plan, read, report);
      if ('needsFullRead' in content) continue;
      const rendered = await renderPages(run, plan, content, report);
      if ('needsFullRead' in rendered) continue;
      for (const msg of held) run.warn(msg);
      return await writeExport(run, plan, { read, content: rendered.content, rendered, started });
    }
  } finally {
    await Promise.resolve(run.source.close()).catch(() => {});
  }
}

/** Checks the options against the environment and opens the content source; exit 1 or 2 on failure. */
async function openExport(opts: ExportOptions, io: ExportIo): Promise<ExportRun> {
  const progress = createProgress(io.stderr);
  const warnings: string[] = [];
  const warn = (msg: string) => {
    warnings.push(msg);
    progress.line(`warning: ${msg}`);
  };
  const fail =
    (code: ExitCode, phase: string) =>
    (err: unknown): never => {
      if (err instanceof ExportError) throw err;
      throw new ExportError(code, phase, message(err), { cause: err });
    };
  try {
    await checkOutDir(opts.out, PROJECT_ROOT);
    const restored = restoreInterruptedSwap(opts.out);
    if (restored) progress.line(`restored ${opts.out} from ${path.basename(restored)}, left by an interrupted export`);
  } catch (err) {
    throw new ExportError(EXIT.usage, 'setup', message(err), { cause: err });
  }
  let hosted: boolean;
  try {
    hosted = readPublicConfig(io.env) !== null;
  } catch (err) {
    throw new ExportError(EXIT.usage, 'setup', message(err), { cause: err });
  }
  if (hosted && opts.contentDir !== null) {
    throw new ExportError(
      EXIT.usage,
      'setup',
      '--content selects the embedded service, but SANITY_PROJECT_ID selects a hosted project: use one or the other',
    );
  }
  const contentDir = hosted ? undefined : (opts.contentDir ?? DEFAULT_CONTENT_DIR);
  if (contentDir && contentFormatOf(contentDir) === null) {
    throw new ExportError(
      EXIT.usage,
      'setup',
      `${path.relative(io.cwd, contentDir) || contentDir}: no dataset.ndjson ` +
        '(a dataset folder holds dataset.ndjson and images/; ' +
        'a `sanity dataset export` .tar.gz or folder holds data.ndjson)',
    );
  }
  const retry = (): RetryOptions => ({
    attempts: DEFAULT_ATTEMPTS,
    baseDelayMs: DEFAULT_BASE_DELAY_MS,
    deadline: Date.now() + opts.timeLimitMs,
    onRetry: (what, err, attempt, delay) => warn(`${what}: ${message(err)}; retry ${attempt} in ${delay} ms`),
  });
  // The module graph is walked in esbuild's own process while the content service starts.
  const codeKey = codeVersion(PROJECT_ROOT);
  codeKey.catch(() => {}); // awaited by the plan; a failed start must not leave it unhandled
  const source = await Promise.resolve()
    .then(() =>
      openContentSource({
        ...(contentDir ? { contentDir } : {}),
        env: io.env,
        watch: false,
        log: (m) => warn(`content service: ${m}`),
      }),
    )
    .catch((err: unknown) => {
      if (err instanceof InputError) throw new ExportError(EXIT.usage, 'setup', message(err), { cause: err });
      throw new ExportError(EXIT.fetch, 'fetch', `could not open the content source: ${message(err)}`, { cause: err });
    });
  const imageCacheDir = envDir(io, IMAGE_CACHE_ENV) ?? path.join(PROJECT_ROOT, IMAGE_CACHE_DIR);
  const c = source.config;
  // Images on a loopback or private host break for families as soon as that service stops (or
  // never reach them): the export then carries its own copies, as with the embedded service.
  const privateHost = !source.embedded && isPrivateHost(c.imageHost);
  if (privateHost && !opts.selfHostImages) {
    progress.line(`images: ${c.imageHost} is a loopback or private host: image variants are self-hosted in out/`);
  }
  return {
    opts,
    io,
    progress,
    warnings,
    warn,
    fail,
    retry,
    source,
    codeKey,
    imageCacheDir,
    sourceId: `${source.embedded ? `embedded:${contentDir}` : `${c.apiHost ?? ''}|${c.projectId}`}|${c.dataset}`,
    selfHost: source.embedded || opts.selfHostImages || privateHost,
    assets: startAssets(opts.base, imageCacheDir, progress, fail),
    renderer: loadRenderer(),
  };
}

/** Starts the bundles now (kept from the last export, or esbuild on the other core while this one reads); the render stage awaits them once. */
function startAssets(
  base: string,
  imageCacheDir: string,
  progress: Progress,
  fail: ExportRun['fail'],
): ExportRun['assets'] {
  const bundling = cachedBundles(PROJECT_ROOT, base);
  bundling.catch(() => {}); // awaited by the render stage; a failed read must not leave it unhandled
  let assets: ReturnType<ExportRun['assets']> | null = null;
  return () =>
    (assets ??= (async () => {
      const bundle = await progress.phase(
        'bundle',
        () => bundling.catch(fail(EXIT.render, 'bundle')),
        (b) => `JS ${formatBytes(b.sizes.firstLoadJsGzip)} gzip first load`,
      );
      const publicFiles = await readPublicFiles(path.join(PROJECT_ROOT, 'public'))
        .then(async (files) => [...files, ...(await posterVariants(files, imageCacheDir))])
        .catch(fail(EXIT.render, 'bundle'));
      return { bundle, publicFiles };
    })());
}

/** Stage 1: from the manifest of the last export to this out/, what can be carried over and what must be read. */
async function planExport(run: ExportRun): Promise<Plan> {
  const code = await run.codeKey.catch(run.fail(EXIT.render, 'bundle'));
  const manifest = ExportManifest.forOut(
    envDir(run.io, MANIFEST_DIR_ENV) ?? path.join(PROJECT_ROOT, MANIFEST_DIR),
    run.opts.out,
    code,
  );
  // A manifest without its out/ (removed, or a fresh folder) can carry nothing over: full, decided here
  // rather than found out page by page. The render's key check still catches pages changed behind the export.
  const outHolds = existsSync(path.join(run.opts.out, 'index.html'));
  // An incremental read starts by asking every revision; the service answers while the manifest is
  // parsed. Asked once, without retries: if it fails or the plan turns out full, nothing waits on it.
  const revisions =
    outHolds && manifest.exists() ? fetchRevisions(run.source.config, { ...run.retry(), attempts: 1 }) : null;
  revisions?.catch(() => {});
  const previous = manifest.load();
  const since = outHolds ? manifest.content(run.sourceId) : null;
  return { manifest, previous, since, revisions: since ? revisions : null };
}

/**
 * The time the site is made, for what depends on it (events already over are left off):
 * SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention) when set, else now.
 */
export function siteTime(env: NodeJS.ProcessEnv): number {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now();
}

/** A folder named by an environment variable, relative to the caller's working directory. */
const envDir = (io: ExportIo, name: string): string | null =>
  io.env[name] ? path.resolve(io.cwd, io.env[name]!) : null;

/** An incremental plan that could not be proven current, planned again as a full read (which always is). */
function fullPlan(plan: Plan): Plan {
  if (!plan.since) throw new ExportError(EXIT.render, 'render', 'a full read did not stand (an internal error)');
  return { ...plan, since: null, revisions: null };
}

/** Stage 2: every published school, or with `since` only the schools a change can reach (exit 2 on failure). */
async function readContent(run: ExportRun, plan: Plan): Promise<ContentRead | NeedsFullRead> {
  const { progress, source, fail } = run;
  if (!plan.since) {
    return progress.phase(
      'fetch',
      () => fetchContent(source.config, run.retry()).catch(fail(EXIT.fetch, 'fetch')),
      (r) => `${r.schools.length} school documents`,
    );
  }
  const since = plan.since;
  const got = await progress.phase(
    'fetch',
    () =>
      fetchChanged(source.config, since, run.retry(), undefined, plan.revisions ?? undefined).catch(
        fail(EXIT.fetch, 'fetch'),
      ),
    (r) =>
      r
        ? `${r.changed!.length} changed document(s), ${r.schools.length} school document(s) to read`
        : 'much changed, or changed while reading: reading everything',
  );
  return got ?? { needsFullRead: 'much changed, or changed while reading' };
}

/** Stage 3: skips what cannot be published (exit 3 when nothing can); an incremental read may not stand. */
function validate(plan: Plan, read: ContentRead, report: (msg: string) => void): ValidContent | NeedsFullRead {
  const content = validateContent(read, report, plan.since?.schools ?? null);
  if (read.changed !== null)
    return content ?? { needsFullRead: 'a school was added, removed, or changed slug or validity' };
  if (!content || content.schools.length === 0) {
    const fetched = read.schools.length;
    throw new ExportError(
      EXIT.noContent,
      'validate',
      `no valid content: ${fetched} school document(s) fetched, none publishable`,
    );
  }
  return content;
}

/**
 * Stage 4: renders the pages whose inputs changed and carries the others over. A school whose page
 * throws is skipped with a warning and the site built again without it (no page may link to it);
 * exit 3 when no school is left, exit 4 when a page of the whole site fails.
 */
async function renderPages(
  run: ExportRun,
  plan: Plan,
  validated: ValidContent,
  report: (msg: string) => void,
): Promise<Rendered | NeedsFullRead> {
  const { opts, source } = run;
  const { bundle, publicFiles } = await run.assets();
  const { buildPages } = await run.renderer.catch(run.fail(EXIT.render, 'render'));
  const env: SiteEnv = {
    images: {
      projectId: source.config.projectId,
      dataset: source.config.dataset,
      imageHost: source.config.imageHost,
      selfHostBase: run.selfHost ? opts.base : null,
    },
    base: opts.base,
    ...(opts.root !== '/' ? { root: opts.root } : {}),
    preview: null,
  };
  const assets: PageAssets = {
    entryUrl: bundle.entryUrl,
    cssUrls: bundle.cssUrls,
    entryPreload: bundle.entryPreload,
    editions: bundle.editions['entry-client-es'] ? { es: bundle.editions['entry-client-es'] } : {},
    schoolPreload: bundle.schoolPreload,
    comparePreload: bundle.comparePreload,
    landingPreload: bundle.landingPreload,
    favicon: publicFiles.some((f) => f.path === 'favicon.svg') ? `${opts.base}favicon.svg` : null,
  };
  const { manifest, previous } = plan;
  let content = validated;
  const build = (): RenderedSite | NeedsFullRead => {
    for (;;) {
      // A build's warnings stand only once it does: a build again after a failed page repeats them.
      const held: string[] = [];
      const warn = (msg: string) => {
        held.push(msg);
      };
      const built = buildPages(content, {
        env,
        siteUrl: opts.siteUrl,
        warn,
        codeVersion: manifest.code,
        previous,
        limits: opts.limits,
        assets,
        now: siteTime(run.io.env),
      });
      if ('failed' in built) {
        // An incremental read holds only some schools: which pages link to the failed one is known to a full read.
        if (plan.since) return { needsFullRead: `${built.failed.length} school page(s) failed to render` };
        content = withoutFailed(content, built.failed, report);
        if (content.schools.length + content.carried.length === 0) {
          throw new ExportError(
            EXIT.noContent,
            'render',
            'no valid content: the page of every publishable school failed to render',
          );
        }
        continue;
      }
      for (const msg of held) report(msg);
      return built;
    }
  };
  const site = await run.progress
    .phase(
      'render',
      async () => build(),
      (s) =>
        'needsFullRead' in s
          ? `${s.needsFullRead}: reading everything`
          : `${s.pages.length} pages${s.carried.length ? `, ${s.carried.length} unchanged` : ''}`,
    )
    .catch(run.fail(EXIT.render, 'render'));
  return 'needsFullRead' in site ? site : { site, content, bundle, publicFiles };
}

/** Stage 5: fetches the image variants the pages use, swaps the site into out/, records it for the next export. */
async function writeExport(
  run: ExportRun,
  plan: Plan,
  done: { read: ContentRead; content: ValidContent; rendered: Rendered; started: number },
): Promise<ExportSummary> {
  const {
    read,
    content,
    rendered: { site, bundle, publicFiles },
  } = done;
  const jobs = [...site.variants].map(([src, remote]) => ({ file: src.slice(run.opts.root.length), remote }));
  const fetchOpts = { cacheDir: run.imageCacheDir, retry: run.retry(), warn: run.warn };
  const images = await run.progress.phase(
    'images',
    () => fetchImages(jobs, fetchOpts).catch(run.fail(EXIT.fetch, 'images')),
    (r) => `${r.images.length} variants (${r.fetched} fetched, ${r.cached} cached)`,
  );
  const { files, carried, pages, aliases } = siteFiles(run, site, bundle.files, images.images, publicFiles);
  const written = await writeFiles(run, plan, files, carried, aliases);
  saveManifest(run, plan, read, content, site, written);
  return {
    out: run.opts.out,
    pages: pages.length,
    rendered: site.pages.length,
    carried: site.carried.length,
    schools: content.schools.length + content.carried.length,
    content: { changed: read.changed ? read.changed.length : null, fetched: read.schools.length },
    images: {
      total: images.images.length,
      fetched: images.fetched,
      cached: images.cached,
      missing: images.missing.length,
    },
    write: written.stats,
    bundle: bundle.sizes,
    ms: performance.now() - done.started,
    warnings: run.warnings,
  };
}

/**
 * Everything the site consists of, by path (bundles under the base, images already base-relative);
 * generated files win over public/ files of the same name. Carried pages are kept apart: their
 * files are linked from out/, not written.
 */
function siteFiles(
  run: ExportRun,
  site: RenderedSite,
  bundleFiles: BundleFile[],
  images: FetchedImage[],
  publicFiles: PublicFile[],
) {
  // '' or e.g. 'wp-content/themes/district/': the base below the path out/ is served at.
  const baseDir = run.opts.base.slice(run.opts.root.length);
  const files = new Map<string, Uint8Array | string>();
  for (const f of publicFiles) files.set(baseDir + f.path, f.bytes);
  const put = (rel: string, bytes: Uint8Array | string) => {
    if (files.has(rel) && publicFiles.some((f) => baseDir + f.path === rel))
      run.warn(`public/${rel.slice(baseDir.length)} is replaced by a generated file of the same name`);
    files.set(rel, bytes);
  };
  for (const f of bundleFiles) put(baseDir + f.path, f.contents);
  for (const img of images) put(img.file, img.bytes);
  for (const p of site.pages) put(p.file, p.html);
  for (const f of site.files) put(baseDir + f.path, f.contents);
  const carried = new Set(site.carried.map((p) => p.file));
  for (const rel of carried)
    if (files.has(rel)) throw new ExportError(EXIT.render, 'render', `${rel}: a page and another file share this path`);
  const pages = [...site.pages, ...site.carried].sort(byKey('file'));
  // A page's second address is a hard link of its file, placed once every file is in place.
  const aliases = pages.flatMap((p) => p.aliases.map((alias) => [alias, p.file] as const));
  for (const [alias] of aliases) {
    if (files.has(alias) || carried.has(alias)) {
      throw new ExportError(EXIT.render, 'render', `${alias}: a page and another file share this path`);
    }
  }
  if (run.opts.siteUrl)
    put(
      'sitemap.xml',
      sitemapXml(
        run.opts.siteUrl,
        pages.flatMap((p) => (p.sitemap ? [p.sitemap] : [])),
      ),
    );
  put('robots.txt', robotsTxt(run.opts.siteUrl));
  const openData = openSchools(site.facts, run.opts);
  put(OPEN_DATA_JSON, openDataJson(openData));
  put(OPEN_DATA_CSV, openDataCsv(openData));
  // Netlify / Cloudflare Pages: the pages' CSP plus what a <meta> cannot carry (render/csp.ts).
  const imageSource = { imageHost: run.source.config.imageHost, selfHostBase: run.selfHost ? run.opts.base : null };
  put(HEADERS_FILE, headersFile(siteHeaders(imageSource)));
  put(REDIRECTS_FILE, redirectsFile(run.opts.root));
  return { files, carried, pages, aliases };
}

/**
 * Writes the files (exit 4 on failure). An export that carried pages over, with the previous file
 * list known, updates out/ in place (update-site.ts): only what differs is touched. Otherwise, or
 * when out/ holds something in place cannot handle, the site is built in a temp tree and swapped in.
 */
async function writeFiles(
  run: ExportRun,
  plan: Plan,
  files: Map<string, Uint8Array | string>,
  carried: Set<string>,
  aliases: (readonly [alias: string, file: string])[],
): Promise<{ stats: WriteStats; files: string[]; untouched?: ReadonlyMap<string, FileStamp> }> {
  const previous = carried.size > 0 ? plan.manifest.files() : null;
  return run.progress.phase(
    'write',
    async () => {
      if (previous) {
        // Anything in place cannot stage (before out/ is touched) falls back to the swap below.
        const updater = new SiteUpdater(run.opts.out, previous, plan.manifest.pagesFound());
        const staged = await placeAll(updater, files, carried, aliases).then(
          () => true,
          () => updater.abort().then(() => false),
        );
        if (staged) {
          const stats = await updater.commit().catch(run.fail(EXIT.render, 'write'));
          published = true;
          return { stats, files: updater.files(), untouched: updater.untouched() };
        }
      }
      const writer = new SiteWriter(run.opts.out);
      try {
        await placeAll(writer, files, carried, aliases);
        const stats = await writer.commit();
        published = true;
        return { stats, files: writer.files() };
      } catch (err) {
        await writer.abort(err).catch(() => {});
        return run.fail(EXIT.render, 'write')(err);
      }
    },
    ({ stats: s }) => `${s.written} written, ${s.unchanged} unchanged`,
  );
}

/** Places every file through `output`, up to its commit. */
async function placeAll(
  output: SiteOutput,
  files: Map<string, Uint8Array | string>,
  carried: Set<string>,
  aliases: (readonly [alias: string, file: string])[],
): Promise<void> {
  await output.begin();
  // Several files in flight: the file system works on one while the next is encoded and compared.
  const queue = [...files.keys(), ...carried].sort();
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const rel = queue[next++]!;
      if (carried.has(rel)) await output.carry(rel);
      else await output.write(rel, files.get(rel)!);
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  for (const [alias, file] of aliases) output.link(alias, file);
}

/** Records each page's key and the content state, so the next export reads and renders only what changed. */
function saveManifest(
  run: ExportRun,
  plan: Plan,
  read: ContentRead,
  content: ValidContent,
  site: RenderedSite,
  written: { files: readonly string[]; untouched?: ReadonlyMap<string, FileStamp> },
): void {
  const outcomes = content.outcomes;
  const state: ContentState | null = outcomes
    ? {
        source: run.sourceId,
        revs: read.revs,
        nav: read.nav,
        landing: read.landing,
        site: read.site,
        schools: Object.fromEntries(
          [...outcomes].map(([id, o]) => {
            const school = site.schools.get(id);
            return [
              id,
              { ...o, hash: school?.hash ?? null, lastmod: school?.lastmod ?? null, facts: school?.facts ?? null },
            ];
          }),
        ),
      }
    : null;
  try {
    plan.manifest.save(site.records, state, written.files, written.untouched);
  } catch (err) {
    run.warn(`could not save the export manifest (the next export renders every page): ${message(err)}`);
  }
}

export function formatSummary(s: ExportSummary, cwd: string): string {
  const rel = path.relative(cwd, s.out) || '.';
  return [
    `Exported ${s.pages} pages (${s.schools} schools), ${s.images.total} images, ${s.write.files} files, ${formatBytes(s.write.bytes)} to ${rel}/ in ${formatMs(s.ms)}`,
    `  ${s.write.written} written, ${s.write.unchanged} unchanged; pages ${s.rendered} rendered, ${s.carried} carried over; images ${s.images.fetched} fetched, ${s.images.cached} from cache${s.images.missing ? `, ${s.images.missing} missing` : ''}`,
    `  content: ${s.content.changed === null ? `all read (${s.content.fetched} school documents)` : `${s.content.changed} changed document(s) since the last export, ${s.content.fetched} school document(s) read`}`,
    `  JS first load ${formatBytes(s.bundle.firstLoadJsGzip)} gzip, landing chunk ${formatBytes(s.bundle.landingChunkGzip)} gzip, school chunk ${formatBytes(s.bundle.schoolChunkGzip)} gzip, compare chunk ${formatBytes(s.bundle.compareChunkGzip)} gzip, CSS ${formatBytes(s.bundle.cssGzip)} gzip`,
    ...(s.warnings.length ? [`  ${s.warnings.length} warning(s) above`] : []),
    '',
  ].join('\n');
}

/** The CLI: parses argv, exports, prints the summary; returns the exit code. */
export async function main(argv: readonly string[], io: ExportIo): Promise<number> {
  let opts: ExportOptions | null;
  try {
    opts = parseExportArgs(argv, io);
  } catch (err) {
    if (err instanceof InputError) {
      io.stderr.write(`export: ${err.message}\n${usage('npm run export -- [flags]', FLAGS)}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  if (opts === null) {
    io.stdout.write(
      `${usage('npm run export -- [flags]', FLAGS)}\n\nExit codes: 0 ok, 1 usage/config error, 2 content fetch failed, 3 no valid content, 4 render/write failed.\n`,
    );
    return EXIT.ok;
  }
  try {
    const summary = await exportSite(opts, io);
    io.stdout.write(formatSummary(summary, io.cwd));
    return EXIT.ok;
  } catch (err) {
    const e =
      err instanceof ExportError
        ? err
        : new ExportError(err instanceof OutDirError ? EXIT.usage : EXIT.render, 'export', message(err), {
            cause: err,
          });
    const shown = path.relative(io.cwd, opts.out) || opts.out;
    io.stderr.write(
      `export failed (${e.phase}): ${e.message}\n${existsSync(opts.out) ? `The previous ${shown}/ was left untouched.` : `Nothing was written to ${shown}/.`}\n`,
    );
    return e.code;
  }
}

/** Whether this process has swapped a new site into place (a signal after that stops a finished export). */
let published = false;

/** What a signal stopping the export left: nothing published, unless the swap had happened. */
export const stoppedMessage = (signal: string): string =>
  published
    ? `export: stopped by ${signal} after the new site was published`
    : `export: stopped by ${signal}; nothing was published (the previous site, if any, is as it was)`;

/** Runs the CLI in this process: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  exitOnSignals((signal) => stoppedMessage(signal));
  runCommand(() =>
    main(process.argv.slice(2), {
      env: process.env,
      stdout: process.stdout,
      stderr: process.stderr,
      cwd: process.cwd(),
    }),
  );
}

if (isMainModule(import.meta.url)) runCli();
