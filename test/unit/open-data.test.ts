// schools.csv must open safely in a spreadsheet whatever an editor typed: quoting per RFC 4180,
// and text a spreadsheet would evaluate as a formula defused. URLs are absolute with a site URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDataCsv, openDataJson, openSchools } from '../../scripts/lib/open-data.ts';
import type { SchoolFacts } from '../../src/lib/school-facts.ts';
import { factsOf } from './helpers/facts-fixture.ts';

const fact = (over: Partial<SchoolFacts>): SchoolFacts => factsOf('x', { title: 'X', ...over });

describe('open data', () => {
  test('page URLs are absolute with a site URL, else under the site root', () => {
    const facts = [fact({})];
    assert.equal(
      openSchools(facts, { siteUrl: 'https://example.org/guide', root: '/guide/' })[0]!.url,
      'https://example.org/guide/schools/x',
    );
    assert.equal(openSchools(facts, { siteUrl: null, root: '/guide/' })[0]!.url, '/guide/schools/x');
  });

  test('CSV: quoted where needed, formulas defused, numbers kept, programs joined', () => {
    const schools = openSchools(
      [
        fact({
          title: '=HYPERLINK("http://evil.example","Click")',
          location: { lat: 39.6, lng: -105.09 },
          programs: { arts: ['Band', 'Choir, Jr.'], athletics: [], clubs: ['@home'] },
          tour: { title: 'Tour', url: 'https://example.org/tour?a=1,2' },
        }),
        fact({ slug: 'y', title: 'Line\nbreak', type: 'charter' }),
      ],
      { siteUrl: null, root: '/' },
    );
    const csv = openDataCsv(schools);
    // Excel reads a CSV without a byte order mark as ANSI and garbles every accent.
    assert.deepEqual([...Buffer.from(csv, 'utf8').subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = csv.slice(1).split('\r\n');
    assert.equal(lines[0], 'name,slug,url,type,latitude,longitude,arts,athletics,clubs,tour_link');
    assert.equal(
      lines[1],
      `"'=HYPERLINK(""http://evil.example"",""Click"")",x,/schools/x,district,39.6,-105.09,"Band; Choir, Jr.",,"'@home","https://example.org/tour?a=1,2"`,
    );
    assert.equal(lines[2], '"Line\nbreak",y,/schools/x,charter,,,,,,');
    assert.equal(lines.at(-1), '');
  });

  test("CSV: a separator or a fullwidth formula lead is quoted, so a spreadsheet splitting on ';' sees one cell", () => {
    const schools = openSchools(
      [
        fact({
          title: 'Evil;=HYPERLINK("http://evil.example")',
          programs: { arts: ['＝1+1'], athletics: [], clubs: [] },
        }),
      ],
      { siteUrl: null, root: '/' },
    );
    const row = openDataCsv(schools).split('\r\n')[1]!;
    assert.ok(row.startsWith('"Evil;=HYPERLINK(""http://evil.example"")",'), row);
    assert.ok(row.includes(`,"'＝1+1",`), row);
    // Split naively on ';' outside quotes, as a Spanish-locale spreadsheet does: no cell starts with a formula lead.
    const cells: string[] = [''];
    let quoted = false;
    for (const ch of row) {
      if (ch === '"') quoted = !quoted;
      if (ch === ';' && !quoted) cells.push('');
      else cells[cells.length - 1] += ch;
    }
    assert.equal(cells.length, 1, 'no semicolon outside quotes');
    for (const c of row.split(',')) assert.doesNotMatch(c, /^[=+\-@＝＋－＠]/, c);
  });

  test('JSON keeps the same rows', () => {
    const schools = openSchools([fact({ title: 'Alder' })], { siteUrl: null, root: '/' });
    assert.deepEqual(JSON.parse(openDataJson(schools)), { schools });
  });
});
