// Acceptance: the mutate endpoint behaves like the hosted one for the operations editors' tools
// and tests use (create, createOrReplace, createIfNotExists, patch set/unset/insert, delete),
// atomically, token-only, answering in the shape @sanity/client unpacks.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { SanityClient } from '@sanity/client';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPublicClient } from '../../src/build/public-client.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { parsePath } from '../../content-service/patch.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-mutate-0123456789';
type Err = Error & { statusCode?: number; details?: { type?: string; items?: unknown[] } };

let service: ContentService;
let editor: SanityClient;
let raw: SanityClient;

describe('mutate endpoint', () => {
  before(async () => {
    service = await startContentService({ contentDir: MINI, token: TOKEN, watch: false });
    editor = createPreviewClient(embeddedConfig(service.url), TOKEN);
    raw = editor.withConfig({ perspective: 'raw' });
  });

  after(() => service.close());

  it('creates documents and answers with Sanity-shaped results', async () => {
    const res = await editor.mutate<Record<string, unknown>>(
      [
        { create: { _id: 'video-new', _type: 'video', title: 'New', videoId: 'abc' } },
        { createIfNotExists: { _id: 'video-tour', _type: 'video', title: 'ignored' } },
        { createOrReplace: { _id: 'video-tour', _type: 'video', title: 'Replaced', videoId: 'xyz' } },
      ],
      { returnDocuments: false, returnFirst: false },
    );
    assert.match(res.transactionId, /^\w+$/);
    assert.deepEqual(
      res.results.map((r) => [r.id, r.operation]),
      [
        ['video-new', 'create'],
        ['video-tour', 'none'],
        ['video-tour', 'update'],
      ],
    );
    const doc = await raw.getDocument('video-new');
    assert.equal(doc?.title, 'New');
    assert.match(String(doc?._rev), /\w{10,}/);
    assert.ok(doc?._createdAt && doc._updatedAt);
    assert.equal((await raw.getDocument('video-tour'))?.title, 'Replaced');
    const created = await editor.create({ _type: 'video', title: 'generated id' });
    assert.match(created._id, /^[\w]+$/, 'create without _id generates one');
  });

  it('patches with set and unset on top-level and dotted paths, and returns the document', async () => {
    const doc = await editor
      .patch('school-aurora')
      .set({ title: 'Aurora Middle', 'location.lat': 40, 'sectionRepeater[_key=="s1"].title': 'Learning' })
      .unset(['twitter', 'mainImage.hotspot'])
      .commit();
    assert.equal(doc.title, 'Aurora Middle');
    assert.equal(doc.location.lat, 40);
    assert.equal(doc.location.lng, -104.8, 'siblings of a dotted path are kept');
    assert.equal(doc.sectionRepeater[0].title, 'Learning');
    assert.equal(doc.twitter, undefined);
    assert.equal(doc.mainImage.hotspot, undefined);
    assert.deepEqual(doc.mainImage.crop, { top: 0, bottom: 0, left: 0.1, right: 0 });
    const replaced = await editor.patch('school-aurora').set({ sectionRepeater: [] }).commit();
    assert.deepEqual(replaced.sectionRepeater, []);
    const appended = await editor
      .patch('school-aurora')
      .setIfMissing({ sectionRepeater: [] })
      .append('sectionRepeater', [{ _key: 'n', title: 'New' }])
      .commit();
    assert.deepEqual(appended.sectionRepeater, [{ _key: 'n', title: 'New' }]);
  });

  it('applies inc, dec and diffMatchPatch through @sanity/mutator, refusing inc on a non-number', async () => {
    const doc = await editor.patch('school-aurora').set({ title: 'Aurora', 'location.lat': 40 }).commit();
    const counted = await editor
      .patch('school-aurora')
      .inc({ 'location.lat': 2 })
      .dec({ 'location.lng': 0.2 })
      .commit();
    assert.equal(counted.location.lat, 42);
    assert.equal(counted.location.lng, doc.location.lng - 0.2);
    const edited = await editor
      .patch('school-aurora')
      .diffMatchPatch({ title: '@@ -1,6 +1,13 @@\n Aurora\n+ Middle\n' })
      .commit();
    assert.equal(edited.title, 'Aurora Middle');
    const refused = editor.patch('school-aurora').inc({ title: 1 }).commit();
    await assert.rejects(refused, (err: Err) => err.statusCode === 409);
  });

  it('shows a patched draft through the drafts perspective right away', async () => {
    await editor.patch('drafts.school-lincoln').set({ subtitle: 'Edited in preview' }).commit();
    assert.equal(await editor.fetch('*[_id == "school-lincoln"][0].subtitle'), 'Edited in preview');
    const pub = createPublicClient(embeddedConfig(service.url));
    assert.equal(await pub.fetch('*[_id == "school-lincoln"][0].subtitle'), 'Grades 6-8 · West');
  });

  it('deletes by id and by query', async () => {
    await editor.delete('video-new');
    assert.equal(await raw.getDocument('video-new'), undefined);
    await editor.delete({ query: '*[_type == "video" && title == $t]', params: { t: 'generated id' } });
    assert.equal(await raw.fetch('count(*[_type == "video" && title == "generated id"])'), 0);
  });
  it('applies setIfMissing and inc in one patch, as hosted: the count starts from what setIfMissing gave', async () => {
    const first = await editor.patch('school-aurora').setIfMissing({ visits: 0 }).inc({ visits: 1 }).commit();
    assert.equal(first.visits, 1);
    const second = await editor.patch('school-aurora').setIfMissing({ visits: 0 }).inc({ visits: 1 }).commit();
    assert.equal(second.visits, 2);
    // An insert into the list setIfMissing makes, in the same patch.
    const listed = await editor
      .patch('school-aurora')
      .setIfMissing({ notes: [] })
      .insert('after', 'notes[-1]', [{ _key: 'n1', text: 'first' }])
      .commit();
    assert.deepEqual(listed.notes, [{ _key: 'n1', text: 'first' }]);
  });

  it('refuses a document nested 5,000 deep with 400, by mutate and by actions, and answers after', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const post = (route: string, body: string) =>
      fetch(`${service.url}/v2025-02-19/data/${route}/production`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body,
      });
    const mutated = await post('mutate', `{"mutations":[{"create":{"_id":"deep","_type":"note","x":${deep}}}]}`);
    const patched = await post('mutate', `{"mutations":[{"patch":{"id":"school-aurora","set":{"x":${deep}}}}]}`);
    const acted = await post(
      'actions',
      `{"actions":[{"actionType":"sanity.action.document.create","publishedId":"deep","attributes":{"_id":"drafts.deep","_type":"note","x":${deep}},"ifExists":"fail"}]}`,
    );
    for (const r of [mutated, patched, acted]) {
      assert.equal(r.status, 400);
      const body = (await r.json()) as { error: { type: string; description: string } };
      assert.equal(body.error.type, 'mutationError');
      assert.match(body.error.description, /nested deeper than 100 levels/);
    }
    assert.equal((await raw.getDocument('deep')) ?? null, null);
    const after = await editor
      .patch('school-aurora')
      .set({ nested: { a: { b: { c: 1 } } } })
      .commit();
    assert.equal(after.nested.a.b.c, 1);
  });
  it('rejects a transaction as a whole when one mutation fails', async () => {
    await assert.rejects(
      editor.mutate([
        { patch: { id: 'school-beacon', set: { title: 'should not stick' } } },
        { create: { _id: 'school-aurora', _type: 'school' } },
      ]),
      (err: Err) =>
        err.statusCode === 409 && err.details?.type === 'mutationError' && /already exists/.test(err.message),
    );
    assert.equal((await raw.getDocument('school-beacon'))?.title, 'Beacon Charter School');
    await assert.rejects(
      editor.patch('no-such-doc').set({ a: 1 }).commit(),
      (err: Err) => err.statusCode === 409 && /does not exist/.test(err.message),
    );
    await assert.rejects(
      editor.patch('school-beacon').set({ _id: 'other' }).commit(),
      (err: Err) => err.statusCode === 400,
    );
    await assert.rejects(
      editor.patch('school-beacon').ifRevisionId('stale').set({ title: 'x' }).commit(),
      (err: Err) => err.statusCode === 409,
    );
    await assert.rejects(
      editor.mutate([{ create: { _id: 'x' } } as never]),
      (err: Err) => err.statusCode === 400 && /_type/.test(err.message),
    );
  });

  it('lets a patch date a document, as importers do, and ignores the stamps the service sets', async () => {
    const before = await editor.create({ _id: 'video-dated', _type: 'video', title: 'Undated' });
    const doc = await editor
      .patch('video-dated')
      .set({ _createdAt: '2020-01-02T03:04:05.000Z', _updatedAt: '1999-01-01T00:00:00Z', _rev: 'mine', title: 'Dated' })
      .commit();
    assert.equal(doc._createdAt, '2020-01-02T03:04:05.000Z');
    assert.notEqual(doc._rev, 'mine');
    assert.ok(doc._updatedAt > before._updatedAt, 'the service stamps the write time');
    assert.equal(doc.title, 'Dated');
    const later = await editor.patch('video-dated').set({ title: 'Again' }).commit();
    assert.equal(later._createdAt, '2020-01-02T03:04:05.000Z', 'a later write keeps the date');
    await assert.rejects(editor.patch('video-dated').set({ _createdAt: 'yesterday' }).commit(), /_createdAt/);
    await assert.rejects(editor.patch('video-dated').unset(['_createdAt']).commit(), /cannot be patched/);
    await assert.rejects(editor.patch('video-dated').set({ _id: 'other' }).commit(), /cannot be patched/);
  });

  it('does not apply a dry run', async () => {
    const res = await editor.mutate([{ patch: { id: 'school-beacon', set: { title: 'dry' } } }], {
      dryRun: true,
      returnDocuments: false,
      returnFirst: false,
    });
    assert.equal(res.results[0]?.operation, 'update');
    assert.equal((await raw.getDocument('school-beacon'))?.title, 'Beacon Charter School');
  });

  it('requires the token', async () => {
    const anon = createPreviewClient(embeddedConfig(service.url), null);
    await assert.rejects(anon.create({ _type: 'video', title: 'nope' }), (err: Err) => err.statusCode === 401);
  });

  it('parses the supported patch paths and refuses the rest', () => {
    assert.deepEqual(parsePath('title'), ['title']);
    assert.deepEqual(parsePath('location.lat'), ['location', 'lat']);
    assert.deepEqual(parsePath('sectionRepeater[2].blocks[_key=="b1"].body'), [
      'sectionRepeater',
      2,
      'blocks',
      { key: 'b1' },
      'body',
    ]);
    assert.deepEqual(parsePath('items[-1]'), ['items', -1]);
    for (const bad of ['', 'a..b', 'a[*]', '..title', 'a b', '[0]', 'a.', 'a[_key==x]'])
      assert.throws(() => parsePath(bad), /patch path/, bad);
  });
});
