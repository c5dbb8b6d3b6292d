// Acceptance: `npm run content` serves another dataset folder under another dataset name, prints
// its URL, binds loopback, stops on SIGTERM, and rejects bad flags with a clear message; plus the
// shared flag parser (core/args.ts) every script uses.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPublicClient } from '../../src/build/public-client.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { intFlag, parseArgs } from '../../core/args.ts';
import { InputError } from '../../core/errors.ts';
import { LAUNCHER, ROOT } from './export-helpers.ts';

/** `npm run content` runs the bundled CLI through the launcher (LAUNCHER), without tsx to load at each start. */
function run(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [LAUNCHER, 'content', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForUrl(p: ReturnType<typeof run>, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const m = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(p.output());
    if (m) return m[1]!;
    if (p.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no URL printed: ${p.output()}`);
}

describe('npm run content', () => {
  it('serves a dataset folder under another dataset name, with drafts behind the token, and stops on SIGTERM', async () => {
    const p = run([
      '--content',
      'test/fixtures/mini',
      '--port',
      '0',
      '--dataset=staging',
      '--token',
      'cli-token-123456',
    ]);
    try {
      const url = await waitForUrl(p);
      const pub = createPublicClient(embeddedConfig(url, 'staging'));
      assert.equal(await pub.fetch('count(*[_type == "school"])'), 5);
      const preview = createPreviewClient(embeddedConfig(url, 'staging'), 'cli-token-123456');
      assert.equal(await preview.fetch('*[_id == "school-summit"][0].title'), 'Summit Charter Academy');
      await assert.rejects(
        createPublicClient(embeddedConfig(url, 'production')).fetch('1'),
        (err: Error & { statusCode?: number }) => err.statusCode === 404,
      );
      const img = await fetch(`${url}/images/whatever-project/staging/a1f0c3d2e5-400x300.jpg?w=10`);
      assert.equal(img.status, 200);
      assert.doesNotMatch(p.output(), /cli-token-123456/, 'the token is never printed');
    } finally {
      p.child.kill('SIGTERM');
    }
    assert.equal(await p.exited, 0);
  });

  it('rejects unknown flags and bad values with a clear message and exit code 1 (usage)', async () => {
    const unknown = run(['--contnet', 'x']);
    const port = run(['--port', 'eighty']);
    assert.equal(await unknown.exited, 1);
    assert.match(
      unknown.output(),
      /unknown flag --contnet; accepted flags: --content, --port, --token, --dataset, --help/,
    );
    assert.equal(await port.exited, 1);
    assert.match(port.output(), /--port must be a whole number/);
  });

  it('fails naming the path when the folder has no dataset', async () => {
    const p = run(['--content', 'no/such/dir', '--port', '0']);
    assert.equal(await p.exited, 1);
    assert.match(p.output(), /content folder not found: .*no\/such\/dir/);
  });
});

describe('core/args.ts', () => {
  const spec = { port: { type: 'string' }, watch: { type: 'boolean' }, out: { type: 'string', short: 'o' } } as const;

  it('accepts --flag value, --flag=value and short aliases', () => {
    assert.deepEqual(parseArgs(['--port', '80', '--watch', '-o', 'dist'], spec).values, {
      port: '80',
      watch: true,
      out: 'dist',
    });
    assert.deepEqual(parseArgs(['--port=81', '--out=x=y'], spec).values, { port: '81', out: 'x=y' });
    assert.deepEqual(parseArgs(['--port=-1'], spec).values, { port: '-1' });
  });

  it('names the problem: unknown flag, missing value, value on a switch, stray argument', () => {
    assert.throws(
      () => parseArgs(['--prot', '1'], spec),
      (e: Error) =>
        e instanceof InputError && /unknown flag --prot; accepted flags: --port, --watch, --out/.test(e.message),
    );
    assert.throws(() => parseArgs(['--port'], spec), /--port needs a value/);
    assert.throws(() => parseArgs(['--port', '--watch'], spec), /--port needs a value/);
    assert.throws(() => parseArgs(['--watch=yes'], spec), /--watch takes no value/);
    assert.throws(() => parseArgs(['stray'], spec), /unexpected argument "stray"/);
    assert.deepEqual(parseArgs(['stray'], spec, { allowPositionals: true }).positionals, ['stray']);
  });

  it('parses bounded integers', () => {
    assert.equal(intFlag(undefined, 'port', { min: 0, max: 65535 }, 8080), 8080);
    assert.equal(intFlag('0', 'port', { min: 0, max: 65535 }, 8080), 0);
    assert.throws(() => intFlag('70000', 'port', { min: 0, max: 65535 }, 1), /--port must be between 0 and 65535/);
    assert.throws(() => intFlag('1.5', 'port', { min: 0, max: 65535 }, 1), /whole number/);
  });
});
