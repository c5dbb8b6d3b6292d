// What Sanity Studio's document store needs of the listener and the Actions API to show the true
// state without a reload. The Studio keeps one copy of a draft and one of its published document,
// applies each listener event whose previousRev is the revision it holds, and moves to the
// event's resultRev; an event without a resultRev (a delete, before) broke its chain and was
// dropped, so a published or discarded draft stayed on screen. Replayed here with the Studio's
// own mutator (@sanity/mutator's BufferedDocument, what it shows is `LOCAL`). And every action is decided when its transaction
// runs: an edit sent beside a publish is never answered 200 and then lost, and two first edits
// of a published document both apply.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutationEvent, SanityClient } from '@sanity/client';
import { BufferedDocument, Mutation } from '@sanity/mutator';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { removeDir, tempDir } from './export-helpers.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'actions-token-0123456789abcdef';
const ID = 'school-aurora';
const DRAFT = `drafts.${ID}`;

// A persisting service, as the offline Studio runs it: each transaction is written to the folder
// before it is answered, which is when a decision taken outside the transaction went stale.
const work = tempDir('content-actions');
const dir = path.join(work, 'dataset');

let service: ContentService;
let client: SanityClient;

type Action = Record<string, unknown>;
const act = (actions: Action | Action[]) => client.action(actions as never);
const edit = (patch: Record<string, unknown>): Action => ({
  actionType: 'sanity.action.document.edit',
  draftId: DRAFT,
  publishedId: ID,
  patch,
});

/** The events a listener on the pair gets while `work` runs, as the Studio subscribes. */
async function eventsDuring(work: () => Promise<unknown>): Promise<MutationEvent[]> {
  const events: MutationEvent[] = [];
  let welcomed!: () => void;
  const welcome = new Promise<void>((resolve) => {
    welcomed = resolve;
  });
  const sub = client
    .listen('*[_id in $ids]', { ids: [ID, DRAFT] }, {
      events: ['welcome', 'mutation'],
      includeResult: false,
      effectFormat: 'mendoza',
    } as never)
    .subscribe((e: { type: string }) => (e.type === 'welcome' ? welcomed() : events.push(e as MutationEvent)));
  try {
    await welcome;
    const before = events.length;
    await work();
    // Events follow the answers on the same loopback; wait until they stop coming.
    let seen = -1;
    while (seen !== events.length) {
      seen = events.length;
      await new Promise((r) => setTimeout(r, 150));
    }
    return events.slice(before);
  } finally {
    sub.unsubscribe();
  }
}

describe('the Studio’s document store on the listener and the Actions API', () => {
  before(async () => {
    cpSync(MINI, dir, { recursive: true });
    service = await startContentService({ contentDir: dir, token: TOKEN, watch: false, persist: true });
    client = createPreviewClient(embeddedConfig(service.url), TOKEN).withConfig({ perspective: 'raw' });
  });

  after(async () => {
    await service?.close();
    removeDir(work);
  });

  it('chains every event of a draft’s life, delete included, so the Studio’s copy ends where the service is', async () => {
    const draftCopy = new BufferedDocument(null);
    const publishedCopy = new BufferedDocument((await client.getDocument(ID)) ?? null);
    const events = await eventsDuring(async () => {
      await act(edit({ set: { subtitle: 'first edit' } }));
      await act(edit({ set: { subtitle: 'second edit' } }));
      await act({ actionType: 'sanity.action.document.publish', draftId: DRAFT, publishedId: ID });
      await act(edit({ set: { subtitle: 'to be discarded' } }));
      await act({ actionType: 'sanity.action.document.discard', draftId: DRAFT });
      await act(edit({ set: { subtitle: 'kept as a draft' } }));
    });
    for (const e of events) {
      assert.equal(typeof e.resultRev, 'string', `every event names its result, a delete too: ${e.transition}`);
      (e.documentId === DRAFT ? draftCopy : publishedCopy).arrive(new Mutation(e as never));
    }
    // Each copy applied every event in order (none left waiting for a revision it never saw).
    assert.equal(draftCopy.document.incoming.length, 0, 'no draft event left unapplied');
    assert.equal(publishedCopy.document.incoming.length, 0, 'no published event left unapplied');
    const [published, draft] = [await client.getDocument(ID), await client.getDocument(DRAFT)];
    assert.equal(publishedCopy.LOCAL?.subtitle, 'second edit');
    assert.equal(publishedCopy.LOCAL?._rev, published?._rev);
    assert.equal(draftCopy.LOCAL?.subtitle, 'kept as a draft');
    assert.equal(draftCopy.LOCAL?._rev, draft?._rev);
    const deletes = events.filter((e) => e.transition === 'disappear');
    assert.equal(deletes.length, 2, 'publish and discard each end the draft');
    for (const e of deletes)
      assert.equal(e.resultRev, e.transactionId, 'as hosted: a delete results in its transaction');
    await act({ actionType: 'sanity.action.document.discard', draftId: DRAFT });
  });

  it('never loses an edit answered 200 beside a publish: ten pairs sent together', async () => {
    let kept = 0;
    for (let i = 0; i < 10; i++) {
      await act(edit({ set: { subtitle: `base ${i}` } }));
      const draft = await client.getDocument(DRAFT);
      const words = `edit ${i} sent beside a publish`;
      const [edited, published] = await Promise.allSettled([
        act(edit({ set: { tourTitle: words } })),
        act({
          actionType: 'sanity.action.document.publish',
          draftId: DRAFT,
          publishedId: ID,
          ifDraftRevisionId: draft?._rev,
        }),
      ]);
      assert.equal(edited.status, 'fulfilled', 'the edit is taken');
      const [after, afterDraft] = [await client.getDocument(ID), await client.getDocument(DRAFT)];
      const found = after?.tourTitle === words || afterDraft?.tourTitle === words;
      assert.ok(found, `round ${i}: the edit is in the published document or the draft (publish ${published.status})`);
      if (published.status === 'rejected')
        assert.match(String(published.reason), /draft changed/, 'a publish of a draft that changed is refused');
      kept += found ? 1 : 0;
      if (afterDraft) await act({ actionType: 'sanity.action.document.discard', draftId: DRAFT });
    }
    assert.equal(kept, 10);
  });

  it('applies two first edits of a published document sent together', async () => {
    assert.equal(await client.getDocument(DRAFT), undefined, 'no draft to start with');
    const results = await Promise.allSettled([
      act(edit({ set: { subtitle: 'one editor' } })),
      act(edit({ set: { tourTitle: 'another editor' } })),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled'],
    );
    const draft = await client.getDocument(DRAFT);
    assert.equal(draft?.subtitle, 'one editor');
    assert.equal(draft?.tourTitle, 'another editor');
    await act({ actionType: 'sanity.action.document.discard', draftId: DRAFT });
  });

  it('keeps the Presentation tool’s preview secrets out of the folder, and serves them while it runs', async () => {
    const secret = { _id: 'drafts.sanity-preview-url-secret.t1', _type: 'sanity.previewUrlSecret', secret: 's3cr3t' };
    await client.createOrReplace(secret);
    await act(edit({ set: { subtitle: 'written beside a secret' } }));
    assert.equal((await client.getDocument(secret._id))?.secret, 's3cr3t', 'the preview checks it through the service');
    const file = readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8');
    assert.match(file, /written beside a secret/, 'content is written');
    assert.doesNotMatch(file, /previewUrlSecret|s3cr3t/, 'the secret is not');
    await act({ actionType: 'sanity.action.document.discard', draftId: DRAFT });
  });
});
