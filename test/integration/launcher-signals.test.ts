// The long-running commands stop with every process they started: `node bin/run.mjs preview` and
// `... content` on SIGTERM and SIGINT, and `npm run preview` when npm itself is sent SIGTERM (the
// shell npm runs in between never passes the signal on). "Stopped" means no process of the tree
// is left and the port can be bound again, within 5 s. Linux only: the tree is read from /proc.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { cleanEnv, MINI, removeDir, ROOT, runNode, tempDir } from './export-helpers.ts';
import { startContentService } from '../../content-service/index.ts';
import { FAULTS, startFaultyProxy } from './helpers/faulty-proxy.ts';
import { writePreviewFixture } from './helpers/preview-fixture.ts';

const LAUNCHER = path.join(ROOT, 'bin/run.mjs');
const linux = process.platform === 'linux';

let fixture: { dir: string; cleanup(): void };

before(async () => {
  fixture = await writePreviewFixture();
  // Build dist/ first, so the timings below are the servers' own.
  const built = await runNode([LAUNCHER, 'preview', '--help'], { timeoutMs: 180_000 });
  assert.equal(built.code, 0, built.stderr);
});

after(() => fixture?.cleanup());

/** pid -> [parent pid, state] for every live process, from /proc. */
function processTable(): Map<number, [number, string]> {
  const table = new Map<number, [number, string]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), [Number(ppid), state!]);
    } catch {
      /* gone meanwhile */
    }
  }
  return table;
}

/** `root` and every process below it. */
function tree(root: number): number[] {
  const table = processTable();
  const found = [root];
  for (let i = 0; i < found.length; i++)
    for (const [pid, [ppid]] of table) if (ppid === found[i] && !found.includes(pid)) found.push(pid);
  return found;
}

const alive = (pid: number): boolean => {
  const state = processTable().get(pid)?.[1];
  return state !== undefined && state !== 'Z';
};

const portFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** Starts `command`, waits until stdout shows `ready` (whose first group is the port). */
async function startUntilReady(
  command: string,
  args: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(command, args, { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const started = Date.now();
  while (!ready.test(out)) {
    if (Date.now() - started > 60_000 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`not ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port: Number(ready.exec(out)![1]), output: () => out };
}

/** Signals `target`, then asserts the whole tree below `root` is gone and `port` free within 5 s. */
async function assertStopsWithin5s(root: number, target: number, signal: NodeJS.Signals, port: number) {
  const pids = tree(root);
  assert.ok(pids.length >= 1);
  const started = Date.now();
  process.kill(target, signal);
  let left = pids;
  while (Date.now() - started < 5_000) {
    left = pids.filter(alive);
    if (left.length === 0 && (await portFree(port))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Never leave a stray process behind, even when the assertion fails.
  for (const pid of left) process.kill(pid, 'SIGKILL');
  assert.deepEqual(left, [], `processes still running ${Date.now() - started} ms after ${signal}`);
  assert.ok(await portFree(port), `port ${port} still held after ${signal}`);
  return Date.now() - started;
}

/** Each long-running command and the line that tells its port. */
const COMMANDS = [
  { command: 'preview', ready: /Open: http:\/\/127\.0\.0\.1:(\d+)\// },
  { command: 'content', ready: /http:\/\/127\.0\.0\.1:(\d+)/ },
];

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  for (const { command, ready } of COMMANDS) {
    test(`node bin/run.mjs ${command} stops with its whole tree on ${signal}`, {
      skip: !linux,
      timeout: 90_000,
    }, async () => {
      const launcher = [LAUNCHER, command, '--content', fixture.dir, '--port', '0'];
      const { child, port } = await startUntilReady(process.execPath, launcher, ready);
      await assertStopsWithin5s(child.pid!, child.pid!, signal, port);
    });
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// SIGINT reaches node only because the script execs it; after SIGKILL the server notices npm is gone.
for (const signal of ['SIGINT', 'SIGKILL'] as const) {
  test(`npm run content: ${signal} to npm stops the server under it`, { skip: !linux, timeout: 90_000 }, async () => {
    const { child, port } = await startUntilReady(
      npm,
      ['run', 'content', '--', '--content', fixture.dir, '--port', '0'],
      COMMANDS[1]!.ready,
    );
    await assertStopsWithin5s(child.pid!, child.pid!, signal, port);
  });
}

test('npm run export: SIGTERM to npm stops the export without publishing', {
  skip: !linux,
  timeout: 90_000,
}, async () => {
  const work = tempDir('signal-export');
  const service = await startContentService({ contentDir: MINI, watch: false, log: () => {} });
  // Every answer late: the export is still reading when the signal comes.
  const proxy = await startFaultyProxy(service.url);
  proxy.setPlan(() => FAULTS.slow(3000));
  const out = path.join(work, 'out');
  const env = cleanEnv({ SANITY_PROJECT_ID: 'signals', SANITY_DATASET: 'production', SANITY_API_HOST: proxy.url });
  const child = spawn(npm, ['run', 'export', '--', '--out', out], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  try {
    const waitStart = Date.now();
    while (proxy.log().length === 0 && Date.now() - waitStart < 60_000) await new Promise((r) => setTimeout(r, 50));
    const pids = tree(child.pid!);
    const started = Date.now();
    process.kill(child.pid!, 'SIGTERM');
    let left = pids;
    while (Date.now() - started < 5_000 && left.length > 0) {
      await new Promise((r) => setTimeout(r, 100));
      left = pids.filter(alive);
    }
    for (const pid of left) process.kill(pid, 'SIGKILL');
    assert.deepEqual(left, [], `still running ${Date.now() - started} ms after SIGTERM:\n${output}`);
    // The slow answers would have arrived by now: nothing may be published after the signal.
    await new Promise((r) => setTimeout(r, 3500));
    assert.ok(!existsSync(out), `out/ was published after SIGTERM:\n${output}`);
    assert.match(output, /stopped by SIGTERM; nothing was published/);
  } finally {
    await proxy.close();
    await service.close();
    removeDir(work);
  }
});

test('npm run preview: SIGTERM to npm stops the server under it too', { skip: !linux, timeout: 90_000 }, async () => {
  const { child, port, output } = await startUntilReady(
    npm,
    ['run', 'preview', '--', '--content', fixture.dir, '--port', '0'],
    COMMANDS[0]!.ready,
  );
  const pids = tree(child.pid!);
  assert.ok(pids.length >= 2, `npm and the server under it: ${pids.join(',')}\n${output()}`);
  await assertStopsWithin5s(child.pid!, child.pid!, 'SIGTERM', port);
});
