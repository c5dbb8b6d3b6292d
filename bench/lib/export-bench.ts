// Export throughput as it runs in production: CI exports from a hosted content service that is
// already running elsewhere, so the benchmark starts the embedded content service once, as its own
// process (`npm run content`), and runs the real export CLI as a child process against it in
// hosted mode (SANITY_API_HOST, --self-host-images): cold (empty variant cache, empty out/), warm
// (variants from the cache, empty out/) and incremental (one school's section edited through the
// service's mutate API, as an editor publishes, previous out/ in place). The npm run export default
// (--content: the export starts the service in-process and parses the dataset itself) is measured
// once more for comparison, and the in-memory render floor over the same content. Then the shipped
// command as whole processes, start-up included (`node bin/run.mjs export` and `npm run export`):
// a warm full export and one-school incremental exports, as a publish hook runs them; and the
// same from a dataset folder (--content DIR, what a district without a running service runs): a
// full export and one-school incremental exports after an edit of the folder's dataset.ndjson.
// Peak RSS comes from /usr/bin/time -v when present, else from the child's own resourceUsage.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ROOT, generateDataset } from '../gen-dataset.ts';
import { LANGS } from '../../src/i18n/messages.ts';
import { NAV_FILE } from '../../scripts/lib/pages.ts';
import { codeVersion } from '../../scripts/lib/export-manifest.ts';
import type { FloorResult } from './render-floor.ts';
import {
  childEnv,
  type ExportDirs,
  type ExportRun,
  exportOnce,
  flushDisk,
  FLOOR_SCRIPT,
  LAUNCHER,
  PROCESS_ROUNDS,
  run,
  type SiteComparison,
  type Sized,
} from './export-process.ts';
import {
  checkEditedPage,
  compareSites,
  publishSectionEdit,
  type RunningService,
  startServiceProcess,
} from './export-service.ts';
import { medianBy } from './median.ts';

export type { ExportRun } from './export-process.ts';

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
  /**
   * The shipped command as whole processes from a dataset folder (--content DIR): a full export
   * into an empty out/, and the median of PROCESS_ROUNDS one-school incremental exports, each after
   * one school's section title changed in the folder's dataset.ndjson.
   */
  folder: { full: ExportRun; incremental: ExportRun; incrementalMs: number[]; ratio: number };
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

type Log = (msg: string) => void;
type Dirs = ExportDirs;
type Generated = ReturnType<typeof generateDataset>;

export async function benchExport(opts: { schools: number; log: Log; keep?: boolean }): Promise<ExportBench> {
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
    const hosted = await hostedExports(service, gen, dataDir, dirs, work, opts.log);
    const processRuns = await processExports(service, gen, dirs, work, opts.log);
    const folder = await folderExports(gen, dataDir, dirs, work, opts.log);
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
      ...hosted,
      process: processRuns,
      folder,
      floor,
      overheadRatio: hosted.warm.wallMs / floor.renderMs,
      incrementalRatio: hosted.incremental.wallMs / hosted.warm.wallMs,
    };
  } finally {
    await service?.stop();
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}

