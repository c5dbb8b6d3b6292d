// Our export against Eleventy 3 on the same job (the `peer` part of npm run bench): the peer folder
// (the team's peer benchmark folder copied to /tmp/peer-bench, or --peer DIR, with `npm install` run in its
// eleventy/) holds Eleventy and plain string templates that write the English edition's landing
// and school pages from a data dump. Here the dump is bench/lib/peer-dump.ts over the same
// generated dataset our export reads; then both run as whole processes in alternating rounds (a
// warm-up round first, not counted): our full export from the dataset folder into an empty out/
// (both editions), and Eleventy's build into an empty folder. Pages a second from the median wall
// time of each, on its own page count.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_ROOT, generateDataset } from '../gen-dataset.ts';
import { childEnv, type ExportRun, exportOnce, runCommand } from './export-process.ts';
import { median } from './median.ts';

export const DEFAULT_PEER_DIR = '/tmp/peer-bench';
/** Counted rounds, each running both; the median of each is reported. */
export const PEER_ROUNDS = 3;

export interface PeerRun {
  wallMs: number;
  pages: number;
  peakRssMb: number | null;
}

export interface PeerBench {
  schools: number;
  peerDir: string;
  eleventyVersion: string;
  rounds: number;
  ours: { runs: PeerRun[]; medianMs: number; pages: number; pagesPerSec: number };
  eleventy: { runs: PeerRun[]; medianMs: number; pages: number; pagesPerSec: number };
  /** ours pages/s ÷ Eleventy pages/s */
  ratio: number;
}

/** Eleventy's command-line entry in the peer folder, or why the peer part cannot run. */
export function eleventyOf(peerDir: string): { cli: string; version: string } | { missing: string } {
  const pkg = path.join(peerDir, 'eleventy/node_modules/@11ty/eleventy/package.json');
  if (!existsSync(path.join(peerDir, 'eleventy/eleventy.config.js')))
    return { missing: `${peerDir} holds no eleventy/ (copy the peer benchmark folder there, see docs/performance.md)` };
  if (!existsSync(pkg)) return { missing: `Eleventy is not installed: run npm install in ${peerDir}/eleventy` };
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  return { cli: path.join(peerDir, 'eleventy/node_modules/@11ty/eleventy/cmd.cjs'), version };
}

const countHtml = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html'))
    .length;

export async function benchPeer(opts: {
  schools: number;
  peerDir: string;
  log: (msg: string) => void;
  rounds?: number;
}): Promise<PeerBench | { skipped: string }> {
  const eleventy = eleventyOf(opts.peerDir);
  if ('missing' in eleventy) return { skipped: eleventy.missing };
  const rounds = opts.rounds ?? PEER_ROUNDS;
  const work = mkdtempSync(path.join(tmpdir(), 'bench-peer-'));
  try {
    const dataset = path.join(work, 'dataset');
    const gen = generateDataset({ n: opts.schools, outDir: dataset });
    const data = path.join(work, 'pages.json');
    const dump = await runCommand(
      [process.execPath, '--import', 'tsx', path.join(BENCH_ROOT, 'bench/lib/peer-dump.ts'), dataset, data],
      childEnv({}),
      600_000,
    );
    if (dump.code !== 0) throw new Error(`peer dump exited with ${dump.code}:\n${dump.stderr.slice(-3000)}`);
    opts.log(`dataset ${gen.schools} schools; Eleventy ${eleventy.version} data: ${dump.stdout.trim()}`);
    const dirs = { cache: path.join(work, 'image-cache'), manifests: path.join(work, 'manifests') };
    // Eleventy as the peer folder's bench runs it: its own config, NODE_ENV unset.
    const eleventyEnv = childEnv({ BENCH_DATA: data });
    delete eleventyEnv.NODE_ENV;
    const runOurs = async (k: number): Promise<PeerRun> => {
      const r: ExportRun = await exportOnce(
        { contentDir: dataset },
        path.join(work, `out-ours-${k}`),
        { ...dirs, manifests: path.join(work, `manifests-${k}`) },
        'peer: ours',
        'launcher',
      );
      return { wallMs: r.processMs, pages: r.pages, peakRssMb: r.peakRssMb };
    };
    const runEleventy = async (k: number): Promise<PeerRun> => {
      const out = path.join(work, `out-eleventy-${k}`);
      const r = await runCommand(
        [process.execPath, eleventy.cli],
        { ...eleventyEnv, BENCH_OUT: out },
        600_000,
        path.join(opts.peerDir, 'eleventy'),
      );
      if (r.code !== 0) throw new Error(`eleventy exited with ${r.code}:\n${r.stderr.slice(-3000)}`);
      return { wallMs: r.wallMs, pages: countHtml(out), peakRssMb: r.peakRssKb === null ? null : r.peakRssKb / 1024 };
    };
    const ours: PeerRun[] = [];
    const other: PeerRun[] = [];
    // Round 0 warms the caches (the image variants, the bundle) and is not counted; then A B, B A, A B...
    for (let k = 0; k <= rounds; k++) {
      const pair = k % 2 === 0 ? [runOurs, runEleventy] : [runEleventy, runOurs];
      for (const step of pair) {
        const r = await step(k);
        if (k > 0) (step === runOurs ? ours : other).push(r);
      }
      if (k > 0)
        opts.log(
          `  round ${k}: ours ${(ours.at(-1)!.wallMs / 1000).toFixed(2)} s, Eleventy ${(other.at(-1)!.wallMs / 1000).toFixed(2)} s`,
        );
    }
    const summary = (runs: PeerRun[]) => {
      const medianMs = median(runs.map((r) => r.wallMs));
      const pages = runs[0]!.pages;
      return { runs, medianMs, pages, pagesPerSec: pages / (medianMs / 1000) };
    };
    const o = summary(ours);
    const e = summary(other);
    opts.log(
      `  median: ours ${o.pagesPerSec.toFixed(0)} pages/s (${o.pages} pages, both editions), Eleventy ${e.pagesPerSec.toFixed(0)} pages/s (${e.pages} pages, English)`,
    );
    return {
      schools: gen.schools,
      peerDir: opts.peerDir,
      eleventyVersion: eleventy.version,
      rounds,
      ours: o,
      eleventy: e,
      ratio: o.pagesPerSec / e.pagesPerSec,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
