// Runs the node:test suites through tsx. Node 20's test runner does not expand globs, so this
// finds the files itself: `tsx scripts/run-tests.ts [unit|integration|browser ...]` (default: all).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITES = ['unit', 'integration', 'browser'] as const;

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

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !(SUITES as readonly string[]).includes(s));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; expected ${SUITES.join(', ')}`);
  process.exit(2);
}
const suites = asked.length ? asked : [...SUITES];
const files = suites.flatMap((s) => findTests(join(root, 'test', s)));
if (files.length === 0) {
  console.error(`no test files found for: ${suites.join(', ')}`);
  process.exit(1);
}
console.log(`running ${files.length} test files (${suites.join(', ')})`);
// Integration and browser suites start servers and Chromium: one file at a time keeps a 2-core CI steady.
// No single test needs more than a minute; a hung one fails after TEST_TIMEOUT_MS instead of
// holding CI until its 90-minute limit.
const TEST_TIMEOUT_MS = 300_000;
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=1',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    ...files.map((f) => relative(root, f)),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
