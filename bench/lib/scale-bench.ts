// The export at a large district's size (the `scale` part of npm run bench, --scale-schools, default
// 10,000): a dataset generated on the fly, exported from its folder by the shipped command as whole
// processes (node bin/run.mjs export --content DIR), as a district without a running service
// publishes. A full export into an empty out/ (image variants cached by a small export first) (time, peak RSS of the whole process with its
// threads, the lines it printed), the largest page it wrote, then one-school edits of the folder's
// dataset.ndjson in place, each exported into the same out/, and a run with nothing changed.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDataset } from '../gen-dataset.ts';
import { editAndExport, medianRun } from './export-bench.ts';
import { type ExportRun, exportOnce } from './export-process.ts';

/** Schools in the warm-up export that fills the image cache (more than the sample has templates). */
const WARM_UP_SCHOOLS = 50;

/** The exports' fetch time limit at scale (--time-limit; the default is 60 s). */
export const SCALE_TIME_LIMIT_MS = 600_000;

/** One-school incremental exports at scale; the median is reported. */
export const SCALE_ROUNDS = 3;

export interface ScaleBench {
  schools: number;
  datasetDocuments: number;
  /** Generating the dataset (not part of any export). */
  generateMs: number;
  full: ExportRun;
  /** The largest HTML page in out/ after the full export, and the largest file of any kind. */
  largestPage: { path: string; bytes: number };
  largestFile: { path: string; bytes: number };
  /** Median of SCALE_ROUNDS one-school edits, each exported into the out/ of the one before. */
  incremental: ExportRun;
  incrementalMs: number[];
  /** incremental.processMs / full.processMs */
  ratio: number;
  /** The same out/ again with nothing changed. */
  unchanged: ExportRun;
  /** The most lines any of these exports printed (stdout and stderr). */
  printedLines: number;
}

type Log = (msg: string) => void;

/** The largest file under `dir` whose name passes `keep`, by bytes (path relative to dir). */
export function largestFile(dir: string, keep: (name: string) => boolean = () => true) {
  let best = { path: '', bytes: -1 };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !keep(e.name)) continue;
    const file = path.join(e.parentPath, e.name);
    const bytes = statSync(file).size;
    if (bytes > best.bytes) best = { path: path.relative(dir, file), bytes };
  }
  return best;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (run: ExportRun) => `${run.peakRssMb?.toFixed(0) ?? '?'} MB peak RSS`;

export async function benchScale(opts: { schools: number; log: Log; keep?: boolean }): Promise<ScaleBench> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  try {
    const folder = path.join(work, 'dataset');
    const t0 = performance.now();
    const gen = generateDataset({ n: opts.schools, outDir: folder });
    const generateMs = performance.now() - t0;
    opts.log(`dataset: ${gen.schools} schools, ${gen.documents} documents, generated in ${sec(generateMs)}`);
    // The fetch limit is raised: on a loaded 2-core machine the default 60 s ran out at 10,000
    // schools while the embedded service parsed the dataset, and a failed run measures nothing.
    const dirs = {
      cache: path.join(work, 'image-cache'),
      manifests: path.join(work, 'manifests'),
      timeLimitMs: SCALE_TIME_LIMIT_MS,
    };
    // The image variants are the same at any size (every school reuses the template's images): a
    // small export fills their cache first, so the full export below is one a district reruns, and
    // its time and memory are the pages', not the first crop of each image.
    const small = path.join(work, 'warm-up');
    generateDataset({ n: WARM_UP_SCHOOLS, outDir: small });
    await exportOnce(
      { contentDir: small },
      path.join(work, 'out-warm-up'),
      { ...dirs, manifests: path.join(work, 'manifests-warm-up') },
      'warm-up',
      'launcher',
    );
    const out = path.join(work, 'out');
    const full = await exportOnce({ contentDir: folder }, out, dirs, 'full at scale', 'launcher');
    opts.log(
      `  full: ${sec(full.processMs)}, ${full.pages} pages (${full.pagesPerSec.toFixed(0)} pages/s), ${mb(full)}, ${full.printedLines} lines printed`,
    );
    const largestPage = largestFile(out, (name) => name.endsWith('.html'));
    const biggest = largestFile(out);
    opts.log(
      `  largest page ${largestPage.path} ${(largestPage.bytes / 1024).toFixed(0)} KB; largest file ${biggest.path} ${(biggest.bytes / 1024).toFixed(0)} KB`,
    );
    const runs: ExportRun[] = [];
    for (let k = 0; k < SCALE_ROUNDS; k++) {
      const j = Math.floor(((k + 1) * gen.schoolIds.length) / (SCALE_ROUNDS + 1));
      runs.push(await editAndExport(gen, j, folder, out, dirs, 'scale'));
    }
    const incremental = medianRun(runs);
    const ratio = incremental.processMs / full.processMs;
    opts.log(
      `  one-school incremental (median of ${SCALE_ROUNDS}): ${sec(incremental.processMs)} = ${ratio.toFixed(2)} of full, ${mb(incremental)}`,
    );
    const unchanged = await exportOnce({ contentDir: folder }, out, dirs, 'nothing changed at scale', 'launcher');
    if (unchanged.rendered !== 0)
      throw new Error(`bench: an export with nothing changed rendered ${unchanged.rendered} pages`);
    opts.log(`  nothing changed: ${sec(unchanged.processMs)}, ${mb(unchanged)}`);
    return {
      schools: gen.schools,
      datasetDocuments: gen.documents,
      generateMs,
      full,
      largestPage,
      largestFile: biggest,
      incremental,
      incrementalMs: runs.map((r) => r.processMs),
      ratio,
      unchanged,
      printedLines: Math.max(full.printedLines, unchanged.printedLines, ...runs.map((r) => r.printedLines)),
    };
  } finally {
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
}
