// Open data: a family (or a journalist) finds "Download school data" in the footer of any
// page, reaches it by keyboard, and gets a CSV a spreadsheet opens (and the same as JSON) listing
// every published school with its type, position and programs, marked UTF-8 so Excel keeps accents.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hydrated, openPage, SKIP } from './helpers/browser.ts';
import { publishedSchools } from './helpers/sample-data.ts';
import { withSampleSite } from './helpers/site.ts';

describe('open data from the footer', SKIP, () => {
  const session = withSampleSite();

  for (const path of ['/', '/schools/riverside']) {
    test(`on ${path}: the footer link is reachable by keyboard and serves every school as CSV and JSON`, async () => {
      const w = await openPage(session.browser, 375);
      try {
        await w.page.goto(session.site.origin + path);
        await hydrated(w.page);
        const link = w.page.getByRole('link', { name: 'Download school data' });
        // Keyboard: Tab from the link before it (the PDF guide) lands on it.
        await w.page.getByRole('link', { name: /Download a PDF Guide/ }).focus();
        await w.page.keyboard.press('Tab');
        assert.equal(await link.evaluate((el) => el === document.activeElement), true);

        const schools = publishedSchools();
        const csv = await w.page.request.get(new URL((await link.getAttribute('href'))!, w.page.url()).href);
        assert.equal(csv.status(), 200);
        assert.match(csv.headers()['content-type'] ?? '', /^text\/csv/);
        // The UTF-8 byte order mark: without it Excel shows "Español" as "EspaÃ±ol".
        assert.deepEqual([...(await csv.body()).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
        const rows = (await csv.text()).trimEnd().split('\r\n');
        assert.equal(rows.length, schools.length + 1, 'a header and one row per published school');
        for (const s of schools)
          assert.ok(
            rows.some((r) => r.includes(`,${s.slug},`)),
            s.slug,
          );

        const jsonHref = await w.page.getByRole('link', { name: 'JSON' }).getAttribute('href');
        const json = (await (await w.page.request.get(new URL(jsonHref!, w.page.url()).href)).json()) as {
          schools: { slug: string; type: string; latitude: number | null }[];
        };
        for (const s of schools) {
          const row = json.schools.find((r) => r.slug === s.slug);
          assert.equal(row?.type, s.isCharter ? 'charter' : 'district', s.slug);
          assert.equal(row?.latitude, s.location?.lat ?? null, s.slug);
        }
        assert.deepEqual(w.problems, []);
      } finally {
        await w.close();
      }
    });
  }
});
