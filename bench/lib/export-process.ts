// The export as the benchmark runs it: a child process (the in-process runner under tsx, the
// production launcher, or npm run export) against a running service or a dataset folder, with its
// summary, phases, wall and process time and peak memory parsed into one ExportRun.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ROOT } from '../gen-dataset.ts';
import { EMBEDDED_PROJECT_ID } from '../../src/config/public.ts';
import { childEnv as inherited } from '../../core/environment.ts';
import { TIME_LIMIT_ENV } from '../../scripts/lib/export-run.ts';

export const TIME = '/usr/bin/time';
/** The export CLI's main() run in-process, timed after module loading (see export-runner.ts). */
export const EXPORT_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/export-runner.ts');
export const FLOOR_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/render-floor.ts');
export const CONTENT_SCRIPT = path.join(BENCH_ROOT, 'content-service/cli.ts');
/** The production launcher behind npm run export (bin/run.mjs: the CLI bundled into dist/, no tsx). */
export const LAUNCHER = path.join(BENCH_ROOT, 'bin/run.mjs');
/** Preloaded into a Node child when /usr/bin/time is missing: prints its peak RSS as it exits. */
export const MAX_RSS_HOOK = path.join(BENCH_ROOT, 'bench/lib/max-rss.mjs');
export const DATASET = 'production';
/** One-school incremental exports per starter in the whole-process rows; the median is reported. */
export const PROCESS_ROUNDS = 3;
/**
 * The project id the hosted-mode exports use. The export caches image variants by their path,
 * which names the project; with the embedded service's id the running-service exports and the
 * embedded comparison share one warm cache and write byte-comparable sites. Hosted mode is chosen
 * by SANITY_PROJECT_ID being set, not by its value.
 */
export const HOSTED_PROJECT_ID = EMBEDDED_PROJECT_ID;

export const SOURCE_RUNNING =
  'running content service (npm run content, started once for the bench), hosted mode: SANITY_API_HOST, --self-host-images';
/** The same running service, the export run as a whole process by the production launcher. */
export const SOURCE_RUNNING_PROCESS = `${SOURCE_RUNNING}; whole process, production launcher`;
export const SOURCE_EMBEDDED =
  'embedded service started in-process by the export (--content DIR, the npm run export default)';

/** A dataset folder, the export run as a whole process by the production launcher. */
export const SOURCE_FOLDER_PROCESS = `${SOURCE_EMBEDDED}; whole process, production launcher`;

export interface Sized {
  bytes: number;
  gzip: number;
}

export interface SiteComparison {
  files: number;
  pages: number;
  /** Files whose bytes differ between the two sites (relative paths, at most 20 listed). */
  differing: string[];
  differingCount: number;
  /** Image references in pages, all self-hosted under /media/ and present in the site. */
  mediaRefs: number;
  mediaFiles: number;
}

export interface ExportRun {
  /** Where the export read its content from (SOURCE_RUNNING or SOURCE_EMBEDDED). */
  contentSource: string;
  /** The export's main() in-process (Node/tsx start-up and module loading excluded, the same for every run). */
  wallMs: number;
  /** The whole child process, start-up included. */
  processMs: number;
  pages: number;
  pagesPerSec: number;
  peakRssMb: number | null;
  written: number | null;
  unchanged: number | null;
  /** Pages rendered this run, and pages carried over from the previous export to the same out/. */
  rendered: number | null;
  carried: number | null;
  imagesFetched: number | null;
  imagesCached: number | null;
  outBytes: number | null;
  /** Lines of the report the export prints (its warnings by kind), from "Report:" on; null when it printed none. */
  reportLines: number | null;
  /** Every line the run printed, stdout and stderr (printedLines). */
  printedLines: number;
  /** The export's own phase durations (fetch, bundle, render, images, write) in ms; `other` is the rest of main(): setup (with the embedded default, starting its service), the manifest. */
  phasesMs: Record<string, number>;
}

