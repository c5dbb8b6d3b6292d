// Acceptance: live preview depends on change events, so a mutation and an edit of the dataset
// file must both reach a real @sanity/client listener within a second, filtered by the listen
// query, with drafts only for token holders, and with keep-alives on idle streams.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListenEvent, MutationEvent, SanityClient } from '@sanity/client';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-listen-0123456789';

type Ev = ListenEvent<Record<string, unknown>>;

/** Subscribes and lets a test wait (bounded) for the next event matching a predicate. */
function listen(
  client: SanityClient,
  query: string,
  params: Record<string, unknown> = {},
  opts: Record<string, unknown> = {},
) {
  const events: Ev[] = [];
  let error: Error | null = null;
  const waiters = new Set<() => void>();
  const sub = client.listen(query, params, { events: ['welcome', 'mutation'], ...opts } as never).subscribe({
    next: (e: Ev) => {
      events.push(e);
      waiters.forEach((w) => w());
    },
    error: (e: Error) => {
      error = e;
      waiters.forEach((w) => w());
    },
  });
  const waitFor = <T extends Ev>(pred: (e: Ev) => boolean, ms = 1000, from = 0): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const hit = events.slice(from).find(pred);
        if (hit) {
          done();
          resolve(hit as T);
        } else if (error) {
          done();
          reject(error);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
      }, ms);
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const failed = (ms = 2000): Promise<Error> =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('listener did not fail')), ms);
      const check = (): void => {
        if (error) {
          clearTimeout(t);
          resolve(error);
        }
      };
      waiters.add(check);
      check();
    });
  return {
    events,
    waitFor,
    failed,
    close: () => sub.unsubscribe(),
    welcome: () => waitFor((e) => e.type === 'welcome', 2000),
  };
}

const isMutation =
  (id: string) =>
  (e: Ev): boolean =>
    e.type === 'mutation' && (e as MutationEvent).documentId === id;

let dir: string;
let service: ContentService;
let editor: SanityClient;
let anonymous: SanityClient;
const warnings: string[] = [];
const open: { close(): void }[] = [];

