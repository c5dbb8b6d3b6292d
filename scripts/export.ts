// `npm run export`: the static site families get. Fetches all published content once, renders
// every route with renderToString, bundles the browser code, self-hosts image variants, and swaps
// the result into out/ atomically, rewriting only files whose bytes changed.
//
// Usage: npm run export -- [--content DIR] [--out DIR] [--base PATH] [--site-url URL]
//                           [--self-host-images] [--time-limit MS] [--strict] [--verbose]
// Content comes from the hosted project when SANITY_PROJECT_ID is set, otherwise from the embedded
// content service over --content (default content/sample).
//
// Exit codes (also in the README):
//   0  the site was exported
//   1  usage or configuration error (bad flag, bad environment, unusable --out)
//   2  fetching content or images failed (after retries, within the time limit)
//   3  no valid content: zero publishable schools
//   4  rendering, bundling or writing failed
//   6  --strict only: the content has warnings; nothing was published
// On any non-zero exit the previous out/ is left exactly as it was.
// Must stay the first import: it selects React's production build before anything loads React.
import './lib/production-env.ts';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { exitOnSignals, isMainModule, runCommand } from '../core/cli.ts';
import { parseArgs, usage, type FlagSpecs } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT, type ExitCode } from '../core/exit-codes.ts';
import { normalizeSiteUrl } from '../src/lib/seo.ts';
import { isTarball } from '../core/content-source.ts';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../core/paths.ts';
import { normalizeBase, parseMs } from './lib/options.ts';
import { formatBytes, formatMs } from './lib/progress.ts';
import { DEFAULT_TIME_LIMIT_MS } from './lib/retry.ts';
import { OutDirError } from './lib/write-site.ts';
import type { WarningInput } from '../src/lib/warn.ts';

// The table every command shares (core/exit-codes.ts); re-exported for the export's callers.
export { EXIT, type ExitCode };
export {
  DEFAULT_OUT_DIR,
  ExportError,
  type ExportIo,
  type ExportOptions,
  type ExportSummary,
  IMAGE_CACHE_DIR,
  IMAGE_CACHE_ENV,
  MANIFEST_DIR,
  MANIFEST_DIR_ENV,
  PROJECT_ROOT,
  siteTime,
  TIME_LIMIT_ENV,
} from './lib/export-run.ts';
import {
  DEFAULT_OUT_DIR,
  ExportError,
  type ExportIo,
  type ExportOptions,
  type ExportSummary,
  fullPlan,
  message,
  openExport,
  planExport,
  TIME_LIMIT_ENV,
} from './lib/export-run.ts';
import { readContent, renderPages, validate } from './lib/export-stages.ts';
import { hasPublished, writeExport } from './lib/export-write.ts';
import { processEnv } from '../core/environment.ts';

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
  strict: {
    type: 'boolean',
    description: `fail (exit ${EXIT.strict}) and publish nothing when the content has any warning: a gate for CI`,
  },
  verbose: { type: 'boolean', description: 'print every warning as it comes, besides the summary' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} satisfies FlagSpecs;

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
    strict: values.strict === true,
    verbose: values.verbose === true,
    timeLimitMs: parseMs(
      values['time-limit'] ?? io.env[TIME_LIMIT_ENV],
      values['time-limit'] !== undefined ? '--time-limit' : TIME_LIMIT_ENV,
      DEFAULT_TIME_LIMIT_MS,
    ),
  };
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
      const held: WarningInput[] = [];
      const report = plan.since
        ? (w: WarningInput) => {
            held.push(w);
          }
        : run.warn;
      const read = await readContent(run, plan);
      if ('needsFullRead' in read) continue;
      const content = validate(plan, read, report);
      if ('needsFullRead' in content) continue;
      const rendered = await renderPages(run, plan, content, report);
      if ('needsFullRead' in rendered) continue;
      for (const w of held) run.warn(w);
      return await writeExport(run, plan, { read, content: rendered.content, rendered, started });
    }
  } finally {
    await Promise.resolve(run.source.close()).catch(() => {});
  }
}

export function formatSummary(s: ExportSummary, cwd: string): string {
  const rel = path.relative(cwd, s.out) || '.';
  return [
    `Exported ${s.pages} pages (${s.schools} schools), ${s.images.total} images, ${s.write.files} files, ${formatBytes(s.write.bytes)} to ${rel}/ in ${formatMs(s.ms)}`,
    `  ${s.write.written} written, ${s.write.unchanged} unchanged; pages ${s.rendered} rendered, ${s.carried} carried over; images ${s.images.fetched} fetched, ${s.images.cached} from cache${s.images.missing ? `, ${s.images.missing} missing` : ''}`,
    `  content: ${s.content.changed === null ? `all read (${s.content.fetched} school documents)` : `${s.content.changed} changed document(s) since the last export, ${s.content.fetched} school document(s) read`}`,
    `  JS first load ${formatBytes(s.bundle.firstLoadJsGzip)} gzip, ${Object.entries(s.bundle.pageChunkGzip)
      .map(([module, bytes]) => `${path.basename(module, '.tsx')} chunk ${formatBytes(bytes)} gzip`)
      .join(', ')}, CSS ${formatBytes(s.bundle.cssGzip)} gzip`,
    ...s.report.lines,
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
      `${usage('npm run export -- [flags]', FLAGS)}\n\nExit codes: 0 ok, 1 usage/config error, 2 content fetch failed, 3 no valid content, 4 render/write failed, 6 --strict: the content has warnings.\n`,
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

/** What a signal stopping the export left: nothing published, unless the swap had happened. */
export const stoppedMessage = (signal: string): string =>
  hasPublished()
    ? `export: stopped by ${signal} after the new site was published`
    : `export: stopped by ${signal}; nothing was published (the previous site, if any, is as it was)`;

/** Runs the CLI in this process: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  exitOnSignals((signal) => stoppedMessage(signal));
  runCommand(() =>
    main(process.argv.slice(2), {
      env: processEnv(),
      stdout: process.stdout,
      stderr: process.stderr,
      cwd: process.cwd(),
    }),
  );
}

if (isMainModule(import.meta.url)) runCli();