/** Environment without hosted settings (the embedded service is used) and with React's production build. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // A time limit set in the shell would cut the measured exports short.
  const env = inherited({ NODE_ENV: 'production' }, { embedded: true });
  delete env[TIME_LIMIT_ENV];
  return { ...env, ...extra };
}

/** The settings CI uses for a hosted project, pointed at the bench's running service. */
export function hostedEnv(serviceUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    SANITY_PROJECT_ID: HOSTED_PROJECT_ID,
    SANITY_DATASET: DATASET,
    SANITY_API_HOST: serviceUrl,
    ...extra,
  });
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  peakRssKb: number | null;
}

/**
 * How a child starts: TypeScript through tsx (the in-process runner, the floor), or the shipped
 * commands as a person or CI runs them (`node bin/run.mjs export`, `npm run export`).
 */
export type Starter = 'tsx' | 'launcher' | 'npm';

export function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  starter: Starter = 'tsx',
): Promise<ChildResult> {
  const command =
    starter === 'npm'
      ? ['npm', 'run', '--silent', 'export', '--', ...args]
      : starter === 'launcher'
        ? [process.execPath, LAUNCHER, 'export', ...args]
        : [process.execPath, '--import', 'tsx', ...args];
  return runCommand(command, env, timeoutMs);
}

/**
 * Runs `command` (from BENCH_ROOT, or `cwd`) and times it; its peak RSS, the whole process with its
 * threads, comes from /usr/bin/time -v, or without it, for a Node command, from the child's own
 * process.resourceUsage() as it exits (MAX_RSS_HOOK).
 */
export function runCommand(
  command: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  cwd = BENCH_ROOT,
): Promise<ChildResult> {
  const useTime = existsSync(TIME);
  const hooked =
    !useTime && command[0] === process.execPath ? [command[0], '--import', MAX_RSS_HOOK, ...command.slice(1)] : command;
  const cmd = useTime ? TIME : hooked[0]!;
  const argv = useTime ? ['-v', ...command] : hooked.slice(1);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.length > 4_000_000) stderr = stderr.slice(-1_000_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr) ?? /^MAX_RSS_KB (\d+)$/m.exec(stderr);
      resolve({ code, stdout, stderr, wallMs, peakRssKb: rss ? Number(rss[1]) : null });
    });
  });
}

/**
 * The lines a run of the export printed, stdout and stderr together, without what the harness adds
 * (/usr/bin/time's block, MAX_RSS_KB, the runner's EXPORT_MAIN_MS) or blank lines.
 */
export function printedLines(r: Pick<ChildResult, 'stdout' | 'stderr'>): number {
  const own = (text: string) => {
    const timed = text.indexOf('\tCommand being timed:');
    return (timed < 0 ? text : text.slice(0, timed))
      .split(/\r?\n|\r/)
      .filter((l) => l.trim() !== '' && !/^(MAX_RSS_KB|EXPORT_MAIN_MS) /.test(l));
  };
  return own(r.stdout).length + own(r.stderr).length;
}

export function parseSummary(stdout: string, r: ChildResult, contentSource: string): ExportRun {
  const pages = Number(/Exported (\d+) pages/.exec(stdout)?.[1] ?? NaN);
  const num = (re: RegExp) => {
    const m = re.exec(stdout);
    return m ? Number(m[1]) : null;
  };
  const size = /files, ([\d.]+) (B|KB|MB) to/.exec(stdout);
  const outBytes = size
    ? Math.round(Number(size[1]) * (size[2] === 'MB' ? 1024 * 1024 : size[2] === 'KB' ? 1024 : 1))
    : null;
  // A whole-process run (the shipped launcher) has no in-process clock: its time is the process's.
  const mainMs =
    contentSource === SOURCE_RUNNING_PROCESS || contentSource === SOURCE_FOLDER_PROCESS
      ? r.wallMs
      : Number(/^EXPORT_MAIN_MS ([\d.]+)$/m.exec(stdout)?.[1] ?? NaN);
  if (!Number.isFinite(mainMs)) throw new Error(`export runner printed no EXPORT_MAIN_MS:\n${stdout.slice(-2000)}`);
  return {
    contentSource,
    wallMs: mainMs,
    processMs: r.wallMs,
    pages,
    pagesPerSec: pages / (mainMs / 1000),
    peakRssMb: r.peakRssKb === null ? null : r.peakRssKb / 1024,
    written: num(/(\d+) written/),
    unchanged: num(/(\d+) unchanged/),
    rendered: num(/pages (\d+) rendered/),
    carried: num(/(\d+) carried over/),
    imagesFetched: num(/images (\d+) fetched/),
    imagesCached: num(/(\d+) from cache/),
    outBytes,
    reportLines: reportLinesOf(stdout),
    printedLines: printedLines(r),
    phasesMs: parsePhases(r.stderr, mainMs),
  };
}