/** Cold, warm and incremental exports against the running service, and the embedded default for comparison. */
async function hostedExports(
  service: RunningService,
  gen: Generated,
  dataDir: string,
  dirs: Dirs,
  work: string,
  log: Log,
) {
  const hosted = { serviceUrl: service.url };
  log('export against the running service: cold (empty image cache)…');
  // Earlier outputs stay until the end: deleting 39 MB and 2,000 entries right before a timed run
  // left the file system busy and made the next export's write phase swing from 0.15 s to 0.55 s.
  const cold = await exportOnce(hosted, path.join(work, 'out-cold'), dirs, 'cold');
  log(`  ${(cold.wallMs / 1000).toFixed(1)} s`);
  log('export against the running service: warm (variants from the cache)…');
  const outDir = path.join(work, 'out');
  const codeAtWarm = await codeVersion(BENCH_ROOT, { cache: false });
  const warm = await exportOnce(hosted, outDir, dirs, 'warm');
  log(`  ${(warm.wallMs / 1000).toFixed(1)} s`);
  // Same dataset (mutations live in the service's memory, the folder is untouched), same cache.
  log('export with the embedded service started by the export (--content, npm run export default): warm…');
  const embeddedOut = path.join(work, 'out-embedded');
  const embedded = await exportOnce({ contentDir: dataDir }, embeddedOut, dirs, 'embedded');
  log(`  ${(embedded.wallMs / 1000).toFixed(1)} s`);
  const equivalence = compareSites(outDir, embeddedOut);
  if (warm.pages !== embedded.pages)
    throw new Error(`bench: the running-service export has ${warm.pages} pages, the embedded one ${embedded.pages}`);
  log(
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
  log("export against the running service: incremental (one school's section title published through the mutate API)…");
  const i = Math.floor(gen.schoolIds.length / 2);
  const schoolId = gen.schoolIds[i]!;
  const page = `schools/${gen.slugs[i]!}/index.html`;
  const htmlBefore = readFileSync(path.join(outDir, page), 'utf8');
  const { before, after } = await publishSectionEdit(service.url, service.token, schoolId);
  const incremental = await exportOnce(hosted, outDir, dirs, 'incremental');
  const codeChangedDuringRun = (await codeVersion(BENCH_ROOT, { cache: false })) !== codeAtWarm;
  checkEditedPage(path.join(outDir, page), htmlBefore, after);
  log(
    `  ${(incremental.wallMs / 1000).toFixed(1)} s, ${incremental.rendered ?? '?'} of ${incremental.pages} pages rendered, ${incremental.written} files written; ${page} shows "${after}"`,
  );
  if (codeChangedDuringRun)
    log(
      '  warning: the export code changed since the warm run, so every page was re-rendered: the incremental figure is void, run the bench again',
    );
  const edit = { schoolId, page, before, after, pageChanged: true as const, titleFound: true as const };
  return { cold, warm, incremental, embedded, codeChangedDuringRun, edit, equivalence, html };
}

/** The run whose whole-process time is in the middle. */
export const medianRun = (runs: ExportRun[]) => medianBy(runs, (r) => r.processMs);

/** The shipped command as a publish hook or a person runs it, start-up and module loading included. */
async function processExports(service: RunningService, gen: Generated, dirs: Dirs, work: string, log: Log) {
  const hosted = { serviceUrl: service.url };
  log('whole-process exports with the production launcher (node bin/run.mjs export, npm run export)…');
  const prepared = performance.now();
  const prep = spawnSync(process.execPath, [LAUNCHER, 'export', '--help'], {
    cwd: BENCH_ROOT,
    env: childEnv({}),
    encoding: 'utf8',
  });
  if (prep.status !== 0) throw new Error(`bin/run.mjs could not build or start the export:\n${prep.stderr}`);
  const prepareMs = performance.now() - prepared;
  log(`  dist/ ready after ${(prepareMs / 1000).toFixed(2)} s (built only when a source is newer)`);
  const outs = { node: path.join(work, 'out-process-node'), npm: path.join(work, 'out-process-npm') };
  const full = {
    node: await exportOnce(hosted, outs.node, dirs, 'full, node bin/run.mjs export', 'launcher'),
    npm: await exportOnce(hosted, outs.npm, dirs, 'full, npm run export', 'npm'),
  };
  log(
    `  full warm: ${(full.node.processMs / 1000).toFixed(2)} s node bin/run.mjs, ${(full.npm.processMs / 1000).toFixed(2)} s npm run export`,
  );
  const rounds: { node: ExportRun[]; npm: ExportRun[] } = { node: [], npm: [] };
  const start = Math.floor(gen.schoolIds.length / 2);
  for (let k = 0; k < PROCESS_ROUNDS; k++) {
    // One publish per round, exported by both: each out/ then has exactly one school to catch up on.
    const j = (start + 1 + k) % gen.schoolIds.length; // a different school each round, not the one edited before
    const edited = `schools/${gen.slugs[j]!}/index.html`;
    const before = {
      node: readFileSync(path.join(outs.node, edited), 'utf8'),
      npm: readFileSync(path.join(outs.npm, edited), 'utf8'),
    };
    const edit = await publishSectionEdit(service.url, service.token, gen.schoolIds[j]!);
    for (const which of ['node', 'npm'] as const) {
      const starter = which === 'node' ? 'launcher' : 'npm';
      const r = await exportOnce(hosted, outs[which], dirs, `incremental, ${which}`, starter);
      checkEditedPage(path.join(outs[which], edited), before[which], edit.after);
      onePublish(r, which);
      rounds[which].push(r);
    }
  }
  const incremental = {
    node: medianRun(rounds.node),
    npm: medianRun(rounds.npm),
    rounds: PROCESS_ROUNDS,
    nodeMs: rounds.node.map((r) => r.processMs),
    npmMs: rounds.npm.map((r) => r.processMs),
  };
  log(
    `  one-school incremental (median of ${PROCESS_ROUNDS}): ${(incremental.node.processMs / 1000).toFixed(2)} s node bin/run.mjs, ${(incremental.npm.processMs / 1000).toFixed(2)} s npm run export`,
  );
  return { prepareMs, full, incremental };
}

/** One school is one page per edition (English, Spanish): anything more is not a one-school publish. */
function onePublish(r: ExportRun, label: string): void {
  if (r.rendered !== LANGS.length)
    throw new Error(
      `bench: a one-school publish rendered ${r.rendered} pages in the ${label} run, not ${LANGS.length}`,
    );
}

/**
 * The launcher from a dataset folder: a full export, then one-school edits of the folder's
 * dataset.ndjson (a section title, as an editor's export or a script writes it), each exported incrementally.
 * The folder is a copy: the running service reads the original.
 */
async function folderExports(gen: Generated, dataDir: string, dirs: Dirs, work: string, log: Log) {
  log('whole-process exports from a dataset folder (node bin/run.mjs export --content DIR)…');
  const folder = path.join(work, 'dataset-folder');
  mkdirSync(folder);
  copyFileSync(path.join(dataDir, 'dataset.ndjson'), path.join(folder, 'dataset.ndjson'));
  symlinkSync(path.join(dataDir, 'images'), path.join(folder, 'images'));
  const out = path.join(work, 'out-folder');
  const own = { cache: dirs.cache, manifests: path.join(work, 'manifests-folder') };
  const full = await exportOnce({ contentDir: folder }, out, own, 'full from a folder', 'launcher');
  const runs: ExportRun[] = [];
  for (let k = 0; k < PROCESS_ROUNDS; k++)
    runs.push(await editAndExport(gen, (k * 7 + 3) % gen.schoolIds.length, folder, out, own, 'folder'));
  const incremental = medianRun(runs);
  const ratio = incremental.processMs / full.processMs;
  log(
    `  full ${(full.processMs / 1000).toFixed(2)} s (${full.pagesPerSec.toFixed(0)} pages/s); one-school incremental (median of ${PROCESS_ROUNDS}) ${(incremental.processMs / 1000).toFixed(2)} s = ${ratio.toFixed(2)} of full`,
  );
  return { full, incremental, incrementalMs: runs.map((r) => r.processMs), ratio };
}

/**
 * One school's section title edited in the folder's dataset.ndjson (school `j` of the generated
 * ones), then the launcher's incremental export from the folder into `out`, checked to show the
 * edit and to have rendered that school's pages only.
 */
export async function editAndExport(
  gen: Generated,
  j: number,
  folder: string,
  out: string,
  dirs: Dirs,
  label: string,
): Promise<ExportRun> {
  const page = path.join(out, `schools/${gen.slugs[j]!}.html`);
  const before = readFileSync(page, 'utf8');
  const title = editSectionTitle(path.join(folder, 'dataset.ndjson'), gen.schoolIds[j]!);
  const r = await exportOnce({ contentDir: folder }, out, dirs, `incremental from a folder (${label})`, 'launcher');
  checkEditedPage(page, before, title);
  onePublish(r, label);
  return r;
}

/** Edits school `id`'s first section title in the dataset file (written whole, then renamed in), as the running-service rounds do; returns the new title. */
function editSectionTitle(file: string, id: string): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes(`"_id":${JSON.stringify(id)}`));
  if (at < 0) throw new Error(`bench: no document ${id} in ${file}`);
  const doc = JSON.parse(lines[at]!) as { sectionRepeater?: { title?: string }[] } & Record<string, unknown>;
  const first = doc.sectionRepeater?.[0];
  if (typeof first?.title !== 'string') throw new Error(`bench: ${id} has no first section title to edit`);
  const title = `${first.title.replace(/ \(revised \w+\)$/, '')} (revised ${randomBytes(4).toString('hex')})`;
  first.title = title;
  lines[at] = JSON.stringify({ ...doc, _rev: randomBytes(8).toString('hex'), _updatedAt: new Date().toISOString() });
  writeFileSync(`${file}.tmp`, lines.join('\n'));
  renameSync(`${file}.tmp`, file);
  return title;
}
