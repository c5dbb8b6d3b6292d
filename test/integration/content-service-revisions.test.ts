// Acceptance: the static export fetches only documents whose `_rev` changed since the previous
// export, so the embedded service must keep Sanity's promise that a document's `_rev` changes
// whenever its content does — also when an editor hand-edits dataset.ndjson and keeps the line's
// `_rev`, while the service runs and across restarts (each export starts a fresh service), and
// without changing the revs of documents nobody touched.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutationEvent, SanityClient } from '@sanity/client';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { REV_HASH_HEX, servedRevision } from '../../content-service/store.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-revisions-0123456789';
const HASH = `[0-9a-f]{${REV_HASH_HEX}}`;
type Err = Error & { statusCode?: number };

const tempCopy = (dirs: string[]): string => {
  const dir = mkdtempSync(join(tmpdir(), 'content-revs-'));
  cpSync(MINI, dir, { recursive: true });
  dirs.push(dir);
  return dir;
};

/** Edits documents in dataset.ndjson the way a person would: the line changes, its `_rev` does not. */
function editFile(dir: string, edits: Record<string, (doc: Record<string, unknown>) => void>): void {
  const file = join(dir, 'dataset.ndjson');
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      const doc = JSON.parse(line) as Record<string, unknown>;
      const edit = edits[doc._id as string];
      if (!edit) return line;
      const rev = doc._rev;
      edit(doc);
      assert.equal(doc._rev, rev, 'the edit keeps the file _rev');
      return JSON.stringify(doc);
    });
  writeFileSync(file, lines.join('\n'));
}

const editor = (service: ContentService): SanityClient =>
  createPreviewClient(embeddedConfig(service.url), TOKEN).withConfig({ perspective: 'raw' });

/** Every document's served rev, as an export would collect them. */
async function revsOf(client: SanityClient): Promise<Map<string, string>> {
  const rows = await client.fetch<{ _id: string; _rev: string }[]>('*[]{_id, _rev}');
  return new Map(rows.map((r) => [r._id, r._rev]));
}

async function revsOfFreshStart(dir: string): Promise<Map<string, string>> {
  const service = await startContentService({ contentDir: dir, token: TOKEN, watch: false, log: () => {} });
  try {
    return await revsOf(editor(service));
  } finally {
    await service.close();
  }
}

/** The ids whose rev differs between two collections (added or removed ids count too). */
const changedIds = (a: Map<string, string>, b: Map<string, string>): string[] =>
  [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id)).sort();

const dirs: string[] = [];

