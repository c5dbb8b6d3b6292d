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
import { fileURLToPath } from 'node:url';
import { parseArgs, usage, type FlagSpecs } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT, type ExitCode } from '../core/exit-codes.ts';
import { readPublicConfig } from '../src/config/public.ts';
import { normalizeSiteUrl } from '../src/lib/seo.ts';
import type { SiteEnv } from '../src/SiteEnv.tsx';
import { byKey } from '../src/lib/order.ts';
import { contentFormatOf, isTarball, openContentSource } from '../core/content-source.ts';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../core/paths.ts';
import { buildBundles, type BundleSizes } from '../core/bundler.ts';
import { fetchChanged, fetchContent, type PreviousRead } from './lib/fetch-content.ts';
import { fetchImages } from './lib/images.ts';
import { normalizeBase, parseMs } from './lib/options.ts';
import { buildPages, StaleSchoolError, type RenderedSite } from './lib/pages.ts';
import { createProgress, formatBytes, formatMs } from './lib/progress.ts';
import { readPublicFiles } from './lib/public-files.ts';
import { posterVariants } from './lib/poster-variants.ts';
import { codeVersion, ExportManifest, type ContentState } from './lib/export-manifest.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BASE_DELAY_MS, DEFAULT_TIME_LIMIT_MS, type RetryOptions } from './lib/retry.ts';
import { robotsTxt, sitemapXml } from './lib/sitemap.ts';
import { validateChanged, validateContent, type ValidContent } from './lib/validate-content.ts';
import { checkOutDir, OutDirError, SiteWriter, type WriteStats } from './lib/write-site.ts';

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
    description: 'asset base path, e.g. /wp-content/themes/district/ (default /)',
  },
  'site-url': {
    type: 'string',
    value: 'URL',
    description: 'public site URL: canonical links, social cards, sitemap.xml',
  },
  'self-host-images': {
    type: 'boolean',
    description: 'copy image variants into out/ (always on with the embedded service)',
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
  base: string;
  siteUrl: string | null;
  selfHostImages: boolean;
  timeLimitMs: number;
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
  const contentDir = values.content === undefined ? null : path.resolve(io.cwd, values.content);
  const usable = (p: string) => existsSync(p) && (statSync(p).isDirectory() || isTarball(p));
  if (contentDir !== null && !usable(contentDir)) {
    throw new InputError(`--content ${values.content}: no such folder or .tar.gz export`);
  }
  return {
    contentDir,
    out: path.resolve(io.cwd, values.out ?? DEFAULT_OUT_DIR),
    base: normalizeBase(values.base ?? '/'),
    siteUrl,
    selfHostImages: values['self-host-images'] === true,
    timeLimitMs: parseMs(
      values['time-limit'] ?? io.env[TIME_LIMIT_ENV],
      values['time-limit'] !== undefined ? '--time-limit' : TIME_LIMIT_ENV,
      DEFAULT_TIME_LIMIT_MS,
    ),
  };
}