/** How many lines the export's report takes: from its "Report:" line to the end of the summary. */
export function reportLinesOf(stdout: string): number | null {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Report:'));
  if (start < 0) return null;
  const rest = lines.slice(start);
  const end = rest.findIndex((l, i) => i > 0 && !l.startsWith('  '));
  return end < 0 ? rest.length : end;
}

/** Phase lines as the export prints them for a terminal: "  render    2.31 s  1002 pages". */
export function parsePhases(stderr: string, mainMs: number): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const line of stderr.split(/[\r\n]+/)) {
    const m = /^ {2}([a-z]+) +(\d+(?:\.\d+)?) (ms|s)(?: {2}|$)/.exec(line);
    if (m) phases[m[1]!] = (phases[m[1]!] ?? 0) + Number(m[2]) * (m[3] === 's' ? 1000 : 1);
  }
  const sum = Object.values(phases).reduce((a, b) => a + b, 0);
  if (sum > 0) phases.other = Math.max(0, mainMs - sum);
  return phases;
}

/** Where an export keeps its image variants and manifests; `timeLimitMs`: its fetch time limit, else the default. */
export interface ExportDirs {
  cache: string;
  manifests: string;
  timeLimitMs?: number;
}

/** Writes the previous run's dirty pages to disk first, so one run's writes do not land in the next one's time. */
export function flushDisk(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 30_000 });
  } catch {
    /* no sync(1) here: runs are merely noisier */
  }
}

/** One export run; `source` is the running service's URL, or a dataset folder for the embedded default. */
export async function exportOnce(
  source: { serviceUrl: string } | { contentDir: string },
  outDir: string,
  dirs: ExportDirs,
  label: string,
  starter: Starter = 'tsx',
): Promise<ExportRun> {
  const extra: Record<string, string> = { EXPORT_IMAGE_CACHE_DIR: dirs.cache, EXPORT_MANIFEST_DIR: dirs.manifests };
  if (dirs.timeLimitMs) extra[TIME_LIMIT_ENV] = String(dirs.timeLimitMs);
  // tsx runs the in-process runner (main() timed inside); the launcher and npm run the shipped CLI.
  const script = starter === 'tsx' ? [EXPORT_SCRIPT] : [];
  const [args, env, contentSource] =
    'serviceUrl' in source
      ? [
          [...script, '--out', outDir, '--self-host-images'],
          hostedEnv(source.serviceUrl, extra),
          starter === 'tsx' ? SOURCE_RUNNING : SOURCE_RUNNING_PROCESS,
        ]
      : [
          [...script, '--content', source.contentDir, '--out', outDir],
          childEnv(extra),
          starter === 'tsx' ? SOURCE_EMBEDDED : SOURCE_FOLDER_PROCESS,
        ];
  flushDisk();
  const r = await run(args, env, 600_000, starter);
  if (r.code !== 0) throw new Error(`export (${label}) exited with ${r.code}:\n${r.stderr.slice(-3000)}`);
  return parseSummary(r.stdout, r, contentSource);
}
