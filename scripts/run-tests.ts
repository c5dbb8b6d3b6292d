// Runs the node:test suites through tsx: `tsx scripts/run-tests.ts [unit|integration|browser|FILE ...]`
// (default: all suites). Node 20's test runner neither expands globs nor schedules files well, so this
// finds the files itself and runs them as a pool of child processes, TEST_JOBS at a time (default:
// the number of cores, at least 2): the longest files start first (their times from the last run,
// else from test/durations.json), so the short ones fill the gaps and no slow file starts last.
// Each file's report is printed whole once it ends, never interleaved; a summary closes the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceJson } from './lib/stamped-cache.ts';
import { childEnv, processEnv } from '../core/environment.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITES = ['unit', 'integration', 'browser'] as const;
/** Committed estimates (seconds per file), used to order a run on a fresh clone. */
const HINTS = join(root, 'test/durations.json');
/** The last run's measured times on this machine, preferred over the hints. */
const LAST = join(root, '.cache/test-durations.json');
/**
 * Files that run with no other file beside them. The launcher test dates dist/ back to make
 * bin/run.mjs rebuild it, so any file starting the launcher meanwhile (the export, start and signal
 * tests do) rebuilds it too, and that second build lands in the middle of the check that nothing
 * is rebuilt twice.
 */
const ALONE: readonly string[] = ['test/integration/launcher.test.ts'];
// No single test needs more than a minute; a hung one fails after TEST_TIMEOUT_MS instead of
// holding CI until its 90-minute limit. A whole file may take longer (every page at three widths
// on a loaded machine did): it is stopped, with everything it started, after FILE_TIMEOUT_MS.
const TEST_TIMEOUT_MS = 300_000;
const FILE_TIMEOUT_MS = 1_200_000;

function findTests(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' || name === 'helpers' ? [] : findTests(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function readTimes(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

interface Outcome {
  file: string;
  seconds: number;
  ok: boolean;
  counts: Record<string, number>;
  /** A failed file's failures (the spec reporter's closing list, else its last lines), repeated in the summary. */
  failures: string;
}

const FAILURE_LINES = 60;
/** CI keeps only a run's last lines, so a failure's message must be repeated where they are. */
function failuresOf(report: string): string {
  const at = report.indexOf('✖ failing tests:');
  const lines = (at >= 0 ? report.slice(at) : report).trimEnd().split('\n');
  return (at >= 0 ? lines.slice(0, FAILURE_LINES) : lines.slice(-FAILURE_LINES)).join('\n');
}

/** Runs one test file in its own process; resolves with its whole report once it has ended. */
function runFile(file: string): Promise<{ outcome: Outcome; report: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    // The file runs as its own main module (node:test reports in-process): no `node --test` parent,
    // whose file-level timeout would stop a long file, and one process less per file. Its own
    // process group, so a stop reaches the servers and browsers it started.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test-reporter=spec', `--test-timeout=${TEST_TIMEOUT_MS}`, file],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv({ FORCE_COLOR: '0' }), detached: true },
    );
    running.add(child);
    const limit = setTimeout(() => {
      report += `\n(stopped after ${FILE_TIMEOUT_MS / 1000} s)\n`;
      stop(child, 'SIGKILL');
    }, FILE_TIMEOUT_MS);
    let report = '';
    child.stdout.on('data', (d) => {
      report += d;
    });
    child.stderr.on('data', (d) => {
      report += d;
    });
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      running.delete(child);
      const counts: Record<string, number> = {};
      for (const m of report.matchAll(/^ℹ (tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm))
        counts[m[1]!] = Number(m[2]);
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0 && !signal;
      if (signal) report += `\n(killed by ${signal})\n`;
      resolve({ outcome: { file, seconds, ok, counts, failures: ok ? '' : failuresOf(report) }, report });
    });
  });
}

const running = new Set<ChildProcess>();
function stop(child: ChildProcess, sig: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, sig);
  } catch {
    // Already gone.
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    for (const child of running) stop(child, sig);
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

/** Runs `files` TEST_JOBS at a time, longest first, with ALONE files by themselves. */
async function runPool(files: string[], jobs: number): Promise<Outcome[]> {
  const times = { ...readTimes(HINTS), ...readTimes(LAST) };
  // Unknown files (new ones) count as long: better started early than found late.
  const estimate = (f: string) => times[f] ?? 60;
  const queue = [...files].sort((a, b) => estimate(b) - estimate(a));
  const active = new Set<string>();
  const outcomes: Outcome[] = [];
  const blocked = (f: string) => (ALONE.includes(f) && active.size > 0) || [...active].some((a) => ALONE.includes(a));
  await new Promise<void>((done) => {
    const fill = () => {
      if (queue.length === 0 && active.size === 0) return done();
      while (active.size < jobs) {
        const index = queue.findIndex((f) => !blocked(f));
        if (index < 0) break;
        const [file] = queue.splice(index, 1) as [string];
        active.add(file);
        void runFile(file).then(({ outcome, report }) => {
          active.delete(file);
          outcomes.push(outcome);
          process.stdout.write(
            `\n── ${file} ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s ──\n${report}`,
          );
          fill();
        });
      }
    };
    fill();
  });
  return outcomes;
}

function summarise(outcomes: Outcome[], seconds: number, jobs: number): boolean {
  const total = (key: string) => outcomes.reduce((n, o) => n + (o.counts[key] ?? 0), 0);
  const failed = outcomes.filter((o) => !o.ok);
  const slowest = [...outcomes].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  console.log(`\n══ ${outcomes.length} files, ${jobs} at a time, in ${seconds.toFixed(1)} s ══`);
  console.log(['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo'].map((k) => `ℹ ${k} ${total(k)}`).join('\n'));
  console.log(`slowest: ${slowest.map((o) => `${relative('test', o.file)} ${o.seconds.toFixed(0)} s`).join(', ')}`);
  for (const o of failed) console.log(`\n✖ FAILED: ${o.file}\n${o.failures}`);
  return failed.length === 0;
}

// Arguments name suites, or single test files (`tsx scripts/run-tests.ts test/unit/slug.test.ts`).
const asked = process.argv.slice(2);
const isFile = (a: string) => /\.test\.tsx?$/.test(a);
const unknown = asked.filter((s) => !isFile(s) && !(SUITES as readonly string[]).includes(s));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; expected ${SUITES.join(', ')} or test files`);
  process.exit(2);
}
const named = asked.filter(isFile).map((f) => relative(root, join(process.cwd(), f)));
const suites = asked.filter((a) => !isFile(a));
const chosen = suites.length || named.length ? suites : [...SUITES];
const files = [...chosen.flatMap((s) => findTests(join(root, 'test', s))).map((f) => relative(root, f)), ...named];
if (files.length === 0) {
  console.error(`no test files found for: ${asked.join(', ')}`);
  process.exit(1);
}
const jobs = Math.max(1, Number(processEnv().TEST_JOBS) || Math.max(2, availableParallelism()));
console.log(`running ${files.length} test files (${[...chosen, ...named].join(', ')}), ${jobs} at a time`);
const started = performance.now();
const outcomes = await runPool(files, jobs);
const passed = summarise(outcomes, (performance.now() - started) / 1000, jobs);
replaceJson(LAST, {
  ...readTimes(LAST),
  ...Object.fromEntries(outcomes.map((o) => [o.file, Math.round(o.seconds * 10) / 10])),
});
process.exit(passed ? 0 : 1);