/** The export itself; throws ExportError with the exit code on failure. */
export async function exportSite(opts: ExportOptions, io: ExportIo): Promise<ExportSummary> {
  const started = performance.now();
  const warnings: string[] = [];
  const progress = createProgress(io.stderr);
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
  const selfHost = source.embedded || opts.selfHostImages;

  try {
    // esbuild bundles in its own process: started first, it runs on the other core while this one fetches.
    const bundling = buildBundles(PROJECT_ROOT, opts.base);
    bundling.catch(() => {}); // awaited below; a fetch failure must not leave it unhandled
    // Incremental: pages whose inputs are unchanged since the last export to this out/ are carried
    // over, and with the content state it recorded only the schools a change can reach are read.
    const manifest = ExportManifest.forOut(
      io.env[MANIFEST_DIR_ENV]
        ? path.resolve(io.cwd, io.env[MANIFEST_DIR_ENV]!)
        : path.join(PROJECT_ROOT, MANIFEST_DIR),
      opts.out,
      codeVersion(PROJECT_ROOT),
    );
    const previous = manifest.load();
    // The embedded service listens on a new port every run: it is known by its dataset folder.
    const sourceId = `${source.embedded ? `embedded:${contentDir}` : `${source.config.apiHost ?? ''}|${source.config.projectId}`}|${source.config.dataset}`;
    const before = manifest.content(sourceId);

    interface Read {
      raw: PreviousRead;
      content: ValidContent;
      changed: number | null;
      fetched: number;
    }
    // Warnings of an incremental attempt are held until it stands: a fallback repeats them.
    const held: string[] = [];
    let read: Read | null = null;
    if (before) {
      const got = await progress.phase(
        'fetch',
        () => fetchChanged(source.config, before, retry()).catch(fail(EXIT.fetch, 'fetch')),
        (r) =>
          r
            ? `${r.changed.length} changed document(s), ${r.schools.length} school document(s) to read`
            : 'much changed, or changed while reading: reading everything',
      );
      const content = got && validateChanged(got, before.schools, (m) => held.push(m));
      if (got && content && content.schools.length > 0)
        read = { raw: got, content, changed: got.changed.length, fetched: got.schools.length };
    }
    const readAll = async (): Promise<Read> => {
      const raw = await progress.phase(
        'fetch',
        () => fetchContent(source.config, retry()).catch(fail(EXIT.fetch, 'fetch')),
        (r) => `${r.schools.length} school documents`,
      );
      const content = validateContent(raw, warn);
      if (content.schools.length === 0) {
        throw new ExportError(
          EXIT.noContent,
          'validate',
          `no valid content: ${raw.schools.length} school document(s) fetched, none publishable`,
        );
      }
      return { raw, content, changed: null, fetched: raw.schools.length };
    };
    if (!read) {
      held.length = 0;
      read = await readAll();
    }

    const bundle = await progress.phase(
      'bundle',
      () => bundling.catch(fail(EXIT.render, 'bundle')),
      (b) => `JS ${formatBytes(b.sizes.firstLoadJsGzip)} gzip first load`,
    );
    const imageCacheDir = io.env[IMAGE_CACHE_ENV]
      ? path.resolve(io.cwd, io.env[IMAGE_CACHE_ENV]!)
      : path.join(PROJECT_ROOT, IMAGE_CACHE_DIR);
    const publicFiles = await readPublicFiles(path.join(PROJECT_ROOT, 'public'))
      .then(async (files) => [...files, ...(await posterVariants(files, imageCacheDir))])
      .catch(fail(EXIT.render, 'bundle'));
    const baseDir = opts.base.slice(1); // '' or 'wp-content/themes/district/'

    const env: SiteEnv = {
      images: {
        projectId: source.config.projectId,
        dataset: source.config.dataset,
        imageHost: source.config.imageHost,
        selfHostBase: selfHost ? opts.base : null,
      },
      base: opts.base,
      preview: null,
    };
    const build = (content: ValidContent, to: (msg: string) => void) =>
      progress.phase(
        'render',
        () =>
          buildPages(content, {
            env,
            siteUrl: opts.siteUrl,
            warn: to,
            codeVersion: manifest.code,
            previous,
            assets: {
              entryUrl: bundle.entryUrl,
              cssUrls: bundle.cssUrls,
              entryPreload: bundle.entryPreload,
              schoolPreload: bundle.schoolPreload,
              favicon: publicFiles.some((f) => f.path === 'favicon.svg') ? `${opts.base}favicon.svg` : null,
            },
          }),
        (s) => `${s.pages.length} pages${s.carried.length ? `, ${s.carried.length} unchanged` : ''}`,
      );
    let site: RenderedSite | null = null;
    try {
      if (read.changed !== null) {
        // An unfetched school whose page cannot be carried over (code, settings or navigation
        // changed, or its page in out/ was touched) makes the incremental build give up.
        site = await build(read.content, (m) => held.push(m)).catch((err: unknown) => {
          if (err instanceof StaleSchoolError) return null;
          throw err;
        });
        if (site) for (const w of held) warn(w);
        else read = await readAll();
      }
      site ??= await build(read.content, warn);
    } catch (err) {
      fail(EXIT.render, 'render')(err);
    }
    if (!site) throw new ExportError(EXIT.render, 'render', 'no pages were rendered');

    const jobs = [...site.variants].map(([src, remote]) => ({ file: src.slice(1), remote }));
    const images = await progress.phase(
      'images',
      () => fetchImages(jobs, { cacheDir: imageCacheDir, retry: retry(), warn }).catch(fail(EXIT.fetch, 'images')),
      (r) => `${r.images.length} variants (${r.fetched} fetched, ${r.cached} cached)`,
    );

    // Everything the site consists of, by path; generated files win over public/ files of the same name.
    const files = new Map<string, Uint8Array | string>();
    for (const f of publicFiles) files.set(baseDir + f.path, f.bytes);
    const put = (rel: string, bytes: Uint8Array | string) => {
      if (files.has(rel) && publicFiles.some((f) => baseDir + f.path === rel))
        warn(`public/${rel.slice(baseDir.length)} is replaced by a generated file of the same name`);
      files.set(rel, bytes);
    };
    for (const f of bundle.files) put(baseDir + f.path, f.contents);
    for (const img of images.images) put(img.file, img.bytes);
    for (const p of site.pages) put(p.file, p.html);
    for (const f of site.files) put(baseDir + f.path, f.contents);
    const carried = new Set(site.carried.map((p) => p.file));
    for (const rel of carried)
      if (files.has(rel))
        throw new ExportError(EXIT.render, 'render', `${rel}: a page and another file share this path`);
    const allPages = [...site.pages, ...site.carried].sort(byKey('file'));
    // A page's second address is a hard link of its file, placed once every file is in place.
    const aliases = allPages.flatMap((p) => p.aliases.map((alias) => [alias, p.file] as const));
    for (const [alias] of aliases) {
      if (files.has(alias) || carried.has(alias)) {
        throw new ExportError(EXIT.render, 'render', `${alias}: a page and another file share this path`);
      }
    }
    if (opts.siteUrl)
      put(
        'sitemap.xml',
        sitemapXml(
          opts.siteUrl,
          allPages.flatMap((p) => (p.sitemap ? [p.sitemap] : [])),
        ),
      );
    put('robots.txt', robotsTxt(opts.siteUrl));

    const writer = new SiteWriter(opts.out);
    const stats = await progress.phase(
      'write',
      async () => {
        try {
          await writer.begin();
          // Several files in flight: the file system works on one while the next is encoded and compared.
          const queue = [...files.keys(), ...carried].sort();
          let next = 0;
          const worker = async () => {
            while (next < queue.length) {
              const rel = queue[next++]!;
              if (carried.has(rel)) await writer.carry(rel);
              else await writer.write(rel, files.get(rel)!);
            }
          };
          await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
          for (const [alias, file] of aliases) writer.link(alias, file);
          return await writer.commit();
        } catch (err) {
          await writer.abort().catch(() => {});
          return fail(EXIT.render, 'write')(err);
        }
      },
      (s) => `${s.written} written, ${s.unchanged} unchanged`,
    );

    const outcomes = read.content.outcomes;
    const contentState: ContentState | null = outcomes
      ? {
          source: sourceId,
          revs: read.raw.revs,
          nav: read.raw.nav,
          landing: read.raw.landing,
          schools: Object.fromEntries(
            [...outcomes].map(([id, o]) => {
              const state = site.schools.get(id);
              return [id, { ...o, hash: state?.hash ?? null, lastmod: state?.lastmod ?? null }];
            }),
          ),
        }
      : null;
    try {
      manifest.save(site.records, contentState);
    } catch (err) {
      warn(`could not save the export manifest (the next export renders every page): ${message(err)}`);
    }

    return {
      out: opts.out,
      pages: allPages.length,
      rendered: site.pages.length,
      carried: site.carried.length,
      schools: read.content.schools.length,
      content: { changed: read.changed, fetched: read.fetched },
      images: {
        total: images.images.length,
        fetched: images.fetched,
        cached: images.cached,
        missing: images.missing.length,
      },
      write: stats,
      bundle: bundle.sizes,
      ms: performance.now() - started,
      warnings,
    };
  } finally {
    await Promise.resolve(source.close()).catch(() => {});
  }
}

export function formatSummary(s: ExportSummary, cwd: string): string {
  const rel = path.relative(cwd, s.out) || '.';
  return [
    `Exported ${s.pages} pages (${s.schools} schools), ${s.images.total} images, ${s.write.files} files, ${formatBytes(s.write.bytes)} to ${rel}/ in ${formatMs(s.ms)}`,
    `  ${s.write.written} written, ${s.write.unchanged} unchanged; pages ${s.rendered} rendered, ${s.carried} carried over; images ${s.images.fetched} fetched, ${s.images.cached} from cache${s.images.missing ? `, ${s.images.missing} missing` : ''}`,
    `  content: ${s.content.changed === null ? `all read (${s.content.fetched} school documents)` : `${s.content.changed} changed document(s) since the last export, ${s.content.fetched} school document(s) read`}`,
    `  JS first load ${formatBytes(s.bundle.firstLoadJsGzip)} gzip, school chunk ${formatBytes(s.bundle.schoolChunkGzip)} gzip, CSS ${formatBytes(s.bundle.cssGzip)} gzip`,
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

/** Runs the CLI in this process: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  main(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = EXIT.render;
    },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runCli();
