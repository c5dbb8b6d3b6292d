// `npm start` must never overwrite an export already in out/ (it may be a district's real one, or
// one made with other flags): it serves it as it is. `npm run serve -- DIR --base PATH` serves an
// export under the path it was made for, and nothing outside it.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, LAUNCHER, removeDir, ROOT, runNode, tempDir } from './export-helpers.ts';

const work = tempDir('start');
after(() => removeDir(work));

/**
 * Starts a CLI as npm does (`npm start` and `npm run serve` run the bundled CLIs through
 * bin/run.mjs) with PORT=0, and resolves with its URL once it prints where it serves.
 */
function launch(
  command: 'start' | 'serve',
  args: string[],
): Promise<{ child: ChildProcess; url: string; stdout: () => string }> {
  const child = spawn(process.execPath, [LAUNCHER, command, ...args], {
    cwd: ROOT,
    env: cleanEnv({ PORT: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no server in 60 s\n${stdout}\n${stderr}`));
    }, 60_000);
    child.stderr!.on('data', (d) => {
      stderr += d;
    });
    child.stdout!.on('data', (d) => {
      stdout += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/\S*) /.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, stdout: () => stdout });
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}\n${stdout}\n${stderr}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    child.removeAllListeners('close');
    child.on('close', () => r());
    child.kill('SIGTERM');
  });
}

function fakeExport(dir: string): void {
  mkdirSync(path.join(dir, 'schools'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>mine</title>');
  writeFileSync(path.join(dir, 'schools', 'a.html'), '<!doctype html><title>a</title>');
  writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(path.join(dir, 'marker.txt'), 'do not touch');
}

describe('npm start with an export already in out/', () => {
  test('serves it unchanged and says how to re-export', async () => {
    const out = path.join(work, 'out');
    fakeExport(out);
    const old = new Date(1_000_000_000_000);
    for (const f of ['index.html', 'marker.txt']) utimesSync(path.join(out, f), old, old);
    const before = readdirSync(out, { recursive: true }).sort();
    const { child, url, stdout } = await launch('start', ['--out', out]);
    try {
      assert.match(stdout(), /already holds an export: serving it as it is \(re-export with `npm run export`/);
      assert.equal(await (await fetch(`${url}marker.txt`)).text(), 'do not touch');
      assert.match(await (await fetch(url)).text(), /<title>mine<\/title>/);
    } finally {
      await stop(child);
    }
    assert.deepEqual(readdirSync(out, { recursive: true }).sort(), before, 'no file added or removed');
    for (const f of ['index.html', 'marker.txt'])
      assert.equal(statSync(path.join(out, f)).mtimeMs, old.getTime(), `${f} mtime`);
  });
});

/** A process id no process can have (above Linux's highest): its folders count as a crashed export's. */
const DEAD = 9_999_999;

describe('npm start after an export was killed at its swap', () => {
  test('puts the last good site back and serves it, deleting neither tree', async () => {
    const root = path.join(work, 'swap');
    const out = path.join(root, 'out');
    fakeExport(out);
    renameSync(out, `${out}.old-${DEAD}`);
    fakeExport(`${out}.tmp-${DEAD}`);
    const { child, url, stdout } = await launch('start', ['--out', out]);
    try {
      assert.match(stdout(), new RegExp(`restored from out\\.old-${DEAD}`));
      assert.match(await (await fetch(url)).text(), /<title>mine<\/title>/);
    } finally {
      await stop(child);
    }
    assert.ok(existsSync(`${out}.tmp-${DEAD}`), 'the new tree is kept for the next export');
  });

  test('refuses to export the sample beside what an interrupted export left', async () => {
    const root = path.join(work, 'swap-tmp');
    const out = path.join(root, 'out');
    fakeExport(`${out}.tmp-${DEAD}`);
    const r = await runNode([LAUNCHER, 'start', '--out', out], {
      env: cleanEnv({ PORT: '0' }),
      timeoutMs: 60_000,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`out\\.tmp-${DEAD} beside .* left by an interrupted export`));
    assert.ok(existsSync(`${out}.tmp-${DEAD}`));
    assert.ok(!existsSync(out), 'no sample exported there');
  });
});

describe('npm run serve -- DIR --base /repo/', () => {
  test('serves the folder under /repo/ only', async () => {
    const dir = path.join(work, 'site');
    fakeExport(dir);
    const { child, url } = await launch('serve', [dir, '--base', '/repo/']);
    try {
      assert.match(url, /:\d+\/repo\/$/);
      const origin = new URL(url).origin;
      assert.equal((await fetch(`${origin}/repo/marker.txt`)).status, 200);
      assert.equal((await fetch(`${origin}/repo/schools/a`)).status, 200, 'pages answer without .html');
      assert.equal((await fetch(`${origin}/repo/`)).status, 200);
      const bare = await fetch(`${origin}/repo`, { redirect: 'manual' });
      assert.equal(bare.status, 301);
      assert.equal(bare.headers.get('location'), '/repo/');
      assert.equal((await fetch(`${origin}/marker.txt`)).status, 404, 'nothing outside the base');
      assert.equal((await fetch(`${origin}/repo/nothing`)).status, 404);
    } finally {
      await stop(child);
    }
  });
});
