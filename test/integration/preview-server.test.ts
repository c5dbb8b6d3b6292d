// The preview as an editor runs it (`node bin/run.mjs preview`, what `npm run preview` calls): it
// starts the embedded content service, prints a ready-to-open link with a generated secret, and
// shuts down cleanly on SIGTERM even with an event stream open. Bad configuration stops it at
// boot with a message naming the variable, never printing secret values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { startFixtureService, writePreviewFixture } from './helpers/preview-fixture.ts';
import { PREVIEW_SECRET_FILE } from '../../server/config/secret-file.ts';
import { LAUNCHER, ROOT } from './export-helpers.ts';

function run(args: string[], env: Record<string, string>) {
  // The launcher runs the bundled server in its own process, so the exit code is the server's own.
  const child = spawn(process.execPath, [LAUNCHER, 'preview', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

test('npm run preview: prints a secret link, serves the session, and exits 0 on SIGTERM with a stream open', {
  timeout: 60_000,
}, async () => {
  const fixture = await writePreviewFixture();
  const p = run(['--content', fixture.dir, '--port', '0'], {});
  try {
    const start = Date.now();
    while (!/Open: (http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+)/.test(p.out())) {
      if (Date.now() - start > 45_000 || p.child.exitCode !== null)
        throw new Error(`no ready line:\n${p.out()}\n${p.err()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const link = /Open: (\S+)/.exec(p.out())![1]!;
    const origin = new URL(link).origin;
    assert.equal((await fetch(`${origin}/`)).status, 401);
    const login = await fetch(link, { redirect: 'manual' });
    assert.equal(login.status, 302);
    assert.equal(login.headers.get('location'), '/');
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const nav = await fetch(`${origin}/api/navigation`, { headers: { cookie } });
    assert.equal(nav.status, 200);
    assert.ok(((await nav.json()) as { schools: unknown[] }).schools.length >= 3);

    const ac = new AbortController();
    const stream = await fetch(`${origin}/api/events?id=school-lincoln`, { headers: { cookie }, signal: ac.signal });
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers.get('content-type')), /text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read();

    const stopAt = Date.now();
    p.child.kill('SIGTERM');
    assert.equal(await p.exited, 0);
    assert.ok(Date.now() - stopAt < 8000, 'graceful shutdown does not hang on the open stream');
    const secret = new URL(link).searchParams.get('secret')!;
    const logs = p.out().replace(link, '');
    assert.ok(!logs.includes(secret), 'the secret is printed once, in the link, and never logged');
    ac.abort();
  } finally {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    fixture.cleanup();
  }
});

test('starts with two busy processes beside it: the bundle is built before any plugin start timeout', {
  timeout: 120_000,
}, async () => {
  // Two CPU-bound processes on a 2-core machine: esbuild then takes several times as long, which
  // inside a plugin made Fastify give up ("Plugin did not start in time: 'preview-app'").
  const busy = [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'const end = Date.now() + 110000; while (Date.now() < end) {}'], {
      stdio: 'ignore',
    }),
  );
  const fixture = await writePreviewFixture();
  const p = run(['--content', fixture.dir, '--port', '0'], {});
  try {
    const start = Date.now();
    while (!/Open: http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+/.test(p.out())) {
      if (p.child.exitCode !== null || Date.now() - start > 100_000)
        assert.fail(`the preview did not start:\n${p.out()}\n${p.err()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.doesNotMatch(p.out() + p.err(), /did not start in time/);
  } finally {
    for (const b of busy) b.kill('SIGKILL');
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    fixture.cleanup();
  }
});

test('boot fails with a message naming the variable: hosted project without PREVIEW_SECRET or token, bad PORT', {
  timeout: 60_000,
}, async () => {
  const token = `do-not-print-${'h'.repeat(20)}`;
  const cases: [Record<string, string>, RegExp][] = [
    [
      { SANITY_PROJECT_ID: 'district42', SANITY_API_HOST: 'http://127.0.0.1:9', SANITY_API_READ_TOKEN: token },
      /PREVIEW_SECRET.*required/,
    ],
    [{ SANITY_PROJECT_ID: 'district42', PREVIEW_SECRET: 'x'.repeat(20) }, /SANITY_API_READ_TOKEN/],
    [{ PORT: 'http' }, /PORT/],
  ];
  await Promise.all(
    cases.map(async ([env, pattern]) => {
      const p = run([], env);
      assert.equal(await p.exited, 1, p.err());
      assert.match(p.err(), pattern);
      assert.ok(!p.err().includes(token) && !p.out().includes(token), 'secret values are never printed');
    }),
  );
});

/** Waits for the ready line and returns the printed link, then stops the server. */
async function startAndStop(args: string[]): Promise<string> {
  const p = run(args, {});
  try {
    const start = Date.now();
    while (!/Open: (\S+)/.test(p.out())) {
      if (Date.now() - start > 45_000 || p.child.exitCode !== null)
        throw new Error(`no ready line:\n${p.out()}\n${p.err()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 100));
    return p.out();
  } finally {
    p.child.kill('SIGTERM');
    await p.exited;
  }
}

test('a restart keeps the generated link (0600 file); the start message links a real school with a draft', {
  timeout: 120_000,
}, async () => {
  const fixture = await writePreviewFixture();
  try {
    const first = await startAndStop(['--content', fixture.dir, '--port', '0']);
    const second = await startAndStop(['--content', fixture.dir, '--port', '0']);
    const secretOf = (out: string) => new URL(/Open: (\S+)/.exec(out)![1]!).searchParams.get('secret');
    assert.equal(secretOf(second), secretOf(first), 'yesterday’s link still opens a session');
    assert.equal(statSync(PREVIEW_SECRET_FILE).mode & 0o777, 0o600);
    assert.match(
      second,
      /Live preview of Lincoln Middle School: http:\/\/127\.0\.0\.1:\d+\/schools\/lincoln-middle\?livepreview=1/,
    );
    assert.doesNotMatch(second, /<slug>/);
  } finally {
    fixture.cleanup();
  }
});

test('a read token the content service refuses stops the start with exit 1 and says what to do', {
  timeout: 60_000,
}, async () => {
  const fixture = await writePreviewFixture();
  const service = await startFixtureService(fixture.dir, `right-token-${'r'.repeat(20)}`);
  const wrong = `wrong-token-${'w'.repeat(20)}`;
  try {
    const p = run([], {
      SANITY_PROJECT_ID: 'embedded',
      SANITY_DATASET: 'production',
      SANITY_API_HOST: service.url,
      SANITY_API_READ_TOKEN: wrong,
      PREVIEW_SECRET: 's'.repeat(20),
      PORT: '0',
    });
    assert.equal(await p.exited, 1, p.out() + p.err());
    assert.match(p.err(), /refused SANITY_API_READ_TOKEN/);
    assert.doesNotMatch(p.out(), /Preview server ready/);
    assert.ok(!p.err().includes(wrong) && !p.out().includes(wrong), 'the token is never printed');
  } finally {
    await service.close();
    fixture.cleanup();
  }
});
