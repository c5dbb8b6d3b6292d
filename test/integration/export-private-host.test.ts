// Content read from a loopback or private host (a Sanity-compatible service on this machine or the
// district's network) must not leave its URLs in the export: families cannot reach them, and they
// break as soon as the service stops. The export self-hosts the images instead and says so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { cleanEnv, listFiles, MINI, removeDir, runExport, tempDir } from './export-helpers.ts';

/** Any absolute URL whose host is loopback, localhost or in a private / link-local range. */
const PRIVATE_URL = new RegExp(
  String.raw`(https?:)?\\?/\\?/(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|` +
    String.raw`10\.\d+\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|` +
    String.raw`192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|\[(::1|f[cd][0-9a-f]*:[^\]]*|fe[89ab][0-9a-f]*:[^\]]*)\])`,
  'i',
);

const TEXT = /\.(html|json|css|js|xml|txt|svg|webmanifest)$/;

describe('an export from a loopback SANITY_API_HOST', () => {
  const work = tempDir('private-host');
  const out = path.join(work, 'out');
  let service: ContentService;
  let stderr = '';

  before(async () => {
    service = await startContentService({ contentDir: MINI, watch: false, log: () => {} });
    const env = cleanEnv({ SANITY_PROJECT_ID: 'x', SANITY_API_HOST: service.url });
    const r = await runExport(['--out', out], env);
    stderr = r.stderr;
    assert.equal(r.code, 0, r.stderr);
  });
  after(async () => {
    await service?.close();
    removeDir(work);
  });

  test('says it self-hosts the images because the host is private', () => {
    assert.match(stderr, /loopback or private host.*self-hosted/);
  });

  test('no exported file carries a loopback or private URL', () => {
    const files = listFiles(out).filter((f) => TEXT.test(f));
    assert.ok(
      files.some((f) => f.endsWith('.html')) && files.some((f) => f.endsWith('.css')),
      'pages and CSS exported',
    );
    for (const f of files) {
      const text = readFileSync(path.join(out, f), 'utf8');
      const m = PRIVATE_URL.exec(text);
      assert.equal(
        m,
        null,
        `${f} contains ${m?.[0]} …${text.slice(Math.max(0, (m?.index ?? 0) - 40), (m?.index ?? 0) + 80)}`,
      );
      assert.ok(!text.includes(service.url), `${f} names the service`);
    }
  });

  test('the images exist under out/ and the pages reference them', () => {
    const media = listFiles(out).filter((f) => f.startsWith('media/'));
    assert.ok(media.length > 0, 'image variants written under media/');
    const referenced = new Set<string>();
    for (const f of listFiles(out).filter((x) => x.endsWith('.html'))) {
      for (const m of readFileSync(path.join(out, f), 'utf8').matchAll(/\/(media\/[^"'\s,?)]+)/g))
        referenced.add(m[1]!);
    }
    assert.ok(referenced.size > 0, 'pages reference self-hosted images');
    for (const src of referenced) assert.ok(existsSync(path.join(out, src)), `${src} exists`);
  });
});
