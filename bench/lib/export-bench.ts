// Export throughput as it runs in production: CI exports from a hosted content service that is
// already running elsewhere, so the benchmark starts the embedded content service once, as its own
// process (`npm run content`), and runs the real export CLI as a child process against it in
// hosted mode (SANITY_API_HOST, --self-host-images): cold (empty variant cache, empty out/), warm
// (variants from the cache, empty out/) and incremental (one school's section edited through the
// service's mutate API, as an editor publishes, previous out/ in place). The npm run export default
// (--content: the export starts the service in-process and parses the dataset itself) is measured
// once more for comparison, and the in-memory render floor over the same content. Then the shipped
// command as whole processes, start-up included (`node bin/run.mjs export` and `npm run export`):
// a warm full export and one-school incremental exports, as a publish hook runs them.
// Peak RSS comes from /usr/bin/time -v when present, else from the child's own resourceUsage.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ROOT, generateDataset } from '../gen-dataset.ts';
import { DEFAULT_API_VERSION, EMBEDDED_PROJECT_ID } from '../../src/config/public.ts';
import { LANGS } from '../../src/i18n/messages.ts';
import { NAV_FILE } from '../../scripts/lib/pages.ts';
import { codeVersion } from '../../scripts/lib/export-manifest.ts';
import { listFiles } from '../../scripts/lib/list-files.ts';
import type { FloorResult } from './render-floor.ts';

const TIME = '/usr/bin/time';
/** The export CLI's main() run in-process, timed after module loading (see export-runner.ts). */
const EXPORT_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/export-runner.ts');
const FLOOR_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/render-floor.ts');
const CONTENT_SCRIPT = path.join(BENCH_ROOT, 'content-service/cli.ts');
/** The production launcher behind npm run export (bin/run.mjs: the CLI bundled into dist/, no tsx). */
const LAUNCHER = path.join(BENCH_ROOT, 'bin/run.mjs');
const DATASET = 'production';
/** One-school incremental exports per starter in the whole-process rows; the median is reported. */
const PROCESS_ROUNDS = 3;
/**
 * The project id the hosted-mode exports use. The export caches image variants by their path,
 * which names the project; with the embedded service's id the running-service exports and the
 * embedded comparison share one warm cache and write byte-comparable sites. Hosted mode is chosen
 * by SANITY_PROJECT_ID being set, not by its value.
 */
const HOSTED_PROJECT_ID = EMBEDDED_PROJECT_ID;

export const SOURCE_RUNNING =
  'running content service (npm run content, started once for the bench), hosted mode: SANITY_API_HOST, --self-host-images';
/** The same running service, the export run as a whole process by the production launcher. */
export const SOURCE_RUNNING_PROCESS = `${SOURCE_RUNNING}; whole process, production launcher`;
export const SOURCE_EMBEDDED =
  'embedded service started in-process by the export (--content DIR, the npm run export default)';

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
  /** The export's own phase durations (fetch, bundle, render, images, write) in ms; `other` is the rest of main(): setup (with the embedded default, starting its service), the manifest. */
  phasesMs: Record<string, number>;
}

