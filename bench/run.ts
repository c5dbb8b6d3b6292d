// `npm run bench`: measures the performance targets on this machine and publishes them:
// export throughput over a synthetic district against an already running content service, as in
// production (cold, warm, incremental after an edit published through the service's API, against
// the in-memory render floor; plus the npm run export default for comparison), page weight and
// image rules of the exported sample in Chromium, Lighthouse mobile and desktop, and preview
// server load and memory. Prints a table with PASS/FAIL per target and writes
// bench/results/latest.json (with machine info and a timestamp). Two more parts: `scale`, the
// export from a dataset folder at a large district's size (time, peak memory, largest page, lines
// printed, one-school incremental); `peer`, our export against Eleventy 3 on the same schools (needs
// the peer folder set up, else skipped with the reason).
// The machine is shared, so targets are ratios measured within this run wherever possible.
//
// Usage: npm run bench -- [--schools 1000] [--load-seconds 5] [--skip LIST | --only LIST]
//                         [--scale-schools 10000] [--peer DIR]
import '../scripts/lib/production-env.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BENCH_ROOT } from './gen-dataset.ts';
import { benchExport, type ExportBench } from './lib/export-bench.ts';
import { launchBrowser, measurePage, type PageWeight } from './lib/page-weight.ts';
import { runLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { benchPreview, type PreviewBench } from './lib/preview-load.ts';
import { benchPreviewLatency } from './lib/preview-latency.ts';
import { evaluateTargets, formatTable, type Results } from './lib/targets.ts';
import { benchScale } from './lib/scale-bench.ts';
import { benchPeer, DEFAULT_PEER_DIR } from './lib/peer-bench.ts';
import { createStaticServer } from '../scripts/lib/static-server.ts';
import { intFlag, parseArgs, usage, type FlagSpecs } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT } from '../core/exit-codes.ts';
import { childEnv } from '../core/environment.ts';

