// Export throughput: the real CLI as a child process over a synthetic district, cold (empty
// variant cache, empty out/), warm (variants from the cache, empty out/) and incremental (one
// school edited, previous out/ in place), plus the in-memory render floor over the same content.
// Peak RSS comes from /usr/bin/time -v when present, else from the child's own resourceUsage.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ROOT, generateDataset } from '../gen-dataset.ts';
import type { FloorResult } from './render-floor.ts';

const TIME = '/usr/bin/time';
/** The export CLI's main() run in-process, timed after module loading (see export-runner.ts). */
const EXPORT_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/export-runner.ts');
const FLOOR_SCRIPT = path.join(BENCH_ROOT, 'bench/lib/render-floor.ts');

export interface ExportRun {
  /** The export's main() in-process (Node/tsx start-up and module loading excluded, the same for every run). */
  wallMs: number;
  /** The whole child process, start-up included. */
  processMs: number;
  pages: number;
  pagesPerSec: number;
  peakRssMb: number | null;
  written: number | null;
  unchanged: number | null;
  imagesFetched: number | null;
  imagesCached: number | null;
  outBytes: number | null;
}

export interface ExportBench {
  schools: number;
  datasetDocuments: number;
  cold: ExportRun;
  warm: ExportRun;
  incremental: ExportRun;
  floor: FloorResult;
  /** warm export wall time / pure render time of the same pages */
  overheadRatio: number;
  /** incremental wall time / warm full export wall time */
  incrementalRatio: number;
  /** HTML of this district's pages (every page carries the whole navigation): raw and gzip bytes. */
  html: { landing: { bytes: number; gzip: number }; school: { bytes: number; gzip: number } };
}

/** Environment without hosted settings (the embedded service is used) and with React's production build. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SANITY_') && k !== 'EXPORT_TIME_LIMIT_MS') env[k] = v;
  return { ...env, NODE_ENV: 'production', ...extra };
}

interface ChildResult { code: number | null; stdout: string; stderr: string; wallMs: number; peakRssKb: number | null }

function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChildResult> {
  const useTime = existsSync(TIME);
  const cmd = useTime ? TIME : process.execPath;
  const argv = useTime ? ['-v', process.execPath, '--import', 'tsx', ...args] : ['--import', 'tsx', ...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd: BENCH_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; if (stderr.length > 4_000_000) stderr = stderr.slice(-1_000_000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => { clearTimeout(timer); reject(err); });
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      resolve({ code, stdout, stderr, wallMs, peakRssKb: rss ? Number(rss[1]) : null });
    });
  });
}

function parseSummary(stdout: string, r: ChildResult): ExportRun {
  const pages = Number(/Exported (\d+) pages/.exec(stdout)?.[1] ?? NaN);
  const num = (re: RegExp) => { const m = re.exec(stdout); return m ? Number(m[1]) : null; };
  const size = /files, ([\d.]+) (B|KB|MB) to/.exec(stdout);
  const outBytes = size ? Math.round(Number(size[1]) * (size[2] === 'MB' ? 1024 * 1024 : size[2] === 'KB' ? 1024 : 1)) : null;
  const mainMs = Number(/^EXPORT_MAIN_MS ([\d.]+)$/m.exec(stdout)?.[1] ?? NaN);
  if (!Number.isFinite(mainMs)) throw new Error(`export runner printed no EXPORT_MAIN_MS:\n${stdout.slice(-2000)}`);
  return {
    wallMs: mainMs,
    processMs: r.wallMs,
    pages,
    pagesPerSec: pages / (mainMs / 1000),
    peakRssMb: r.peakRssKb === null ? null : r.peakRssKb / 1024,
    written: num(/(\d+) written/),
    unchanged: num(/(\d+) unchanged/),
    imagesFetched: num(/images (\d+) fetched/),
    imagesCached: num(/(\d+) from cache/),
    outBytes,
  };
}

async function exportOnce(contentDir: string, outDir: string, cacheDir: string, label: string): Promise<ExportRun> {
  const r = await run([EXPORT_SCRIPT, '--content', contentDir, '--out', outDir], childEnv({ EXPORT_IMAGE_CACHE_DIR: cacheDir }), 600_000);
  if (r.code !== 0) throw new Error(`export (${label}) exited with ${r.code}:\n${r.stderr.slice(-3000)}`);
  return parseSummary(r.stdout, r);
}

/** Edits one school's section text (not its navigation or card fields), as an editor fixing a typo would. */
export function editOneSchool(datasetFile: string, schoolId: string): void {
  const lines = readFileSync(datasetFile, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith(`{"_id":"${schoolId}",`));
  if (i < 0) throw new Error(`bench: ${schoolId} not found in ${datasetFile}`);
  const doc = JSON.parse(lines[i]!) as { sectionRepeater?: { title?: string }[]; _updatedAt?: string };
  const section = doc.sectionRepeater?.[0];
  if (!section) throw new Error(`bench: ${schoolId} has no section to edit`);
  section.title = `${section.title ?? 'Section'} (updated)`;
  lines[i] = JSON.stringify(doc);
  writeFileSync(datasetFile, lines.join('\n'));
}

export async function benchExport(opts: { schools: number; log: (msg: string) => void; keep?: boolean }): Promise<ExportBench> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-export-'));
  try {
    const dataDir = path.join(work, 'dataset');
    const gen = generateDataset({ n: opts.schools, outDir: dataDir });
    opts.log(`dataset: ${gen.schools} schools, ${gen.documents} documents, ${gen.images} shared image files`);
    const cacheDir = path.join(work, 'image-cache');

    opts.log('export: cold (empty image cache)…');
    const cold = await exportOnce(dataDir, path.join(work, 'out-cold'), cacheDir, 'cold');
    rmSync(path.join(work, 'out-cold'), { recursive: true, force: true });
    opts.log(`  ${(cold.wallMs / 1000).toFixed(1)} s`);

    opts.log('export: warm (variants from the cache)…');
    const outDir = path.join(work, 'out');
    const warm = await exportOnce(dataDir, outDir, cacheDir, 'warm');
    opts.log(`  ${(warm.wallMs / 1000).toFixed(1)} s`);

    const sizeOf = (rel: string) => { const b = readFileSync(path.join(outDir, rel)); return { bytes: b.length, gzip: gzipSync(b, { level: 9 }).length }; };
    const html = { landing: sizeOf('index.html'), school: sizeOf(`schools/${gen.slugs[0]}/index.html`) };

    opts.log('export: incremental (one school edited)…');
    editOneSchool(path.join(dataDir, 'dataset.ndjson'), gen.schoolIds[Math.floor(gen.schoolIds.length / 2)]!);
    const incremental = await exportOnce(dataDir, outDir, cacheDir, 'incremental');
    opts.log(`  ${(incremental.wallMs / 1000).toFixed(1)} s, ${incremental.written} files written`);

    opts.log('render floor (in memory)…');
    const f = await run([FLOOR_SCRIPT, '--content', dataDir, '--rounds', '1'], childEnv({}), 600_000);
    if (f.code !== 0) throw new Error(`render floor exited with ${f.code}:\n${f.stderr.slice(-3000)}`);
    const floor = JSON.parse(f.stdout.trim().split('\n').pop()!) as FloorResult;
    opts.log(`  ${(floor.renderMs / 1000).toFixed(1)} s`);

    return {
      schools: gen.schools,
      datasetDocuments: gen.documents,
      cold,
      warm,
      incremental,
      floor,
      overheadRatio: warm.wallMs / floor.renderMs,
      incrementalRatio: incremental.wallMs / warm.wallMs,
      html,
    };
  } finally {
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}
