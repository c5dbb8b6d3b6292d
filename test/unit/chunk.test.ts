// A lazily loaded chunk that fails or hangs surfaces as 'Loading chunk {id} failed' (spec 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK_LOAD_TIMEOUT_MS, loadChunk } from '../../src/lib/chunk.ts';

test('the timeout is 120 seconds', () => {
  assert.equal(CHUNK_LOAD_TIMEOUT_MS, 120_000);
});

test('resolves with the module when the import succeeds', async () => {
  assert.deepEqual(await loadChunk('SchoolPage', async () => ({ ok: 1 })), { ok: 1 });
});

test('a failed import rejects with the chunk error, keeping the cause', async () => {
  const cause = new TypeError('Failed to fetch dynamically imported module');
  await assert.rejects(
    loadChunk('SchoolPage', () => Promise.reject(cause)),
    (err: Error) => {
      assert.equal(err.message, 'Loading chunk SchoolPage failed');
      assert.equal(err.cause, cause);
      return true;
    },
  );
});

test('an import that never settles rejects after the timeout', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const pending = loadChunk('SchoolPage', () => new Promise(() => {}));
  let settled: unknown = null;
  pending.catch((err) => {
    settled = err;
  });
  t.mock.timers.tick(CHUNK_LOAD_TIMEOUT_MS - 1);
  await Promise.resolve();
  assert.equal(settled, null, 'not before 120 s');
  t.mock.timers.tick(1);
  await assert.rejects(pending, { message: 'Loading chunk SchoolPage failed' });
});

test('a late success after the timeout does not resolve again', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let finish!: (v: string) => void;
  const pending = loadChunk(
    'x',
    () =>
      new Promise<string>((r) => {
        finish = r;
      }),
    10,
  );
  t.mock.timers.tick(10);
  finish('late');
  await assert.rejects(pending, { message: 'Loading chunk x failed' });
});
