// Shared by the export's integration tests: run the real CLI, read an output tree, and build
// dataset folders in the content-model format. Spawning the CLI the way `npm run export` does (not
// calling main()) proves the exit codes and messages a CI job or a person at a terminal actually sees.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { slugProblem } from '../../src/lib/slug.ts';
import { listFiles } from '../../scripts/lib/list-files.ts';

export { listFiles };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const EXPORT_SCRIPT = path.join(ROOT, 'scripts/export.ts');
export const LAUNCHER = path.join(ROOT, 'bin/run.mjs');
export const MINI = path.join(ROOT, 'test/fixtures/export-mini');
export const SAMPLE = path.join(ROOT, 'content/sample');
/** The bundled sample once it exists, else the small fixture (both in the content-model format). */
export const DATASET = existsSync(path.join(SAMPLE, 'dataset.ndjson')) ? SAMPLE : MINI;

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment without any hosted-project settings, so the embedded service is used unless a test sets them. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('SANITY_') && k !== 'EXPORT_TIME_LIMIT_MS') env[k] = v;
  return { ...env, ...extra };
}

/** Runs `node ARGV` and collects its output; killed and rejected after `timeoutMs`, so a hang fails the test. */
export function runNode(
  argv: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node ${argv.join(' ')} did not finish in ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `npm run export -- ARGS` as npm runs it: bin/run.mjs and the bundle it keeps in dist/ (rebuilt when
 * a source is newer). Starting from the bundle costs ~1.4 s less CPU per export than tsx.
 */
export function runExport(args: string[], env: NodeJS.ProcessEnv = cleanEnv(), timeoutMs = 90_000): Promise<RunResult> {
  return runNode([LAUNCHER, 'export', ...args], { env, timeoutMs });
}

/** The export straight from its TypeScript source through tsx, for comparing it with the bundle. */
export function runExportTs(
  args: string[],
  env: NodeJS.ProcessEnv = cleanEnv(),
  timeoutMs = 90_000,
): Promise<RunResult> {
  return runNode(['--import', 'tsx', EXPORT_SCRIPT, ...args], { env, timeoutMs });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `msg-${prefix}-`));
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export interface Snapshot {
  [file: string]: { bytes: Buffer; mtimeMs: number; ino: number };
}

export function snapshot(dir: string): Snapshot {
  const snap: Snapshot = {};
  for (const f of listFiles(dir)) {
    const p = path.join(dir, f);
    const st = statSync(p);
    snap[f] = { bytes: readFileSync(p), mtimeMs: st.mtimeMs, ino: st.ino };
  }
  return snap;
}

export const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** The JSON inside <script type="application/json" id="...">. */
export function embeddedJson(html: string, id: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error(`no #${id} in page`);
  return JSON.parse(m[1]!);
}

export function readDataset(dir: string): Record<string, unknown>[] {
  return readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A copy of a dataset folder (images linked by copy) with its documents replaced. */
export function writeDataset(dir: string, docs: Record<string, unknown>[], imagesFrom: string = MINI): void {
  cpSync(path.join(imagesFrom, 'images'), path.join(dir, 'images'), { recursive: true });
  writeFileSync(path.join(dir, 'dataset.ndjson'), `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
}

/**
 * The slugs the export must publish, computed independently of the export's code: published
 * school documents with a safe slug and a string title; of those sharing an address (slugs
 * compared regardless of case), the earliest `_createdAt`, undated ones after dated ones, then the
 * first by _id (a first export, with no previous one to ask).
 */
export function expectedSlugs(docs: Record<string, unknown>[]): string[] {
  const time = (d: Record<string, unknown>) => {
    const t = typeof d._createdAt === 'string' ? Date.parse(d._createdAt) : Number.NaN;
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  const schools = docs
    .filter(
      (d) =>
        d._type === 'school' &&
        typeof d._id === 'string' &&
        !(d._id as string).startsWith('drafts.') &&
        !(d._id as string).includes('.'),
    )
    .sort((a, b) => time(a) - time(b) || ((a._id as string) < (b._id as string) ? -1 : 1));
  const kept = new Map<string, string>();
  for (const s of schools) {
    const slug = (s.slug as { current?: unknown } | undefined)?.current;
    if (slugProblem(slug) !== null || typeof s.title !== 'string' || !s.title.trim()) continue;
    const key = (slug as string).toLowerCase();
    if (!kept.has(key)) kept.set(key, slug as string);
  }
  return [...kept.values()].sort();
}

/** A stand-in for a hosted content service that fails: answers every request with `status`, or never answers. */
export async function failingService(
  mode: { status: number } | 'hang',
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    count++;
    if (mode === 'hang') return; // keep the connection open and silent
    res.writeHead(mode.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Internal Server Error', message: 'injected failure' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
