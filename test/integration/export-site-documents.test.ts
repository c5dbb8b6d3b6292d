// A dataset made before the landing page and settings were content (or by a district that has not
// written them yet) still publishes: neutral built-in headings, nothing of any district, each
// setting and landing-page part it has not supplied named once in the report, and a warning for
// each image without alternative text that names its document and field.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { cleanEnv, MINI, read, removeDir, runExport, tempDir } from './export-helpers.ts';
import { LANDING_BUILTIN } from '../../src/i18n/landing/index.ts';

const work = tempDir('site-documents');
after(() => removeDir(work));

test('no landingPage or siteSettings: neutral headings, each gap named once; images without alt text named', async () => {
  const out = path.join(work, 'out');
  const r = await runExport(
    ['--content', MINI, '--out', out, '--verbose'],
    cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'm') }),
  );
  assert.equal(r.code, 0, r.stderr);
  const log = r.stderr;
  for (const field of [
    'siteSettings.districtName',
    'siteSettings.guide',
    'landingPage.panels',
    'landingPage.heroVideo',
  ])
    assert.equal(log.match(new RegExp(`warning: ${field.replace('.', '\\.')} is not set: `, 'g'))?.length, 1, field);
  assert.match(r.stdout, /^ +\d+ {2}not-supplied: /m, 'the summary names the kind');
  const landing = read(out, 'index.html');
  assert.match(landing, new RegExp(`<h1[^>]*>${LANDING_BUILTIN.en.hero.headline}</h1>`));
  assert.match(landing, /<title>Guide to Middle School Options<\/title>/, 'no district named');
  assert.doesNotMatch(landing, /site-footer__pdf|landing-stats|landing-testimonial/);
  assert.match(
    log,
    /school "[^"]+": field (image|logo|mainImage): no alternative text \(alt\), and not marked decorative/,
  );
});
