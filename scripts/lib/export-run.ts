// Setting up one export: the options and their errors, the content source opened, the bundles
// and the render stack started while it opens, and the plan of what to read and what may be
// carried over from the previous export to this out/. The stages (export-stages.ts,
// export-write.ts) read what this sets up; scripts/export.ts runs them.
import path from 'node:path';
import { InputError } from '../../core/errors.ts';
import { EXIT, type ExitCode } from '../../core/exit-codes.ts';
import { readPublicConfig } from '../../src/config/public.ts';
import type { ContentLimits } from '../../src/build/content-limits.ts';
import { contentFormatOf, openContentSource, type ContentSource } from '../../core/content-source.ts';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../../core/paths.ts';
import type { BundleResult, BundleSizes } from '../../core/bundler.ts';
import { cachedBundles } from './cached-bundles.ts';
import { fetchRevisions, type Revisions } from './fetch-content.ts';
import { isPrivateHost } from './private-host.ts';
import type { RenderedSite } from './pages.ts';
import { createProgress, formatBytes, type Progress } from './progress.ts';
import { readPublicFiles, type PublicFile } from './public-files.ts';
import type { Holders } from './address-keeper.ts';
import { codeVersion, ExportManifest, type ContentState, type PageRecord } from './export-manifest.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BASE_DELAY_MS, type RetryOptions } from './retry.ts';
import type { SiteStream } from './site-stream.ts';
import type { ValidContent } from './validate-content.ts';
import { checkOutDir, holdsExport, restoreInterruptedSwap, type WriteStats } from './write-site.ts';
import { ExportReport } from './export-report.ts';
import { MANIFEST_DIR, MANIFEST_DIR_ENV, manifestDirOf, reportFileOf } from '../../core/export-report-file.ts';
import type { ReportGroup } from '../../src/build/report.ts';
import type { WarningInput } from '../../src/lib/warn.ts';

export const PROJECT_ROOT = REPO_ROOT;
export const DEFAULT_OUT_DIR = 'out';
export const IMAGE_CACHE_DIR = '.cache/images';
/** Environment override of the image variant cache folder (the benchmark measures a cold cache in a temp folder). */
export const IMAGE_CACHE_ENV = 'EXPORT_IMAGE_CACHE_DIR';
/** Where incremental exports keep what they rendered (one manifest and one report per out/ folder), and its environment override. */
export { MANIFEST_DIR, MANIFEST_DIR_ENV };
/** Environment override of --time-limit (tests use a short one). */
export const TIME_LIMIT_ENV = 'EXPORT_TIME_LIMIT_MS';

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
  /** The warnings by kind, and the file holding every one (null when it could not be written). */
  report: { total: number; kinds: ReportGroup[]; file: string | null; lines: string[] };
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
  /** --verbose: every warning printed as it comes, besides the summary. */
  verbose?: boolean;
  /** --strict: any warning about the content fails the export (EXIT.strict) before anything is published. */
  strict?: boolean;
  /** The content limits (src/build/content-limits.ts); no flag: only in-process callers (tests) change them. */
  limits?: ContentLimits;
}

export const message = (err: unknown): string => {
  const e = err as Error & { cause?: unknown };
  const cause = e?.cause instanceof Error && !e.message.includes(e.cause.message) ? ` (${e.cause.message})` : '';
  return `${e?.message ?? String(err)}${cause}`;
};

/** What setting up an export opened and decided; every stage reads it. */
export interface ExportRun {
  opts: ExportOptions;
  io: ExportIo;
  progress: Progress;
  /** Every warning so far, grouped for the summary and kept for the report file. */
  report: ExportReport;
  /** Where the report is written: beside the manifest of this out/. */
  reportFile: string;
  warn: (w: WarningInput) => void;
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
  renderer: Promise<typeof import('./pages.ts')>;
}

/**
 * The render stack (React, the pages, the document shell) is imported as the export starts and
 * awaited only by the render stage: its modules are evaluated while this thread waits for the
 * content service, not before the export begins (~30 ms of a one-school publish at 1000 schools).
 */
export function loadRenderer(): Promise<typeof import('./pages.ts')> {
  const loading = import('./pages.ts');
  loading.catch(() => {}); // awaited by the render stage; a failed read must not leave it unhandled
  return loading;
}

