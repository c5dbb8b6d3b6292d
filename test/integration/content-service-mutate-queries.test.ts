// A mutation that selects its documents by query (patch or delete by GROQ) runs the caller's GROQ
// like any query: in a query worker, within the budget, never on the service's event loop. A
// selection that backtracks for minutes (`a*a*a*a*a*b` against 270 a's in a `match`) answers 400
// when its budget runs out while the service keeps answering readers; an ordinary
// selection still sees what earlier mutations of its own transaction did.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { SanityClient } from '@sanity/client';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-mutate-queries-0123456789';
const BUDGET_MS = 1500;
type Err = Error & { statusCode?: number };

let service: ContentService;
let editor: SanityClient;

/** How long an anonymous request takes to answer. */
async function timed(path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${service.url}${path}`);
  assert.equal(res.status, 200);
  await res.arrayBuffer();
  return performance.now() - started;
}

describe('mutations that select by query', () => {
  before(async () => {
    service = await startContentService({
      contentDir: MINI,
      token: TOKEN,
      watch: false,
      queryLimits: { timeoutMs: BUDGET_MS },
    });
    editor = createPreviewClient(embeddedConfig(service.url), TOKEN).withConfig({ perspective: 'raw' });
  });

  after(() => service?.close());

  it('a selection that backtracks for minutes ends at its budget with 400, and readers never wait', async () => {
    const started = performance.now();
    const attack = editor
      .mutate([{ delete: { query: '*[$s match $p]', params: { s: 'a'.repeat(270), p: 'a*a*a*a*a*b' } } }])
      .then(
        () => assert.fail('the attack was applied'),
        (err: Err) => err,
      );
    // While the selection runs, the service's own thread answers at once (a document read): the
    // selection is in a worker, which the budget ends.
    await new Promise((r) => setTimeout(r, 200));
    const doc = await timed('/v2025-02-19/data/doc/production/video-tour');
    assert.ok(doc < 500, `a document read took ${Math.round(doc)} ms beside the attack`);
    const err = await attack;
    assert.equal(err.statusCode, 400);
    assert.match(err.message, /delete query/);
    const took = performance.now() - started;
    assert.ok(took < BUDGET_MS + 5000, `refused after ${Math.round(took)} ms`);
    assert.ok((await editor.fetch<number>('count(*)')) > 0, 'nothing was deleted');
  });

  it('a selection sees what earlier mutations of its transaction did', async () => {
    await editor.mutate([
      { create: { _id: 'video-q1', _type: 'video', title: 'Queued', videoId: 'q1q1q1q1q1q' } },
      { patch: { query: '*[_type == "video" && title == $t]', params: { t: 'Queued' }, set: { title: 'Patched' } } },
    ]);
    assert.equal((await editor.getDocument('video-q1'))?.title, 'Patched');
    await editor.mutate([{ delete: { query: '*[_id == $id]', params: { id: 'video-q1' } } }]);
    assert.equal(await editor.getDocument('video-q1'), undefined);
  });
});
