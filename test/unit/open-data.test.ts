// schools.csv must open safely in a spreadsheet whatever an editor typed: quoting per RFC 4180,
// and text a spreadsheet would evaluate as a formula defused. URLs are absolute with a site URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDataCsv, openDataJson, openSchools } from '../../scripts/lib/open-data.ts';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
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
    assert.equal(
      lines[0],
      'name,slug,url,type,latitude,longitude,arts,athletics,clubs,tour_link,grades,enrollment,address,phone,website,bell_start,bell_end,transportation,before_after_care,support_programs,admissions_year,admissions_seats,admissions_applicants,zip_codes,next_event,next_event_start,admissions_priorities,admissions_lottery,admissions_waitlisted,admissions_note,results',
    );
    assert.equal(
      lines[1],
      `"'=HYPERLINK(""http://evil.example"",""Click"")",x,/schools/x,district,39.6,-105.09,"Band; Choir, Jr.",,"'@home","https://example.org/tour?a=1,2",,,,,,,,,,,,,,,,,,,,,`,
    );
    assert.equal(lines[2], `"Line\nbreak",y,/schools/x,charter,,,,,,,,,,,,,,,,,,,,,,,,,,,`);
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
    assert.ok(row.startsWith(`"Evil;'=HYPERLINK(""http://evil.example"")",`), row);
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

  test('CSV: `;=HYPERLINK(1)` in any field makes no formula cell, whichever separator a spreadsheet picks', () => {
    const evil = ';=HYPERLINK(1)';
    const variants = [evil, `x${evil}`, `x, +1`, `x\t@SUM(1)`, `x;  -2`, `x\n=1`, `x；＝1`];
    const schools = openSchools(
      variants.map((v, i) =>
        fact({
          slug: `s${i}`,
          title: v,
          programs: { arts: [v], athletics: [v, v], clubs: [v] },
          tour: { title: v, url: `https://example.org/tour/${v}` },
          grades: v,
          address: v,
          phone: v,
          website: `https://example.org/${v}`,
          transportation: v,
          beforeAfterCare: v,
          supportPrograms: [{ key: 'v', label: v }],
          results: [{ measure: { key: 'm', label: v }, value: v, year: v, source: v, sourceUrl: null }],
          admissionsHow: { priorities: [{ key: 'p', label: v }], lottery: true, waitlisted: 3, note: v },
          events: [
            {
              key: 'e',
              title: v,
              start: '2027-01-12T17:30:00.000Z',
              end: '2027-01-12T18:30:00.000Z',
              location: null,
              url: null,
            },
          ],
        }),
      ),
      { siteUrl: null, root: '/' },
    );
    const csv = openDataCsv(schools);
    let cells = 0;
    for (const sep of [',', ';', '\t']) {
      // As a spreadsheet reads it: a quote is special only at the start of a cell.
      for (const cell of spreadsheetCells(csv, sep)) {
        cells++;
        assert.doesNotMatch(cell.trimStart(), /^[=+\-@＝＋－＠]/, `separator ${JSON.stringify(sep)}: ${cell}`);
      }
      // As a naive reader does: no quotes at all, every line a row.
      for (const line of csv.split(/\r\n|\r|\n/))
        for (const cell of line.split(sep))
          assert.doesNotMatch(cell.replace(/^["\s]+/, ''), /^[=+\-@＝＋－＠]/, `naive ${JSON.stringify(sep)}: ${cell}`);
    }
    assert.ok(cells >= 31 * (variants.length + 1), `${cells} cells read`);
    // The words stay readable: only an apostrophe is added.
    assert.ok(csv.includes(`";'=HYPERLINK(1)"`), csv.split('\r\n')[1]);
  });

  test('JSON keeps the same rows', () => {
    const schools = openSchools([fact({ title: 'Alder' })], { siteUrl: null, root: '/' });
    assert.deepEqual(JSON.parse(openDataJson(schools)), { schools });
  });
});

/**
 * The cells a spreadsheet splitting on `sep` reads: a quote opens a quoted part only at the start
 * of a cell (doubled inside it), and after it closes, the rest up to the separator is plain text.
 */
function spreadsheetCells(text: string, sep: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) {
        cell += text[i];
        i += text[i] === '"' ? 2 : 1;
      }
      i++;
    }
    while (i < text.length && text[i] !== sep && text[i] !== '\r' && text[i] !== '\n') cell += text[i++];
    cells.push(cell);
    i++;
    if (text[i - 1] === '\r' && text[i] === '\n') i++;
  }
  return cells;
}
