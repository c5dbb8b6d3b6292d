// What Sanity Studio asks the service before it shows a document: the logged-in user (the local
// editor, for the service's token), the project, its datasets and the editor's grants, in the
// hosted API's shapes; and answers a browser on another origin can read, "not found" included.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startContentService, type ContentService } from '../../content-service/index.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'studio-token-0123456789abcdef0123456789';

describe('the Studio’s questions to the content service', () => {
  let service: ContentService;
  const get = (path: string, token: string | null = TOKEN) =>
    fetch(`${service.url}${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), origin: 'http://127.0.0.1:3333' },
    });

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
});
