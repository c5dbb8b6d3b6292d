// The embedded service's route schemas (content-service/schemas.ts): a request that fails one is
// refused before its handler runs, with the hosted API's 400 body, which @sanity/client reads.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildContentServiceApp } from '../../content-service/index.ts';
import { REPO_ROOT } from '../../core/paths.ts';

const TOKEN = 'schema-test-token';
let app: FastifyInstance;

before(async () => {
  const contentDir = path.join(REPO_ROOT, 'test/fixtures/mini');
  ({ app } = await buildContentServiceApp({ contentDir, token: TOKEN, watch: false }));
});
after(() => app.close());

const sanity400 = (res: { statusCode: number; json(): unknown }, what: string): void => {
  assert.equal(res.statusCode, 400, what);
  const body = res.json() as { error?: { description?: unknown; type?: unknown } };
  assert.equal(body.error?.type, 'httpBadRequest', what);
  assert.equal(typeof body.error?.description, 'string', what);
};

describe('content service: request schemas', () => {
  it('answers a valid query as before', async () => {
    const res = await app.inject('/v2025-02-19/data/query/production?query=count(*)&returnQuery=false');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(Object.keys(res.json()).sort(), ['ms', 'result']);
  });

  it('refuses a bad flag value or a repeated option with a Sanity-shaped 400', async () => {
    sanity400(await app.inject('/v2025-02-19/data/query/production?query=*&returnQuery=maybe'), 'returnQuery=maybe');
    sanity400(await app.inject('/v2025-02-19/data/query/production?query=*&query=count(*)'), 'repeated query');
    sanity400(await app.inject('/v2025-02-19/data/doc/production/school-a?excludeContent=1'), 'excludeContent=1');
    const listen = await app.inject('/v2025-02-19/data/listen/production?query=*&includeResult=yes');
    sanity400(listen, 'listen includeResult=yes');
    assert.match((listen.json() as { error: { description: string } }).error.description, /includeResult/);
  });

  it('refuses bodies of the wrong shape', async () => {
    const post = (url: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    sanity400(await post('/v2025-02-19/data/query/production', [1, 2]), 'array body');
    sanity400(await post('/v2025-02-19/data/query/production', { query: '*', params: [1] }), 'params array');
    const badId = { mutations: [], transactionId: { id: 7 } };
    sanity400(await post('/v2025-02-19/data/mutate/production', badId), 'transactionId');
  });

  it('still answers 404 for an unknown API version or dataset', async () => {
    assert.equal((await app.inject('/v0/data/query/production?query=*')).statusCode, 404);
    assert.equal((await app.inject('/v2025-02-19/data/query/staging?query=*')).statusCode, 404);
  });
});