export interface ExportBench {
  schools: number;
  datasetDocuments: number;
  /** The content service the cold, warm and incremental exports read, started once before them. */
  service: { command: string; startMs: number; schoolsServed: number };
  /** Against the running service. */
  cold: ExportRun;
  /** Against the running service. */
  warm: ExportRun;
  /** Against the running service, after the edit below. */
  incremental: ExportRun;
  /** Warm full export the old way: --content, the export starts the embedded service itself. */
  embedded: ExportRun;
  /**
   * The shipped command as whole processes against the running service, start-up included:
   * `node bin/run.mjs export` (the launcher npm runs) and `npm run export`, each a warm full export
   * into an empty out/ and the median of PROCESS_ROUNDS one-school incremental exports.
   */
  process: {
    /** `node bin/run.mjs export --help` before the timed runs: builds dist/ when stale (not timed below). */
    prepareMs: number;
    full: { node: ExportRun; npm: ExportRun };
    incremental: { node: ExportRun; npm: ExportRun; rounds: number; nodeMs: number[]; npmMs: number[] };
  };
  floor: FloorResult;
  /** warm export (running service) wall time / pure render time of the same pages */
  overheadRatio: number;
  /** incremental wall time / warm full export wall time (both against the running service) */
  incrementalRatio: number;
  /**
   * True when src/ or scripts/ changed between the warm and the incremental run (others editing the
   * shared tree): the export then rightly re-renders every page, and the incremental figure is void.
   */
  codeChangedDuringRun: boolean;
  /** The published edit behind the incremental run, and what was checked in out/ afterwards. */
  edit: { schoolId: string; page: string; before: string; after: string; pageChanged: true; titleFound: true };
  /** The warm running-service site against the embedded one (same dataset, same image cache). */
  equivalence: SiteComparison;
  /** HTML of this district's pages (the school list ships once as navigation.json, pages carry no list): raw and gzip bytes. */
  html: { landing: Sized; school: Sized; navigation: Sized | null };
}

interface Sized {
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

/** Environment without hosted settings (the embedded service is used) and with React's production build. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('SANITY_') && k !== 'EXPORT_TIME_LIMIT_MS') env[k] = v;
  return { ...env, NODE_ENV: 'production', ...extra };
}

/** The settings CI uses for a hosted project, pointed at the bench's running service. */
function hostedEnv(serviceUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    SANITY_PROJECT_ID: HOSTED_PROJECT_ID,
    SANITY_DATASET: DATASET,
    SANITY_API_HOST: serviceUrl,
    ...extra,
  });
}

interface ChildResult {
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
type Starter = 'tsx' | 'launcher' | 'npm';

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  starter: Starter = 'tsx',
): Promise<ChildResult> {
  const useTime = existsSync(TIME);
  const command =
    starter === 'npm'
      ? ['npm', 'run', '--silent', 'export', '--', ...args]
      : starter === 'launcher'
        ? [process.execPath, LAUNCHER, 'export', ...args]
        : [process.execPath, '--import', 'tsx', ...args];
  const cmd = useTime ? TIME : command[0]!;
  const argv = useTime ? ['-v', ...command] : command.slice(1);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd: BENCH_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      resolve({ code, stdout, stderr, wallMs, peakRssKb: rss ? Number(rss[1]) : null });
    });
  });
}

function parseSummary(stdout: string, r: ChildResult, contentSource: string): ExportRun {
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
    contentSource === SOURCE_RUNNING_PROCESS ? r.wallMs : Number(/^EXPORT_MAIN_MS ([\d.]+)$/m.exec(stdout)?.[1] ?? NaN);
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
    phasesMs: parsePhases(r.stderr, mainMs),
  };
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

/** One export run; `source` is the running service's URL, or a dataset folder for the embedded default. */
/** Writes the previous run's dirty pages to disk first, so one run's writes do not land in the next one's time. */
function flushDisk(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 30_000 });
  } catch {
    /* no sync(1) here: runs are merely noisier */
  }
}

async function exportOnce(
  source: { serviceUrl: string } | { contentDir: string },
  outDir: string,
  dirs: { cache: string; manifests: string },
  label: string,
  starter: Starter = 'tsx',
): Promise<ExportRun> {
  const extra = { EXPORT_IMAGE_CACHE_DIR: dirs.cache, EXPORT_MANIFEST_DIR: dirs.manifests };
  // tsx runs the in-process runner (main() timed inside); the launcher and npm run the shipped CLI.
  const script = starter === 'tsx' ? [EXPORT_SCRIPT] : [];
  const [args, env, contentSource] =
    'serviceUrl' in source
      ? [
          [...script, '--out', outDir, '--self-host-images'],
          hostedEnv(source.serviceUrl, extra),
          starter === 'tsx' ? SOURCE_RUNNING : SOURCE_RUNNING_PROCESS,
        ]
      : [[...script, '--content', source.contentDir, '--out', outDir], childEnv(extra), SOURCE_EMBEDDED];
  flushDisk();
  const r = await run(args, env, 600_000, starter);
  if (r.code !== 0) throw new Error(`export (${label}) exited with ${r.code}:\n${r.stderr.slice(-3000)}`);
  return parseSummary(r.stdout, r, contentSource);
}

