// A dataset made before the landing page and settings were content (or by a district that has not
// written them yet) still publishes: the built-in copy, with one warning that names landingPage,
// and a warning for each image without alternative text that names its document and field.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { cleanEnv, MINI, read, removeDir, runExport, tempDir } from './export-helpers.ts';
import { LANDING_BUILTIN } from '../../src/i18n/landing/index.ts';

const work = tempDir('site-documents');
after(() => removeDir(work));

test('no landingPage: the built-in copy, one warning naming it; images without alt text named', async () => {
  const out = path.join(work, 'out');
  const r = await runExport(['--content', MINI, '--out', out], cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'm') }));
  assert.equal(r.code, 0, r.stderr);
  const log = r.stdout + r.stderr;
  assert.equal(log.match(/landingPage: no landing page document in the dataset/g)?.length, 1, log);
  assert.match(read(out, 'index.html'), new RegExp(`<h1[^>]*>${LANDING_BUILTIN.en.hero.headline}</h1>`));
  assert.match(
    log,
    /school "[^"]+": field (image|logo|mainImage): no alternative text \(alt\), and not marked decorative/,
  );
});
