// Acceptance: openContentSource picks the hosted project or the embedded service, hands the
// preview a token that really unlocks drafts, and fails with messages naming the missing path;
// the preview client is configured the way the spec's credentialed client must be.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient } from '../../src/build/public-client.ts';
import { EMBEDDED_PROJECT_ID, PREVIEW_API_VERSION, type PublicConfig } from '../../src/config/public.ts';
import { openContentSource, REPO_ROOT, type ContentSource } from '../../core/content-source.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { readSecrets } from '../../core/secrets.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));

describe('openContentSource', () => {
  const opened: ContentSource[] = [];
  const dirs: string[] = [];
  after(async () => {
    for (const s of opened) await s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('starts the embedded service when no project is configured, with a token that reads drafts', async () => {
    const source = await openContentSource({ contentDir: MINI, env: {}, watch: false });
    opened.push(source);
    assert.equal(source.embedded, true);
    assert.equal(source.config.projectId, EMBEDDED_PROJECT_ID);
    assert.equal(source.config.dataset, 'production');
    assert.match(source.config.apiHost ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(source.config.imageHost, source.config.apiHost);
    assert.ok(source.token && source.token.length >= 32, 'a fresh random token');
    const preview = createPreviewClient(source.config, source.token);
    assert.equal(await preview.fetch('*[_id == "school-lincoln"][0].title'), 'Lincoln Middle School (draft)');
    const pub = createPublicClient(source.config);
    assert.equal(await pub.fetch('*[_id == "school-lincoln"][0].title'), 'Lincoln Middle School');
    const other = await openContentSource({ contentDir: MINI, env: {}, watch: false });
    opened.push(other);
    assert.notEqual(other.token, source.token, 'each run gets its own token');
  });

  it('resolves a relative content dir against the repository root, not the cwd', async () => {
    const cwd = process.cwd();
    process.chdir(tmpdir());
    try {
      const source = await openContentSource({ contentDir: 'test/fixtures/mini', env: {}, watch: false });
      opened.push(source);
      const pub = createPublicClient(source.config);
      assert.equal(await pub.fetch('count(*[_type == "school"])'), 5);
    } finally {
      process.chdir(cwd);
    }
    assert.equal(join(REPO_ROOT, 'test/fixtures/mini'), MINI);
  });

  it('fails with a message naming a missing folder or dataset file', async () => {
    const missing = join(tmpdir(), 'no-such-content-folder-xyz');
    await assert.rejects(openContentSource({ contentDir: missing, env: {} }), (err: Error) =>
      err.message.includes(missing),
    );
    // An empty folder is named as such (it is a dataset only to import into, with a token).
    const empty = mkdtempSync(join(tmpdir(), 'content-empty-'));
    dirs.push(empty);
    await assert.rejects(
      openContentSource({ contentDir: empty, env: {} }),
      (err: Error) => err.message.includes(empty) && /empty/.test(err.message),
    );
    // A folder with something else in it but no dataset file: the file it looked for is named.
    const other = mkdtempSync(join(tmpdir(), 'content-other-'));
    dirs.push(other);
    writeFileSync(join(other, 'notes.txt'), 'not a dataset');
    await assert.rejects(openContentSource({ contentDir: other, env: {} }), (err: Error) =>
      err.message.includes(join(other, 'dataset.ndjson')),
    );
  });

  it('uses the hosted project and the read token when SANITY_PROJECT_ID is set, starting nothing', async () => {
    const source = await openContentSource({
      env: {
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'staging',
        SANITY_API_READ_TOKEN: ' sk-secret ',
        SANITY_API_VERSION: 'v2024-01-01',
      },
    });
    opened.push(source);
    assert.equal(source.embedded, false);
    assert.deepEqual(source.config, {
      projectId: 'abc123',
      dataset: 'staging',
      apiVersion: '2024-01-01',
      apiHost: null,
      imageHost: 'https://cdn.sanity.io',
      useCdn: true,
    });
    assert.equal(source.token, 'sk-secret');
  });

  it('reports bad hosted settings naming the variable', async () => {
    await assert.rejects(openContentSource({ env: { SANITY_PROJECT_ID: 'Bad Id!' } }), /SANITY_PROJECT_ID/);
    await assert.rejects(
      openContentSource({ env: { SANITY_PROJECT_ID: 'abc', SANITY_API_READ_TOKEN: 'two words' } }),
      /SANITY_API_READ_TOKEN/,
    );
  });
});

describe('secrets and the preview client', () => {
  it('reads the secrets from an env map, treating blanks as absent and never echoing values', () => {
    assert.deepEqual(readSecrets({}), { readToken: null, previewSecret: null });
    assert.deepEqual(readSecrets({ SANITY_API_READ_TOKEN: '  ', PREVIEW_SECRET: 'p-123' }), {
      readToken: null,
      previewSecret: 'p-123',
    });
    assert.throws(
      () => readSecrets({ PREVIEW_SECRET: 'abc\ndef' }),
      (err: Error) => /PREVIEW_SECRET/.test(err.message) && !err.message.includes('abc'),
    );
  });

  const cfg: PublicConfig = {
    projectId: 'abc123',
    dataset: 'production',
    apiVersion: '2021-10-21',
    apiHost: null,
    imageHost: 'https://cdn.sanity.io',
    useCdn: true,
  };

  it('configures the credentialed client: no CDN, pinned API version, drafts with a token', () => {
    const c = createPreviewClient(cfg, 'tok').config();
    assert.equal(c.useCdn, false);
    assert.equal(c.apiVersion, PREVIEW_API_VERSION);
    assert.equal(c.perspective, 'drafts');
    assert.equal(c.withCredentials, false);
    assert.equal(c.token, 'tok');
    assert.equal(c.url, `https://abc123.api.sanity.io/v${PREVIEW_API_VERSION}`);
    const anon = createPreviewClient(cfg, null).config();
    assert.equal(anon.perspective, 'published');
    assert.equal(anon.token, undefined);
    const local = createPreviewClient({ ...cfg, apiHost: 'http://127.0.0.1:4000' }, 'tok').config();
    assert.equal(local.url, `http://127.0.0.1:4000/v${PREVIEW_API_VERSION}`);
  });
});