/** What to read and what may be carried over, decided once, up front, from the manifest. */
export interface Plan {
  manifest: ExportManifest;
  /** Pages of the previous export still in out/ as written: carried over while their key is unchanged. */
  previous: Map<string, PageRecord>;
  /** The previous export's content state: read only what changed since. Null: read everything. */
  since: ContentState | null;
  /** With `since`: the revisions now, asked while the manifest was read. */
  revisions: Promise<Revisions> | null;
  /** The addresses the previous export published, and which school had each (a full read keeps them so). */
  holders: Holders;
}

/** The rendered site and the files its pages link to. */
export interface Rendered {
  site: RenderedSite;
  /** The content rendered: the validated content less the schools whose page failed to render. */
  content: ValidContent;
  bundle: BundleResult;
  publicFiles: PublicFile[];
  /** The site written so far, when it was written while rendering (site-stream.ts). */
  stream: SiteStream | null;
}

/** Checks the options against the environment and opens the content source; exit 1 or 2 on failure. */
export async function openExport(opts: ExportOptions, io: ExportIo): Promise<ExportRun> {
  const progress = createProgress(io.stderr);
  const report = new ExportReport((line) => progress.line(line), opts.verbose === true);
  const warn = (w: WarningInput) => report.add(w);
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
    // The embedded service answers from this process, so no body is cut off midway; and an attempt
    // abandoned after its share of the limit made it replace the busy query worker, which parses
    // the whole dataset again: at 10,000 schools on a loaded machine every retry then ran out too,
    // and the export failed. Its attempts run until the overall limit.
    ...(hosted ? {} : { attemptTimeoutMs: opts.timeLimitMs }),
    onRetry: (what, err, attempt, delay) =>
      warn({ kind: 'transient', message: `${what}: ${message(err)}; retry ${attempt} in ${delay} ms` }),
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
        readsInProcess: true,
        log: (m) => warn({ kind: 'content-service', message: `content service: ${m}` }),
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
    report,
    reportFile: reportFileOf(manifestDir(io), opts.out),
    warn,
    fail,
    retry,
    source,
    codeKey,
    imageCacheDir,
    sourceId: `${source.embedded ? `embedded:${contentDir}` : `${c.apiHost ?? ''}|${c.projectId}`}|${c.dataset}`,
    selfHost: source.embedded || opts.selfHostImages || privateHost,
    assets: startAssets(opts.base, progress, fail),
    renderer: loadRenderer(),
  };
}

/** Starts the bundles now (kept from the last export, or esbuild on the other core while this one reads); the render stage awaits them once. */
function startAssets(base: string, progress: Progress, fail: ExportRun['fail']): ExportRun['assets'] {
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
      const publicFiles = await readPublicFiles(path.join(PROJECT_ROOT, 'public')).catch(fail(EXIT.render, 'bundle'));
      return { bundle, publicFiles };
    })());
}

/** The folder of the export manifests (and reports): $EXPORT_MANIFEST_DIR, else .cache/export-manifests. */
const manifestDir = (io: ExportIo): string => manifestDirOf(io.env, io.cwd);

/** Stage 1: from the manifest of the last export to this out/, what can be carried over and what must be read. */
export async function planExport(run: ExportRun): Promise<Plan> {
  const code = await run.codeKey.catch(run.fail(EXIT.render, 'bundle'));
  const manifest = ExportManifest.forOut(manifestDir(run.io), run.opts.out, code);
  // A manifest without its out/ (removed, or a fresh folder) can carry nothing over: full, decided here
  // rather than found out page by page. The render's key check still catches pages changed behind the export.
  const outHolds = holdsExport(run.opts.out);
  // An incremental read starts by asking every revision; the service answers while the manifest is
  // parsed. Asked once, without retries: if it fails or the plan turns out full, nothing waits on it.
  const revisions = outHolds && manifest.exists() ? fetchRevisions(run.source, { ...run.retry(), attempts: 1 }) : null;
  revisions?.catch(() => {});
  const previous = manifest.load();
  const since = outHolds ? manifest.content(run.sourceId) : null;
  return { manifest, previous, since, revisions: since ? revisions : null, holders: manifest.holders(run.sourceId) };
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
export const envDir = (io: ExportIo, name: string): string | null =>
  io.env[name] ? path.resolve(io.cwd, io.env[name]!) : null;

/** An incremental plan that could not be proven current, planned again as a full read (which always is). */
export function fullPlan(plan: Plan): Plan {
  if (!plan.since) throw new ExportError(EXIT.render, 'render', 'a full read did not stand (an internal error)');
  return { ...plan, since: null, revisions: null };
}
