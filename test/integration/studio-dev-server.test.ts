// The offline Studio's dev server serves only what the Studio loads, replayed: `npm run studio` let
// Vite serve `/@fs/<repository>/…` to any local client, so `.cache/preview-secret` (mode 0600, kept so
// that only its owner reads it) and `content/sample/dataset.ndjson` with its drafts came back to any
// page on the machine. Started the way `npm run studio` starts it (startOfflineStudio).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOfflineStudio, type OfflineStudio } from '../../studio/scripts/offline.ts';
import { ROOT, SAMPLE, removeDir, tempDir } from './export-helpers.ts';

const work = tempDir('studio-fs');
/** A file in the repository's .cache, as the preview's secret sits there. */
const PROBE = path.join(ROOT, '.cache', `studio-fs-probe-${process.pid}`);
const PROBE_TEXT = `not-for-the-browser-${process.pid}`;

describe('the offline Studio dev server', { timeout: 240_000 }, () => {
  let studio: OfflineStudio;
  let origin: string;
  before(async () => {
    mkdirSync(path.dirname(PROBE), { recursive: true });
    writeFileSync(PROBE, PROBE_TEXT, { mode: 0o600 });
    const dir = path.join(work, 'dataset');
    cpSync(SAMPLE, dir, { recursive: true });
    studio = await startOfflineStudio({ contentDir: dir, port: 0, log: () => {} });
    origin = new URL(studio.url).origin;
  });
  after(async () => {
    await studio?.close();
    rmSync(PROBE, { force: true });
    removeDir(work);
  });

  const get = async (urlPath: string): Promise<{ status: number; body: string }> => {
    const res = await fetch(`${origin}${urlPath}`);
    return { status: res.status, body: await res.text() };
  };

  it('refuses /@fs/ reads of .cache/ and content/, however the path is spelled', async () => {
    const repo = ROOT.replace(/\/$/, '');
    const attempts = [
      `/@fs${PROBE}`,
      `/@fs${repo}/content/sample/dataset.ndjson`,
      `/@fs${repo}/studio/../.cache/${path.basename(PROBE)}`,
      `/@fs${repo}/studio/%2e%2e/content/sample/dataset.ndjson`,
      `/@fs${repo}/.cache/${path.basename(PROBE)}?raw`,
      `/@fs${repo}/content/sample/dataset.ndjson?import`,
      `/@fs${repo}/package.json`,
      `/@fs${repo}/core/secrets.ts`,
    ];
    for (const p of attempts) {
      const r = await get(p);
      assert.equal(r.status, 403, `${p} answered ${r.status}`);
      assert.ok(!r.body.includes(PROBE_TEXT) && !r.body.includes('"_type":"school"'), `${p} leaked`);
    }
  });

  it('still serves the Studio and the one site module its schema uses', async () => {
    const page = await get('/');
    assert.equal(page.status, 200);
    assert.match(page.body, /<div id="sanity"/);
    const slug = await get(`/@fs${ROOT.replace(/\/$/, '')}/src/lib/slug.ts`);
    assert.equal(slug.status, 200);
    assert.match(slug.body, /slugProblem/);
    const config = await get('/sanity.config.ts');
    assert.equal(config.status, 200);
  });
});