const FLAGS = {
  schools: { type: 'string', value: 'N', description: 'schools in the synthetic district (default 1000)' },
  'load-seconds': { type: 'string', value: 'S', description: 'seconds per preview load case (default 5)' },
  skip: {
    type: 'string',
    value: 'LIST',
    description: 'comma-separated parts to skip: export,weight,lighthouse,preview,scale,peer',
  },
  only: { type: 'string', value: 'LIST', description: 'comma-separated parts to run, the others skipped' },
  'scale-schools': {
    type: 'string',
    value: 'N',
    description: 'schools in the scale part (default 10000)',
  },
  peer: { type: 'string', value: 'DIR', description: `the peer folder with Eleventy (default ${DEFAULT_PEER_DIR})` },
} as const satisfies FlagSpecs;
const PARTS = ['export', 'weight', 'lighthouse', 'preview', 'scale', 'peer'];
let schools: number;
let scaleSchools: number;
let loadSeconds: number;
let skip: Set<string>;
let peerDir: string;
try {
  const { values } = parseArgs(process.argv.slice(2), FLAGS);
  schools = intFlag(values.schools, 'schools', { min: 10, max: 100_000 }, 1000);
  scaleSchools = intFlag(values['scale-schools'], 'scale-schools', { min: 10, max: 100_000 }, 10_000);
  loadSeconds = intFlag(values['load-seconds'], 'load-seconds', { min: 1, max: 60 }, 5);
  peerDir = path.resolve(values.peer ?? DEFAULT_PEER_DIR);
  const list = (flag: 'skip' | 'only') => {
    const parts = (values[flag] ?? '').split(',').filter(Boolean);
    const unknown = parts.filter((p) => !PARTS.includes(p));
    if (unknown.length)
      throw new InputError(`flag --${flag}: unknown part(s) ${unknown.join(', ')}; expected ${PARTS.join(', ')}`);
    return parts;
  };
  if (values.skip !== undefined && values.only !== undefined) throw new InputError('give --skip or --only, not both');
  const only = list('only');
  skip = new Set(only.length ? PARTS.filter((p) => !only.includes(p)) : list('skip'));
} catch (err) {
  if (!(err instanceof InputError)) throw err;
  console.error(`${err.message}\n${usage('npm run bench --', FLAGS)}`);
  process.exit(EXIT.usage);
}
const log = (m: string) => process.stderr.write(`${m}\n`);

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** Exports the bundled sample (the site families get) into a temp folder with the real CLI. */
function exportSample(out: string): void {
  const env = childEnv({}, { embedded: true });
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_ROOT, 'scripts/export.ts'), '--out', out], {
    cwd: BENCH_ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`sample export failed (${r.status}):\n${r.stderr}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: Results = {
    timestamp: new Date().toISOString(),
    machine: machine(),
    export: null,
    pageWeight: null,
    lighthouse: null,
    preview: null,
    previewLatency: null,
    scale: null,
    peer: null,
    durationSec: 0,
  };
  log(
    `bench on ${results.machine.cpuModel}, ${results.machine.cores} cores, ${results.machine.memoryGb} GB, node ${results.machine.node}, load ${results.machine.loadAverageAtStart.join(' ')}`,
  );

  if (!skip.has('export')) {
    log(`\n[1/6] export throughput, ${schools} schools, against a running content service`);
    results.export = (await benchExport({ schools, log })) satisfies ExportBench;
  }

  if (!skip.has('weight') || !skip.has('lighthouse')) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
    const out = path.join(work, 'out');
    try {
      log('\n[2/6] page weight (exported sample in Chromium, mobile viewport)');
      exportSample(out);
      const server = await createStaticServer(out);
      await server.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
      // Each page families land on, in both editions; the compare page with three schools, the
      // table the families' tools lead to.
      const compareQuery = '?schools=lincoln-middle,riverside,aspen-ridge';
      const urls: Record<string, string> = {};
      for (const [edition, prefix] of [
        ['', ''],
        [' (es)', '/es'],
      ] as const) {
        urls[`landing${edition}`] = `${origin}${prefix}/`;
        urls[`school${edition}`] = `${origin}${prefix}/schools/lincoln-middle/`;
        urls[`compare${edition}`] = `${origin}${prefix}/compare/${compareQuery}`;
      }
      try {
        if (!skip.has('weight')) {
          const browser = await launchBrowser();
          try {
            const weights: Record<string, PageWeight> = {};
            for (const [name, url] of Object.entries(urls)) {
              weights[name] = await measurePage(browser, url);
              const w = weights[name]!;
              log(
                `  ${name.padEnd(13)} ${w.requests} requests, HTML ${w.htmlGzip} B, first-load JS ${w.firstLoadJsGzip} B (all JS ${w.jsGzip} B), CSS ${w.cssGzip} B gzip, images ${w.imageBytes} B`,
              );
            }
            results.pageWeight = weights;
          } finally {
            await browser.close();
          }
        }
        if (!skip.has('lighthouse')) {
          log('\n[3/6] lighthouse (mobile and desktop presets)');
          results.lighthouse = (await runLighthouse(Object.values(urls), log)) satisfies LighthouseRun[];
        }
      } finally {
        await server.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  if (!skip.has('preview')) {
    log(`\n[4/6] preview server load (${loadSeconds} s per case) and memory`);
    results.preview = (await benchPreview({ durationSec: loadSeconds, log })) satisfies PreviewBench;
    log('\npreview live updates in Chromium (write to changed page)…');
    results.previewLatency = await benchPreviewLatency({ log });
  }

  if (!skip.has('scale')) {
    log(`\n[5/6] export at scale, ${scaleSchools} schools, from a dataset folder, whole processes`);
    results.scale = await benchScale({ schools: scaleSchools, log });
  }

  if (!skip.has('peer')) {
    log(`\n[6/6] against Eleventy 3 (${peerDir}), ${schools} schools, alternating whole-process rounds`);
    results.peer = await benchPeer({ schools, peerDir, log });
    if ('skipped' in results.peer) log(`  skipped: ${results.peer.skipped}`);
  }

  results.durationSec = Math.round((Date.now() - started) / 1000);
  const targets = evaluateTargets(results);
  const dir = path.join(BENCH_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify({ ...results, targets }, null, 2)}\n`);
  process.stdout.write(`\n${formatTable(results, targets)}\n`);
  process.stdout.write(`\nwritten: bench/results/latest.json (${results.durationSec} s)\n`);
  process.exitCode = targets.some((t) => t.pass === false) ? EXIT.targetMissed : EXIT.ok;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = EXIT.render;
});
