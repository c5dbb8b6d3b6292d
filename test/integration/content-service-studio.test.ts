// What Sanity Studio asks the service before it shows a document: the logged-in user (the local
// editor, for the service's token), the project, its datasets and the editor's grants, in the
// hosted API's shapes; and answers a browser on another origin can read, "not found" included.
// The Live Content API's stream, which the Presentation tool opens before it frames the preview:
// `welcome`, then a `restart` (refetch everything) for each change.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { applyPatch } from 'mendoza';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'studio-token-0123456789abcdef0123456789';

let service: ContentService;

const get = (path: string, token: string | null = TOKEN) =>
  fetch(`${service.url}${path}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), origin: 'http://127.0.0.1:3333' },
  });

describe('the Studio’s questions to the content service', () => {
  before(async () => {
    service = await startContentService({ contentDir: MINI, token: TOKEN, watch: false });
  });

  after(() => service.close());

  it('knows the local editor by the token, and nobody without it', async () => {
    const me = await (await get('/v2026-05-04/users/me')).json();
    assert.equal(me.id, 'local-editor');
    assert.equal(me.role, 'administrator');
    assert.deepEqual(await (await get('/v2026-05-04/users/me', null)).json(), {});
    assert.equal((await get('/v2026-05-04/users/me', 'wrong-token-0123456789')).status, 401);
    assert.deepEqual(await (await get('/v2026-05-04/auth/id')).json(), { id: 'local-editor' });
  });

  it('describes the project, its one dataset and full grants for the editor', async () => {
    const project = await (await get('/v2025-02-19/projects/embedded')).json();
    assert.equal(project.id, 'embedded');
    assert.equal(project.members[0].isCurrentUser, true);
    assert.deepEqual(
      (await (await get('/v2025-02-19/projects/embedded/datasets')).json()).map((d: { name: string }) => d.name),
      ['production'],
    );
    const grants = await (await get('/v2021-06-07/projects/embedded/datasets/production/acl')).json();
    assert.deepEqual(grants[0].permissions.sort(), ['create', 'history', 'read', 'update']);
    assert.equal((await get('/v2021-06-07/projects/embedded/datasets/production/acl', null)).status, 401);
    // Who edited a document: the listener's identity, looked up as the Studio's user store does.
    assert.deepEqual(
      (await (await get('/v2021-06-07/users/local-editor')).json()).map((u: { id: string }) => u.id),
      ['local-editor'],
    );
    const users = await (await get('/v2025-02-19/projects/embedded/users/local-editor,someone')).json();
    assert.deepEqual(
      users.map((u: { id: string }) => u.id),
      ['local-editor'],
    );
  });

  it('answers the revision panel as a dataset past its history retention: no events, no transactions', async () => {
    const events = await get('/v2025-02-19/data/history/production/events/documents/drafts.school-aurora?limit=100');
    assert.deepEqual(await events.json(), { events: { 'drafts.school-aurora': [] }, nextCursor: '' });
    const txs = await get('/v2025-02-19/data/history/production/transactions/drafts.school-aurora?excludeContent=true');
    assert.equal(txs.status, 200);
    assert.equal(await txs.text(), '');
    assert.equal((await get('/v2025-02-19/data/history/production/transactions/x', null)).status, 401);
  });

  it('describes each change to a listener as Mendoza effects, which rebuild the document', async () => {
    const client = createPreviewClient(embeddedConfig(service.url), TOKEN).withConfig({ perspective: 'raw' });
    const before = await client.getDocument('school-aurora');
    assert.ok(before);
    // The patch goes out once the service has welcomed the listener: a fixed pause lost the
    // mutation on a loaded machine, and the test then waited for it until it timed out.
    let listening!: () => void;
    const welcomed = new Promise<void>((resolve) => {
      listening = resolve;
    });
    const event = new Promise<Record<string, unknown>>((resolve, reject) => {
      const sub = client
        .listen(
          '*[_id == $id]',
          { id: 'school-aurora' },
          { effectFormat: 'mendoza', includeResult: false, events: ['welcome', 'mutation'] },
        )
        .subscribe({
          next: (e) => {
            if (e.type === 'welcome') listening();
            if (e.type !== 'mutation') return;
            sub.unsubscribe();
            resolve(e as unknown as Record<string, unknown>);
          },
          error: reject,
        });
    });
    await welcomed;
    await client.patch('school-aurora').set({ subtitle: 'Rebuilt from effects' }).commit();
    const effects = (await event).effects as { apply: unknown[]; revert: unknown[] };
    const after = applyPatch(before, effects.apply) as Record<string, unknown>;
    assert.equal(after.subtitle, 'Rebuilt from effects');
    assert.deepEqual(after, await client.getDocument('school-aurora'));
    assert.deepEqual(applyPatch(after, effects.revert), before);
  });

  it('publishes, edits and discards through the Actions API, as the Studio does', async () => {
    const client = createPreviewClient(embeddedConfig(service.url), TOKEN).withConfig({ perspective: 'raw' });
    const edit = (patch: Record<string, unknown>) =>
      client.action({
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.school-aurora',
        publishedId: 'school-aurora',
        patch,
      } as never);
    await edit({ set: { title: 'Aurora (draft)' } });
    const draft = await client.getDocument('drafts.school-aurora');
    assert.equal(draft?.title, 'Aurora (draft)');
    assert.equal(draft?._type, 'school', 'the first edit starts the draft from the published version');
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.school-aurora',
      publishedId: 'school-aurora',
    } as never);
    assert.equal((await client.getDocument('school-aurora'))?.title, 'Aurora (draft)');
    assert.equal(await client.getDocument('drafts.school-aurora'), undefined);
    await edit({ set: { title: 'Never published' } });
    await client.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.school-aurora' } as never);
    assert.equal(await client.getDocument('drafts.school-aurora'), undefined);
    await assert.rejects(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.school-aurora',
        publishedId: 'school-aurora',
      } as never),
      /has no draft/,
    );
  });
  it('lets a browser read every answer, a feature it lacks included', async () => {
    const missing = await get('/v2025-02-19/journey/comments');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    const preflight = await fetch(`${service.url}/v2025-02-19/users/me`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3333', 'access-control-request-headers': 'authorization,x-sanity-app' },
    });
    assert.match(String(preflight.headers.get('access-control-allow-headers')), /x-sanity-app/);
    assert.equal((await (await get('/v2025-02-19/intake/telemetry-status')).json()).status, 'denied');
  });

  it('streams live events: welcome, then a restart for each change; drafts only with the token', async () => {
    const unauthorized = await get('/v2025-02-19/data/live/events/production?includeDrafts=true', null);
    assert.equal(unauthorized.status, 401);
    const cors = await (await get('/v2025-02-19/check/cors', null)).json();
    assert.equal(cors.result.allowed, true);

    const controller = new AbortController();
    const res = await fetch(`${service.url}/v2025-02-19/data/live/events/production?includeDrafts=true`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: controller.signal,
    });
    assert.match(String(res.headers.get('content-type')), /^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const until = async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) assert.fail(`the stream ended before ${pattern}: ${text}`);
        text += new TextDecoder().decode(value);
      }
    };
    try {
      await until(/event: welcome\n/);
      assert.doesNotMatch(text, /event: restart/, 'nothing to refetch before a change');
      const client = createPreviewClient(embeddedConfig(service.url), TOKEN);
      await client.createOrReplace({ _id: 'drafts.school-aurora', _type: 'school', title: 'Live' });
      await until(/event: restart\n/);
    } finally {
      controller.abort();
    }
  });
});
