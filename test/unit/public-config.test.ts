// The public content settings decide whether commands use the hosted project or the embedded
// service; a typo there must stop with a message naming the variable. Also guards the rule that
// nothing under src/ (shipped to browsers) can reach the secrets module or the token variable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../src/lib/input-error.ts';
import { DEFAULT_API_VERSION, embeddedConfig, readPublicConfig, SANITY_IMAGE_HOST } from '../../src/config/public.ts';
import { createPublicClient } from '../../src/build/public-client.ts';

describe('readPublicConfig', () => {
  it('returns null without SANITY_PROJECT_ID (commands then start the embedded service)', () => {
    assert.equal(readPublicConfig({}), null);
    assert.equal(readPublicConfig({ SANITY_PROJECT_ID: '   ', SANITY_DATASET: 'x' }), null);
  });

  it('fills defaults for a hosted project', () => {
    assert.deepEqual(readPublicConfig({ SANITY_PROJECT_ID: 'abc123' }), {
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: DEFAULT_API_VERSION,
      apiHost: null,
      imageHost: SANITY_IMAGE_HOST,
      useCdn: true,
    });
  });

  it('accepts every setting, trimming whitespace, a leading v and trailing slashes', () => {
    assert.deepEqual(
      readPublicConfig({
        SANITY_PROJECT_ID: ' my-project ',
        SANITY_DATASET: 'staging_2',
        SANITY_API_VERSION: 'v2024-06-01',
        SANITY_API_HOST: 'http://127.0.0.1:4000//',
      }),
      {
        projectId: 'my-project',
        dataset: 'staging_2',
        apiVersion: '2024-06-01',
        apiHost: 'http://127.0.0.1:4000',
        imageHost: 'http://127.0.0.1:4000',
        useCdn: true,
      },
    );
    assert.equal(readPublicConfig({ SANITY_PROJECT_ID: 'p', SANITY_API_VERSION: 'X' })?.apiVersion, 'X');
    assert.equal(readPublicConfig({ SANITY_PROJECT_ID: 'p', SANITY_API_VERSION: '1' })?.apiVersion, '1');
  });

  const invalid: [Record<string, string>, string][] = [
    [{ SANITY_PROJECT_ID: 'My Project' }, 'SANITY_PROJECT_ID'],
    [{ SANITY_PROJECT_ID: '-abc' }, 'SANITY_PROJECT_ID'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'Prod' }, 'SANITY_DATASET'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'a/b' }, 'SANITY_DATASET'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_API_VERSION: '2024-1-1' }, 'SANITY_API_VERSION'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_API_VERSION: 'latest' }, 'SANITY_API_VERSION'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_API_HOST: 'localhost:4000' }, 'SANITY_API_HOST'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_API_HOST: 'ftp://example.org' }, 'SANITY_API_HOST'],
    [{ SANITY_PROJECT_ID: 'abc', SANITY_API_HOST: 'not a url' }, 'SANITY_API_HOST'],
  ];
  for (const [env, variable] of invalid) {
    it(`rejects ${JSON.stringify(env)} naming ${variable}`, () => {
      assert.throws(
        () => readPublicConfig(env),
        (err: Error) => {
          assert.ok(err instanceof InputError);
          assert.equal(err.variable, variable);
          assert.ok(err.message.startsWith(`${variable}: `), err.message);
          return true;
        },
      );
    });
  }
});

describe('embeddedConfig and the public client', () => {
  it('points API and images at the embedded service', () => {
    assert.deepEqual(embeddedConfig('http://127.0.0.1:4567/', 'staging'), {
      projectId: 'embedded',
      dataset: 'staging',
      apiVersion: DEFAULT_API_VERSION,
      apiHost: 'http://127.0.0.1:4567',
      imageHost: 'http://127.0.0.1:4567',
      useCdn: true,
    });
  });

  it('builds a token-less CDN client reading published content', () => {
    const hosted = createPublicClient(readPublicConfig({ SANITY_PROJECT_ID: 'abc123' })!).config();
    assert.equal(hosted.useCdn, true);
    assert.equal(hosted.perspective, 'published');
    assert.equal(hosted.token, undefined);
    assert.equal(hosted.cdnUrl, `https://abc123.apicdn.sanity.io/v${DEFAULT_API_VERSION}`);
    const local = createPublicClient(embeddedConfig('http://127.0.0.1:4567')).config();
    assert.equal(local.cdnUrl, `http://127.0.0.1:4567/v${DEFAULT_API_VERSION}`);
  });
});