describe('served _rev of documents read from dataset.ndjson', () => {
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  describe('while the service runs and follows the file', () => {
    let dir: string;
    let service: ContentService;
    let client: SanityClient;
    const open: { unsubscribe(): void }[] = [];

    before(async () => {
      dir = tempCopy(dirs);
      service = await startContentService({
        contentDir: dir,
        token: TOKEN,
        pollMs: 100,
        debounceMs: 20,
        log: () => {},
      });
      client = editor(service);
    });
    after(async () => {
      for (const s of open) s.unsubscribe();
      await service.close();
    });

    it('serves a new rev for a hand edit that keeps the _rev, announces it, and leaves untouched documents alone', async () => {
      const before = await revsOf(client);
      assert.match(
        before.get('school-aurora')!,
        new RegExp(`^rev-aurora-1-${HASH}$`),
        'the file rev plus a content hash',
      );
      assert.match(
        before.get('school-beacon')!,
        new RegExp(`^${HASH}$`),
        'a document without _rev gets its content hash',
      );
      assert.equal(new Set(before.values()).size, before.size, 'every document has its own rev');
      assert.equal(
        (await client.getDocument('school-aurora'))?._rev,
        before.get('school-aurora'),
        'the doc endpoint serves the same rev',
      );

      const events: MutationEvent[] = [];
      let welcomed = false;
      let waiter: (() => void) | null = null;
      const sub = client
        .listen('*[_id in ["school-aurora", "school-beacon"]]', {}, { events: ['welcome', 'mutation'] } as never)
        .subscribe({
          next: (e: { type: string }) => {
            if (e.type === 'welcome') welcomed = true;
            if (e.type === 'mutation') events.push(e as MutationEvent);
            waiter?.();
          },
        });
      open.push(sub);
      const waitUntil = (pred: () => boolean, what: string): Promise<void> =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 3000);
          waiter = () => {
            if (pred()) {
              clearTimeout(timer);
              resolve();
            }
          };
          waiter();
        });
      // After the welcome the stream is open, so no announcement of the edit can be missed.
      await waitUntil(() => welcomed, 'the listener to open');

      editFile(dir, {
        'school-aurora': (d) => {
          d.title = 'Aurora Middle School (edited by hand)';
        },
        'school-beacon': (d) => {
          d.subtitle = 'edited by hand';
        },
      });
      await waitUntil(() => new Set(events.map((e) => e.documentId)).size === 2, 'both file edits to be announced');

      const after = await revsOf(client);
      assert.deepEqual(changedIds(before, after), ['school-aurora', 'school-beacon']);
      assert.match(after.get('school-aurora')!, new RegExp(`^rev-aurora-1-${HASH}$`));
      assert.match(after.get('school-beacon')!, new RegExp(`^${HASH}$`));
      for (const ev of events) {
        assert.equal(
          ev.previousRev,
          before.get(ev.documentId),
          `${ev.documentId}: previousRev is the rev served before`,
        );
        assert.equal(ev.resultRev, after.get(ev.documentId), `${ev.documentId}: resultRev is the rev served now`);
        assert.equal((ev.result as { _rev?: string } | undefined)?._rev, after.get(ev.documentId));
      }
      assert.equal((await client.getDocument('school-aurora'))?.title, 'Aurora Middle School (edited by hand)');

      // Revs follow content, so undoing the edit serves the original rev again.
      const mark = events.length;
      editFile(dir, {
        'school-aurora': (d) => {
          d.title = 'Aurora Middle School';
        },
      });
      await waitUntil(
        () => events.slice(mark).some((e) => e.documentId === 'school-aurora'),
        'the undo to be announced',
      );
      const undone = await revsOf(client);
      assert.equal(undone.get('school-aurora'), before.get('school-aurora'));
      assert.deepEqual(changedIds(after, undone), ['school-aurora']);
    });
  });
  describe('across restarts', () => {
    it('serves identical revs from an unchanged file and a new rev only for the edited document', async () => {
      const dir = tempCopy(dirs);
      const first = await revsOfFreshStart(dir);
      const second = await revsOfFreshStart(dir);
      assert.ok(first.size >= 15);
      assert.deepEqual([...second], [...first]);

      editFile(dir, {
        'drafts.school-lincoln': (d) => {
          d.title = 'Lincoln Middle School (draft, edited by hand)';
        },
      });
      const third = await revsOfFreshStart(dir);
      assert.deepEqual(changedIds(first, third), ['drafts.school-lincoln']);

      editFile(dir, {
        'school-aurora': (d) => {
          (d.location as { lat: number }).lat = 39.71;
        },
      });
      const fourth = await revsOfFreshStart(dir);
      assert.deepEqual(changedIds(third, fourth), ['school-aurora'], 'a change deep inside a document counts');
    });

    it('does not grow revs when the served documents are written back as the dataset', async () => {
      const dir = tempCopy(dirs);
      const file = join(dir, 'dataset.ndjson');
      const writeBack = async (): Promise<Map<string, string>> => {
        const service = await startContentService({ contentDir: dir, token: TOKEN, watch: false, log: () => {} });
        try {
          const docs = await editor(service).fetch<Record<string, unknown>[]>('*');
          writeFileSync(file, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
          return await revsOf(editor(service));
        } finally {
          await service.close();
        }
      };
      const served = await writeBack();
      const afterOne = await writeBack();
      // A document that had a file _rev keeps its served rev; one without gains its rev once.
      assert.equal(afterOne.get('school-aurora'), served.get('school-aurora'));
      const afterTwo = await revsOfFreshStart(dir);
      assert.deepEqual([...afterTwo], [...afterOne], 'stable from the first write-back on');
    });
  });

  describe('mutations', () => {
    let service: ContentService;
    let client: SanityClient;

    before(async () => {
      service = await startContentService({ contentDir: tempCopy(dirs), token: TOKEN, watch: false, log: () => {} });
      client = editor(service);
    });
    after(() => service.close());

    it('give a fresh rev, and ifRevisionID works with the served rev', async () => {
      const served = (await client.getDocument('school-aurora'))!._rev;
      await assert.rejects(
        client.patch('school-aurora').ifRevisionId('rev-aurora-1').set({ title: 'x' }).commit(),
        (err: Err) => err.statusCode === 409,
        'the bare file rev is not what the service serves',
      );
      const patched = await client
        .patch('school-aurora')
        .ifRevisionId(served)
        .set({ title: 'Aurora (patched)' })
        .commit();
      assert.equal(patched.title, 'Aurora (patched)');
      assert.notEqual(patched._rev, served);
      assert.equal((await client.getDocument('school-aurora'))?._rev, patched._rev);
      await assert.rejects(
        client.patch('school-aurora').ifRevisionId(served).set({ title: 'lost update' }).commit(),
        (err: Err) => err.statusCode === 409,
        'the rev from before the mutation is stale',
      );
      const again = await client.patch('school-aurora').ifRevisionId(patched._rev).set({ subtitle: 'second' }).commit();
      assert.notEqual(again._rev, patched._rev);

      const beaconRev = (await client.getDocument('school-beacon'))!._rev;
      const beacon = await client
        .patch('school-beacon')
        .ifRevisionId(beaconRev)
        .set({ title: 'Beacon (patched)' })
        .commit();
      assert.notEqual(beacon._rev, beaconRev, 'a document without a file _rev works the same way');
    });
  });
  describe('servedRevision', () => {
    const line = (o: Record<string, unknown>): string => JSON.stringify(o);

    it('keeps the file rev as prefix and changes with any content change', () => {
      const a = servedRevision(line({ _id: 'a', _rev: 'r1', title: 'A' }), 'r1');
      assert.match(a, new RegExp(`^r1-${HASH}$`));
      assert.equal(servedRevision(line({ _id: 'a', _rev: 'r1', title: 'A' }), 'r1'), a, 'deterministic');
      assert.notEqual(servedRevision(line({ _id: 'a', _rev: 'r1', title: 'B' }), 'r1'), a);
      assert.notEqual(
        servedRevision(line({ _id: 'a', _rev: 'r2', title: 'A' }), 'r2'),
        a,
        'a new file rev changes it too',
      );
    });

    it('notices a nested "_rev" member moving even when it repeats the file rev', () => {
      // The first "_rev":"X" in these lines is nested, not the document's own, and cutting it out
      // leaves the same text in both: only the cut's offset tells them apart.
      const x = servedRevision('{"_id":"a","n":{"_rev":"X"},"m":{},"_rev":"X"}', 'X');
      const y = servedRevision('{"_id":"a","n":{},"m":{"_rev":"X"},"_rev":"X"}', 'X');
      assert.notEqual(x, y);
    });

    it('handles revs written with escapes or spaces, and revs that are not strings', () => {
      const escaped = servedRevision('{"_id":"a","_rev":"r\\u0031","t":1}', 'r1');
      assert.match(escaped, new RegExp(`^r1-${HASH}$`));
      assert.notEqual(servedRevision('{"_id":"a","_rev":"r\\u0031","t":2}', 'r1'), escaped);
      const spaced = servedRevision('{"_id": "a", "_rev": "r1", "t": 1}', 'r1');
      assert.notEqual(servedRevision('{"_id": "a", "_rev": "r1", "t": 2}', 'r1'), spaced);
      assert.match(servedRevision('{"_id":"a","_rev":7}', 7), new RegExp(`^${HASH}$`));
      assert.notEqual(servedRevision('{"_id":"a","_rev":7}', 7), servedRevision('{"_id":"a","_rev":8}', 8));
    });

    it('serves a file rev that already ends in its own content hash unchanged', () => {
      const served = servedRevision(line({ _id: 'a', _rev: 'r1', title: 'A' }), 'r1');
      const back = line({ _id: 'a', _rev: served, title: 'A' });
      assert.equal(servedRevision(back, served), served);
      assert.notEqual(
        servedRevision(line({ _id: 'a', _rev: served, title: 'B' }), served),
        served,
        'but not once the content changed',
      );
    });
  });
});
