// What a district has not supplied of its site, named once each by document and field, and the
// translations families cannot read: what the export's report and the preview's editor home say.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { siteNotes } from '../../src/build/site-notes.ts';
import { groupWarnings } from '../../src/build/report.ts';
import { EditorHome } from '../../src/preview/EditorHome.tsx';
import { sampleSiteDocuments } from './helpers/landing-copy.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExportReport } from '../../scripts/lib/export-report.ts';
import { readReportSummary, reportFileOf } from '../../core/export-report-file.ts';

const fields = (site: Parameters<typeof siteNotes>[0]) =>
  siteNotes(site)
    .filter((n) => n.kind === 'not-supplied')
    .map((n) => `${n.document}.${n.field}`);

describe('siteNotes', () => {
  test('a dataset with nothing of its own: every setting and every part only a district can say, once each', () => {
    const named = fields({ landing: null, settings: null });
    assert.equal(new Set(named).size, named.length);
    for (const f of ['districtName', 'logo', 'elementaryLink', 'highSchoolLink', 'footerText', 'guide', 'timeZone'])
      assert.ok(named.includes(`siteSettings.${f}`), f);
    for (const f of ['heroVideo', 'heroPoster', 'superintendentQuote', 'stats', 'panels', 'testimonial'])
      assert.ok(named.includes(`landingPage.${f}`), f);
    const name = siteNotes({ landing: null, settings: null }).find((n) => n.field === 'districtName')!;
    assert.equal(
      name.message,
      'siteSettings.districtName is not set: page titles, the footer, search results and the home link name no district',
    );
  });

  test('the sample district supplies all of it, in both languages', () => {
    assert.deepEqual(siteNotes(sampleSiteDocuments()), []);
  });

  test('a file field without a file is not a guide; one video format is a video', () => {
    const settings = { _id: 'siteSettings', guide: { _type: 'file' } };
    const landing = { _id: 'landingPage', heroVideo: { mp4: { asset: { _ref: `file-${'a'.repeat(40)}-mp4` } } } };
    const named = fields({ settings, landing });
    assert.ok(named.includes('siteSettings.guide'));
    assert.ok(!named.includes('landingPage.heroVideo'));
  });

  test('a Spanish landing page no public read links, and a link only a token reads, are named with what the reader sees', () => {
    const site = sampleSiteDocuments();
    const landing = { ...(site.landing as object), translations: [] };
    // The export's read: the Spanish document is there, the dotted link is not.
    const exported = siteNotes({
      ...site,
      landing,
      editions: [{ _id: 'landingPage-es', _type: 'landingPage', language: 'es' }],
    });
    assert.deepEqual(
      exported.map((n) => [n.kind, n.document, n.field]),
      [['translation-gap', 'landingPage-es', 'language']],
    );
    assert.match(
      exported[0]!.message,
      /no translation\.metadata readable without a token links it to "landingPage": \/es\/ shows the English landing page/,
    );
    // The preview's read (a token): the link is read, so /es/ is Spanish there, and its dotted id is named.
    const previewed = siteNotes({ ...site, hiddenLinks: ['rb.landing-translations'] });
    assert.deepEqual(
      previewed.map((n) => [n.kind, n.document]),
      [['translation-gap', 'rb.landing-translations']],
    );
    assert.match(previewed[0]!.message, /dotted _id, which public reads \(the export\) cannot see/);
    // No Spanish document at all.
    const none = siteNotes({ ...site, landing, editions: [] });
    assert.match(
      none[0]!.message,
      /^landingPage has no Spanish translation readable without a token: \/es\/ shows the English landing page$/,
    );
  });
});

describe("the preview's editor home", () => {
  test('shows what the site leaves out, grouped as the export reports it', () => {
    const notes = groupWarnings(siteNotes({ landing: null, settings: null }));
    const html = renderToString(<EditorHome schools={[]} notes={notes} />);
    assert.match(html, /\d+ things the site leaves out or shows another way/);
    assert.match(html, /siteSettings &quot;siteSettings&quot;: districtName, logo, elementaryLink/);
    const clean = renderToString(<EditorHome schools={[]} notes={[]} />);
    assert.match(clean, /Nothing left out/);
  });

  test("shows the last export's report, read from the summary line of its file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
    try {
      const report = new ExportReport(() => {}, false);
      for (let i = 0; i < 5000; i++)
        report.add(`school "school-${i}": field logo: no alternative text (alt), and not marked decorative`);
      report.add('schools/x.html: block: unknown block type "legacyMap"; nothing is shown for it');
      const file = reportFileOf(dir, '/some/out');
      await report.write(file, '/some/out', false);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      assert.equal(lines.length, 1 + 5001, 'the summary, then a warning a line');
      const summary = readReportSummary(file)!;
      assert.deepEqual([summary.total, summary.published, summary.kinds.length], [5001, false, 2]);
      const html = renderToString(<EditorHome schools={[]} lastExport={summary} />);
      assert.match(html, /Last export \([^)]*, not published: --strict\): 5001 warnings of 2 kinds/);
      assert.match(html, /5000 · missing-alt: images without alternative text/);
      assert.equal(readReportSummary(path.join(dir, 'none.report.ndjson')), null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