export interface RunningService {
  url: string;
  token: string;
  /** From spawning `npm run content` to its first answered query. */
  startMs: number;
  schools: number;
  stop(): Promise<void>;
}

/**
 * Starts `npm run content` (content-service/cli.ts) over `contentDir` on a free loopback port with a
 * random token, and waits until it answers a query. The caller must stop() it, also on failure.
 */
export async function startServiceProcess(
  contentDir: string,
  opts: { timeoutMs?: number } = {},
): Promise<RunningService> {
  // `--token=T`, not `--token T`: a base64url token may start with '-', which parses as a flag.
  const token = randomBytes(24).toString('base64url');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CONTENT_SCRIPT, '--content', contentDir, '--port', '0', `--token=${token}`],
    {
      cwd: BENCH_ROOT,
      env: childEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = () => stopChild(child);
  try {
    // Port 0: the service binds a port the system knows is free and prints its URL on a line of its own.
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(
        () =>
          reject(
            new Error(`content service printed no URL within ${opts.timeoutMs ?? 60_000} ms:\n${stdout}${stderr}`),
          ),
        opts.timeoutMs ?? 60_000,
      );
      child.stdout!.on('data', (d) => {
        stdout += d;
        const m = /^(http:\/\/127\.0\.0\.1:\d+)\r?\n/m.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.stderr!.on('data', (d) => {
        stderr += d;
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`content service exited with ${code} before listening:\n${stderr.slice(-3000)}`));
      });
    });
    child.stdout!.resume();
    child.stderr!.resume();
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    let schools: number | null = null;
    let lastError = '';
    while (schools === null) {
      try {
        const res = await fetch(
          `${url}/v${DEFAULT_API_VERSION}/data/query/${DATASET}?query=${encodeURIComponent('count(*[_type == "school"])')}`,
        );
        const body = (await res.json()) as { result?: unknown };
        if (res.ok && typeof body.result === 'number') schools = body.result;
        else lastError = `HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`;
      } catch (err) {
        lastError = (err as Error).message;
      }
      if (schools === null) {
        if (Date.now() > deadline) throw new Error(`content service at ${url} did not answer a query: ${lastError}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return { url, token, startMs: performance.now() - started, schools, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** SIGTERM (the CLI closes its server and exits), SIGKILL if it has not gone after 5 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Publishes an edit of one school's first section title through the service's mutate API, as an
 * editor's tool does (bearer token, a patch guarded by the revision it was made against). Section
 * titles are neither navigation nor card fields, so only that school's page should change.
 * Returns the title before and after.
 */
export async function publishSectionEdit(
  serviceUrl: string,
  token: string,
  schoolId: string,
): Promise<{ before: string; after: string }> {
  const api = `${serviceUrl}/v${DEFAULT_API_VERSION}/data`;
  const auth = { authorization: `Bearer ${token}` };
  const got = await fetch(`${api}/doc/${DATASET}/${encodeURIComponent(schoolId)}`, { headers: auth });
  if (!got.ok) throw new Error(`bench: reading ${schoolId} failed: HTTP ${got.status} ${await got.text()}`);
  const doc = ((await got.json()) as { documents: { _rev?: string; sectionRepeater?: { title?: string }[] }[] })
    .documents[0];
  if (!doc) throw new Error(`bench: ${schoolId} not found in the content service`);
  const before = doc.sectionRepeater?.[0]?.title;
  if (typeof before !== 'string') throw new Error(`bench: ${schoolId} has no first section title to edit`);
  const after = `${before} (revised ${randomBytes(4).toString('hex')})`;
  const res = await fetch(`${api}/mutate/${DATASET}?returnDocuments=true`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      mutations: [
        {
          patch: {
            id: schoolId,
            ...(doc._rev ? { ifRevisionID: doc._rev } : {}),
            set: { 'sectionRepeater[0].title': after },
          },
        },
      ],
    }),
  });
  const body = (await res.json()) as {
    results?: { id: string; operation: string; document?: { sectionRepeater?: { title?: string }[] } }[];
  };
  const result = body.results?.[0];
  if (!res.ok || result?.operation !== 'update' || result.document?.sectionRepeater?.[0]?.title !== after) {
    throw new Error(
      `bench: the edit of ${schoolId} was not applied: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`,
    );
  }
  return { before, after };
}

/** Text as React writes it into element content. */
const reactText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** Fails loudly unless the edited page in out/ changed and shows the new title: a fast but stale incremental export must not pass. */
export function checkEditedPage(pageFile: string, htmlBefore: string, title: string): void {
  const html = readFileSync(pageFile, 'utf8');
  if (html === htmlBefore)
    throw new Error(
      `bench: the incremental export left ${pageFile} unchanged after the edit was published (stale export)`,
    );
  if (!html.includes(reactText(title)))
    throw new Error(`bench: ${pageFile} changed but does not show the published title "${title}" (stale export)`);
}

/**
 * Compares two exported sites of the same content: same files, and reports which differ in bytes.
 * Checks that every image a page references is self-hosted under /media/ and present, and that no
 * page points at the content service (a loopback URL would break once the service is gone).
 */
export function compareSites(a: string, b: string): SiteComparison {
  const fa = listFiles(a);
  const fb = listFiles(b);
  const setB = new Set(fb);
  const onlyA = fa.filter((f) => !setB.has(f));
  const setA = new Set(fa);
  const onlyB = fb.filter((f) => !setA.has(f));
  if (onlyA.length || onlyB.length) {
    throw new Error(
      `bench: the running-service and embedded exports wrote different files: only in the first ${onlyA.slice(0, 10).join(', ') || '-'}; only in the second ${onlyB.slice(0, 10).join(', ') || '-'}`,
    );
  }
  const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const differing = fa.filter((f) => hash(path.join(a, f)) !== hash(path.join(b, f)));
  const pages = fa.filter((f) => f.endsWith('.html'));
  let mediaRefs = 0;
  for (const page of pages) {
    for (const dir of [a, b]) {
      const html = readFileSync(path.join(dir, page), 'utf8');
      const loopback = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])[^"'\s)]*/.exec(html);
      if (loopback)
        throw new Error(
          `bench: ${dir}/${page} references the content service (${loopback[0]}): images are not self-hosted`,
        );
      if (dir !== a) continue;
      for (const m of html.matchAll(/\/media\/[\w.-]+\.webp/g)) {
        mediaRefs++;
        if (!setA.has(m[0].slice(1)))
          throw new Error(`bench: ${page} references ${m[0]}, which the export did not write`);
      }
    }
  }
  if (mediaRefs === 0) throw new Error('bench: no page references a self-hosted image under /media/');
  return {
    files: fa.length,
    pages: pages.length,
    differing: differing.slice(0, 20),
    differingCount: differing.length,
    mediaRefs,
    mediaFiles: fa.filter((f) => f.startsWith('media/')).length,
  };
}

export async function benchExport(opts: {
  schools: number;
  log: (msg: string) => void;
  keep?: boolean;
}): Promise<ExportBench> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-export-'));
  let service: RunningService | null = null;
  try {
    const dataDir = path.join(work, 'dataset');
    const gen = generateDataset({ n: opts.schools, outDir: dataDir });
    opts.log(`dataset: ${gen.schools} schools, ${gen.documents} documents, ${gen.images} shared image files`);
    const dirs = { cache: path.join(work, 'image-cache'), manifests: path.join(work, 'manifests') };

    opts.log(
      'content service: npm run content (content-service/cli.ts), once for the cold, warm and incremental exports…',
    );
    service = await startServiceProcess(dataDir);
    opts.log(
      `  ${service.url}, answering after ${(service.startMs / 1000).toFixed(2)} s, ${service.schools} school documents`,
    );
    const hosted = { serviceUrl: service.url };

    opts.log('export against the running service: cold (empty image cache)…');
    // Earlier outputs stay until the end: deleting 39 MB and 2,000 entries right before a timed run
    // left the file system busy and made the next export's write phase swing from 0.15 s to 0.55 s.
    const cold = await exportOnce(hosted, path.join(work, 'out-cold'), dirs, 'cold');
    opts.log(`  ${(cold.wallMs / 1000).toFixed(1)} s`);

    opts.log('export against the running service: warm (variants from the cache)…');
    const outDir = path.join(work, 'out');
    const codeAtWarm = await codeVersion(BENCH_ROOT, { cache: false });
    const warm = await exportOnce(hosted, outDir, dirs, 'warm');
    opts.log(`  ${(warm.wallMs / 1000).toFixed(1)} s`);

    // Same dataset (mutations live in the service's memory, the folder is untouched), same cache.
    opts.log('export with the embedded service started by the export (--content, npm run export default): warm…');
    const embeddedOut = path.join(work, 'out-embedded');
    const embedded = await exportOnce({ contentDir: dataDir }, embeddedOut, dirs, 'embedded');
    opts.log(`  ${(embedded.wallMs / 1000).toFixed(1)} s`);
    const equivalence = compareSites(outDir, embeddedOut);
    if (warm.pages !== embedded.pages)
      throw new Error(`bench: the running-service export has ${warm.pages} pages, the embedded one ${embedded.pages}`);
    opts.log(
      `  same ${equivalence.files} files (${equivalence.pages} HTML), ${equivalence.differingCount} differ in bytes${equivalence.differingCount ? `: ${equivalence.differing.slice(0, 5).join(', ')}` : ''}; ${equivalence.mediaRefs} image references, all under /media/`,
    );

    const sizeOf = (rel: string): Sized => {
      const b = readFileSync(path.join(outDir, rel));
      return { bytes: b.length, gzip: gzipSync(b, { level: 9 }).length };
    };
    const html = {
      landing: sizeOf('index.html'),
      school: sizeOf(`schools/${gen.slugs[0]}/index.html`),
      navigation: existsSync(path.join(outDir, NAV_FILE)) ? sizeOf(NAV_FILE) : null,
    };

    opts.log(
      "export against the running service: incremental (one school's section title published through the mutate API)…",
    );
    const i = Math.floor(gen.schoolIds.length / 2);
    const schoolId = gen.schoolIds[i]!;
    const page = `schools/${gen.slugs[i]!}/index.html`;
    const htmlBefore = readFileSync(path.join(outDir, page), 'utf8');
    const { before, after } = await publishSectionEdit(service.url, service.token, schoolId);
    const incremental = await exportOnce(hosted, outDir, dirs, 'incremental');
    const codeChangedDuringRun = (await codeVersion(BENCH_ROOT, { cache: false })) !== codeAtWarm;
    checkEditedPage(path.join(outDir, page), htmlBefore, after);
    opts.log(
      `  ${(incremental.wallMs / 1000).toFixed(1)} s, ${incremental.rendered ?? '?'} of ${incremental.pages} pages rendered, ${incremental.written} files written; ${page} shows "${after}"`,
    );
    if (codeChangedDuringRun)
      opts.log(
        '  warning: the export code changed since the warm run, so every page was re-rendered: the incremental figure is void, run the bench again',
      );

    // The shipped command as a publish hook or a person runs it, start-up and module loading included.
    opts.log('whole-process exports with the production launcher (node bin/run.mjs export, npm run export)…');
    const prepared = performance.now();
    const prep = spawnSync(process.execPath, [LAUNCHER, 'export', '--help'], {
      cwd: BENCH_ROOT,
      env: childEnv({}),
      encoding: 'utf8',
    });
    if (prep.status !== 0) throw new Error(`bin/run.mjs could not build or start the export:\n${prep.stderr}`);
    const prepareMs = performance.now() - prepared;
    opts.log(`  dist/ ready after ${(prepareMs / 1000).toFixed(2)} s (built only when a source is newer)`);
    const outs = { node: path.join(work, 'out-process-node'), npm: path.join(work, 'out-process-npm') };
    const full = {
      node: await exportOnce(hosted, outs.node, dirs, 'full, node bin/run.mjs export', 'launcher'),
      npm: await exportOnce(hosted, outs.npm, dirs, 'full, npm run export', 'npm'),
    };
    opts.log(
      `  full warm: ${(full.node.processMs / 1000).toFixed(2)} s node bin/run.mjs, ${(full.npm.processMs / 1000).toFixed(2)} s npm run export`,
    );
    const rounds: { node: ExportRun[]; npm: ExportRun[] } = { node: [], npm: [] };
    for (let k = 0; k < PROCESS_ROUNDS; k++) {
      // One publish per round, exported by both: each out/ then has exactly one school to catch up on.
      const j = (i + 1 + k) % gen.schoolIds.length; // a different school each round, not the one edited above
      const edited = `schools/${gen.slugs[j]!}/index.html`;
      const before = {
        node: readFileSync(path.join(outs.node, edited), 'utf8'),
        npm: readFileSync(path.join(outs.npm, edited), 'utf8'),
      };
      const edit = await publishSectionEdit(service.url, service.token, gen.schoolIds[j]!);
      for (const which of ['node', 'npm'] as const) {
        const htmlBefore = before[which];
        const r = await exportOnce(
          hosted,
          outs[which],
          dirs,
          `incremental, ${which}`,
          which === 'node' ? 'launcher' : 'npm',
        );
        checkEditedPage(path.join(outs[which], edited), htmlBefore, edit.after);
        // One school is one page per edition (English, Spanish): anything more is not a one-school publish.
        if (r.rendered !== LANGS.length)
          throw new Error(
            `bench: a one-school publish rendered ${r.rendered} pages in the ${which} run, not ${LANGS.length}`,
          );
        rounds[which].push(r);
      }
    }
    const median = (runs: ExportRun[]) =>
      [...runs].sort((a, b) => a.processMs - b.processMs)[Math.floor(runs.length / 2)]!;
    const processRuns = {
      prepareMs,
      full,
      incremental: {
        node: median(rounds.node),
        npm: median(rounds.npm),
        rounds: PROCESS_ROUNDS,
        nodeMs: rounds.node.map((r) => r.processMs),
        npmMs: rounds.npm.map((r) => r.processMs),
      },
    };
    opts.log(
      `  one-school incremental (median of ${PROCESS_ROUNDS}): ${(processRuns.incremental.node.processMs / 1000).toFixed(2)} s node bin/run.mjs, ${(processRuns.incremental.npm.processMs / 1000).toFixed(2)} s npm run export`,
    );

    opts.log('render floor (in memory)…');
    flushDisk();
    const f = await run([FLOOR_SCRIPT, '--content', dataDir, '--rounds', '1'], childEnv({}), 600_000);
    if (f.code !== 0) throw new Error(`render floor exited with ${f.code}:\n${f.stderr.slice(-3000)}`);
    const floor = JSON.parse(f.stdout.trim().split('\n').pop()!) as FloorResult;
    opts.log(`  ${(floor.renderMs / 1000).toFixed(1)} s`);

    return {
      schools: gen.schools,
      datasetDocuments: gen.documents,
      service: {
        command: 'node --import tsx content-service/cli.ts --content DIR --port 0 --token T (npm run content)',
        startMs: service.startMs,
        schoolsServed: service.schools,
      },
      cold,
      warm,
      incremental,
      embedded,
      process: processRuns,
      floor,
      overheadRatio: warm.wallMs / floor.renderMs,
      incrementalRatio: incremental.wallMs / warm.wallMs,
      codeChangedDuringRun,
      edit: { schoolId, page, before, after, pageChanged: true, titleFound: true },
      equivalence,
      html,
    };
  } finally {
    await service?.stop();
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}