describe('listen: mutations and file edits reach @sanity/client listeners', () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-listen-'));
    cpSync(MINI, dir, { recursive: true });
    service = await startContentService({
      contentDir: dir,
      token: TOKEN,
      keepAliveMs: 150,
      pollMs: 200,
      debounceMs: 30,
      log: (m) => warnings.push(m),
    });
    const cfg = embeddedConfig(service.url);
    editor = createPreviewClient(cfg, TOKEN);
    anonymous = createPreviewClient(cfg, null);
  });

  after(async () => {
    for (const l of open) l.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a mutation to a listener within 1 s, in the hosted event shape', async () => {
    const l = listen(editor, '*[_type == "school" && _id == $id]', { id: 'school-beacon' });
    open.push(l);
    await l.welcome();
    const committed = await editor
      .transaction()
      .patch('school-beacon', (p) => p.set({ title: 'Beacon Charter (renamed)' }))
      .commit();
    const ev = await l.waitFor<MutationEvent>(isMutation('school-beacon'), 1000);
    assert.equal(ev.transition, 'update');
    assert.equal(ev.transactionId, committed.transactionId);
    assert.equal((ev.result as { title?: string }).title, 'Beacon Charter (renamed)');
    assert.equal(ev.eventId, `${ev.transactionId}#school-beacon`);
    assert.equal(ev.identity, 'local-editor');
    assert.equal(ev.visibility, 'query');
    assert.ok(!Number.isNaN(Date.parse(ev.timestamp)));
    assert.deepEqual(ev.mutations, [{ patch: { id: 'school-beacon', set: { title: 'Beacon Charter (renamed)' } } }]);
    assert.equal(ev.resultRev, (ev.result as { _rev?: string })._rev);
  });

  it('sends appear and disappear transitions as documents enter and leave the filter', async () => {
    const l = listen(editor, '*[_type == "school" && isCharter == true]', {}, { includeResult: true });
    open.push(l);
    await l.welcome();
    await editor.create({ _id: 'school-new-charter', _type: 'school', title: 'New Charter', isCharter: true });
    const appear = await l.waitFor<MutationEvent>(isMutation('school-new-charter'));
    assert.equal(appear.transition, 'appear');
    const mark = l.events.length;
    await editor.patch('school-new-charter').set({ isCharter: false }).commit();
    const leave = await l.waitFor<MutationEvent>(isMutation('school-new-charter'), 1000, mark);
    assert.equal(leave.transition, 'disappear');
    const mark2 = l.events.length;
    await editor.patch('school-aurora').set({ subtitle: 'not a charter, no event' }).commit();
    await editor.delete('school-beacon');
    const gone = await l.waitFor<MutationEvent>(isMutation('school-beacon'), 1000, mark2);
    assert.equal(gone.transition, 'disappear');
    assert.equal(gone.result, undefined);
    assert.ok(!l.events.slice(mark2).some(isMutation('school-aurora')), 'documents outside the filter send nothing');
  });

  it('omits the document when includeResult is false', async () => {
    const l = listen(editor, '*[_id == "school-aurora"]', {}, { includeResult: false });
    open.push(l);
    await l.welcome();
    await editor.patch('school-aurora').set({ twitter: '@aurora' }).commit();
    const ev = await l.waitFor<MutationEvent>(isMutation('school-aurora'));
    assert.equal(ev.result, undefined);
  });

  it('sends draft changes only to token holders', async () => {
    const anon = listen(anonymous, '*[_type == "school"]');
    const ed = listen(editor, '*[_type == "school"]');
    open.push(anon, ed);
    await Promise.all([anon.welcome(), ed.welcome()]);
    await editor.patch('drafts.school-lincoln').set({ title: 'Lincoln (draft 2)' }).commit();
    await editor.patch('school-lincoln').set({ subtitle: 'published change' }).commit();
    await ed.waitFor(isMutation('drafts.school-lincoln'));
    await anon.waitFor(isMutation('school-lincoln'));
    assert.ok(!anon.events.some(isMutation('drafts.school-lincoln')), 'the anonymous listener never saw the draft');
  });

  it('filters an anonymous listener that names drafts by access instead of refusing it (as hosted)', async () => {
    const l = listen(anonymous, '*[_id in [$id, $draftId]]', {
      id: 'school-lincoln',
      draftId: 'drafts.school-lincoln',
    });
    open.push(l);
    await l.welcome();
    await editor.patch('drafts.school-lincoln').set({ title: 'Lincoln (draft 3)' }).commit();
    await editor.patch('school-lincoln').set({ subtitle: 'published change 2' }).commit();
    await l.waitFor(isMutation('school-lincoln'));
    assert.ok(!l.events.some(isMutation('drafts.school-lincoln')), 'the draft change is never sent without the token');
  });

  it('reports a bad listen query as a channel error the client can show', async () => {
    const l = listen(editor, '*[_type == ');
    const err = await l.failed();
    l.close();
    assert.match(err.message, /GROQ query parse error/);
  });
  it('sends keep-alive comments on an idle stream', async () => {
    const ctl = new AbortController();
    const res = await fetch(
      `${service.url}/v2025-02-19/data/listen/production?query=${encodeURIComponent('*[_id == "nothing"]')}`,
      { signal: ctl.signal },
    );
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    let text = '';
    const deadline = Date.now() + 2000;
    while (!/\n:\n/.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ctl.abort();
    assert.match(text, /^event: welcome\ndata: \{"listenerName":"[^"]+"\}\n\n/);
    assert.match(text, /\n:\n\n/, 'a comment line keeps the connection alive');
  });

  it('turns an edit of dataset.ndjson into events within 1 s, skipping malformed lines', async () => {
    const file = join(dir, 'dataset.ndjson');
    const l = listen(editor, '*[_type == "school"]');
    open.push(l);
    await l.welcome();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const edited = lines
      .filter((line) => !line.includes('"_id":"school-noslug"'))
      .map((line) =>
        line.includes('"_id":"school-innovation"')
          ? line.replace('Career Innovation Center', 'Career Innovation Center (edited)')
          : line,
      );
    edited.splice(3, 0, '{"_id": "broken", this is not json');
    const started = Date.now();
    writeFileSync(file, `${edited.join('\n')}\n`);
    const changed = await l.waitFor<MutationEvent>(isMutation('school-innovation'), 1000);
    assert.ok(Date.now() - started < 1000);
    assert.equal(changed.transition, 'update');
    assert.equal((changed.result as { title?: string }).title, 'Career Innovation Center (edited)');
    assert.equal(changed.identity, 'dataset-file');
    const removed = await l.waitFor<MutationEvent>(isMutation('school-noslug'), 1000);
    assert.equal(removed.transition, 'disappear');
    assert.ok(
      warnings.some((w) => /dataset\.ndjson line 4\b/.test(w)),
      `a warning names the malformed line: ${warnings.join(' | ')}`,
    );
    assert.equal(await editor.fetch('*[_id == "school-innovation"][0].title'), 'Career Innovation Center (edited)');
    // In-memory mutations the file edit did not touch survive the reload.
    assert.equal(await editor.fetch('*[_id == "school-aurora"][0].twitter'), '@aurora');
  });

  it('never writes mutations to the dataset on disk', () => {
    const docs = readFileSync(join(dir, 'dataset.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"_id":"'))
      .map((l) => JSON.parse(l) as { _id: string; twitter?: string });
    assert.ok(!docs.some((d) => d._id === 'school-new-charter'), 'created documents stay in memory');
    assert.equal(docs.find((d) => d._id === 'school-aurora')?.twitter, '@auroramiddle', 'patches stay in memory');
    assert.ok(
      docs.some((d) => d._id === 'school-beacon'),
      'deletes stay in memory',
    );
  });
});
