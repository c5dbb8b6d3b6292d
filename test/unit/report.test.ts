// The export's report: warnings grouped by kind with a count and the first documents, a few dozen
// lines at any size, every warning kept; a plain sentence from a source that does not structure its
// warnings (another branch's `school "x": field y: …`) is grouped with its like, never lost.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyWarning,
  formatReport,
  groupWarnings,
  REPORT_MAX_LINES,
  WARNING_KINDS,
  WarningGroups,
} from '../../src/build/report.ts';
import type { WarningInput } from '../../src/lib/warn.ts';
import { ExportReport, LIVE_RETRY_LINES } from '../../scripts/lib/export-report.ts';

describe('classifyWarning: a plain sentence read for its kind, document and field', () => {
  it('reads the log styles the sources write', () => {
    const cases: [string, Partial<ReturnType<typeof classifyWarning>>][] = [
      [
        'schools/a.html: school "school-a": field logo: no alternative text (alt), and not marked decorative',
        { kind: 'missing-alt', type: 'school', document: 'school-a', field: 'logo', page: 'schools/a.html' },
      ],
      [
        'skipping school "school-b": field slug: duplicate of "school-a" ("a"); the first by _id is kept',
        { kind: 'school-skipped', document: 'school-b', field: 'slug' },
      ],
      [
        'school "school-c": field seoDescription: a text longer than 10000 characters: cut to 10000 (docs/content-model.md)',
        { kind: 'content-cut', document: 'school-c', field: 'seoDescription' },
      ],
      ['es/schools/d.html: rich text: unknown type "inlineIcon" rendered with a fallback', { kind: 'rich-text' }],
      ['schools/e.html: block: unknown block type "eventCalendar"; nothing is shown for it', { kind: 'unknown-block' }],
      ['image http://x/y.jpg: HTTP 503; retry 1 in 200 ms', { kind: 'transient' }],
      ['something nobody planned for', { kind: 'other' }],
    ];
    for (const [text, want] of cases) {
      const got = classifyWarning(text);
      for (const [k, v] of Object.entries(want)) assert.equal(got[k as keyof typeof got], v, `${k} of ${text}`);
    }
  });

  it("groups another source's new warnings by document type and field, selectors left out", () => {
    const a = classifyWarning('school "school-x": field bellTimes.start: "8:5" is not a time (HH:MM): dropped');
    const b = classifyWarning('school "school-y": field bellTimes.start: "25:00" is not a time (HH:MM): dropped');
    const c = classifyWarning('school "school-z": field events[_key=="e1"].end: ends before it starts: dropped');
    assert.equal(a.kind, 'school.bellTimes.start');
    assert.equal(b.kind, a.kind, 'the same field: one kind');
    assert.equal(c.kind, 'school.events.end');
    assert.equal(c.document, 'school-z');
    assert.equal(c.field, 'events[_key=="e1"].end', 'the full path is kept for the report file');
  });
});

describe('the summary', () => {
  it('counts every warning, names each kind, and lists the first documents with their fields', () => {
    const input: WarningInput[] = [
      { kind: 'not-supplied', type: 'siteSettings', document: 'siteSettings', field: 'districtName', message: 'x' },
      { kind: 'not-supplied', type: 'siteSettings', document: 'siteSettings', field: 'logo', message: 'y' },
      'school "school-a": field logo: no alternative text (alt), and not marked decorative',
      'school "school-a": field image: no alternative text (alt), and not marked decorative',
      'school "school-b": field image: no alternative text (alt), and not marked decorative',
      'manifest trouble',
    ];
    const groups = groupWarnings(input);
    assert.deepEqual(
      groups.map((g) => [g.kind, g.count, g.documents]),
      [
        ['not-supplied', 2, 1],
        ['missing-alt', 3, 2],
        ['other', 1, 0],
      ],
      'what the district has to supply first, then by count',
    );
    const lines = formatReport(groups, 'out.export-report.json');
    assert.match(lines[0]!, /^Report: 6 warnings of 3 kinds; every one in out\.export-report\.json$/);
    const text = lines.join('\n');
    assert.match(text, /3 {2}missing-alt: images without alternative text/);
    assert.match(text, /school "school-a": logo, image\n/);
    assert.match(text, /siteSettings "siteSettings": districtName, logo/);
    assert.match(text, /1 {2}other: .*\n +manifest trouble/);
  });

  it('stays within a few dozen lines for 10,000 schools with two dozen warnings each, every kind named', () => {
    const groups = new WarningGroups();
    const fields = ['logo', 'image', 'mainImage', 'tourImage', 'seoImage'];
    for (let i = 0; i < 10_000; i++) {
      const id = `school-gen-${String(i).padStart(5, '0')}`;
      const page = `schools/gen-${i}.html`;
      for (let k = 0; k < 16; k++) {
        const field = k < 5 ? fields[k]! : `sectionRepeater[_key=="s${k}"].blocks[_key=="b${k}"]`;
        groups.add(
          classifyWarning(
            `${page}: school "${id}": field ${field}: no alternative text (alt), and not marked decorative`,
          ),
        );
      }
      groups.add({
        kind: 'unknown-block',
        type: 'school',
        document: id,
        page,
        message: 'block: unknown block type "x"',
      });
      groups.add(classifyWarning(`${page}: rich text: unknown type "inlineIcon" rendered with a fallback`));
      groups.add(classifyWarning(`school "${id}": field bellTimes.start: "8:5" is not a time: dropped`));
      groups.add(classifyWarning(`school "${id}": field events[_key=="e${i}"].end: ends before it starts: dropped`));
      groups.add(classifyWarning(`school "${id}": field slug: looks like "bluebell" of another school`));
      groups.add(
        classifyWarning(
          `school "${id}": field seoDescription: a text longer than 10000 characters: cut to 10000 (docs/content-model.md)`,
        ),
      );
      groups.add(classifyWarning(`skipping school "${id}-dup": field slug: duplicate of "${id}"`));
      groups.add(classifyWarning(`something new from another branch about ${id}`));
    }
    assert.equal(groups.total, 240_000);
    const kinds = groups.list();
    const lines = formatReport(kinds, 'out.export-report.json');
    assert.ok(lines.length <= REPORT_MAX_LINES && REPORT_MAX_LINES <= 60, `${lines.length} lines`);
    const text = lines.join('\n');
    for (const g of kinds)
      assert.match(text, new RegExp(`${g.count.toLocaleString('en-US')} +${g.kind.replace(/[.]/g, '\\.')}:`), g.kind);
    assert.match(lines[0]!, /240,000 warnings of 9 kinds/);
    assert.match(
      text,
      /school "school-gen-00000": logo, image, mainImage, tourImage, seoImage, sectionRepeater\.blocks/,
    );
    assert.match(text, /; and 9,99\d more/);
  });

  it('past the budget, the last kinds share two lines, each with its count', () => {
    const input: WarningInput[] = [];
    for (let k = 0; k < 80; k++) input.push(`school "s${k}": field f${k}: odd value ${k}`);
    const lines = formatReport(groupWarnings(input), 'r.json');
    assert.ok(lines.length <= REPORT_MAX_LINES, `${lines.length} lines`);
    assert.match(lines.join('\n'), /also: school\.f\d+ 1, /);
  });

  it('says so when there is nothing to report, and every kind of the sources has words', () => {
    assert.deepEqual(formatReport([], 'r.json'), ['Report: no warnings.']);
    for (const [kind, title] of Object.entries(WARNING_KINDS)) assert.ok(title.length > 10, kind);
  });
});

describe("the export's printed lines", () => {
  /** The summary's lines before the report (scripts/export.ts formatSummary) and the set-up notes (export-run.ts). */
  const SUMMARY_HEAD = 4;
  const SETUP_NOTES = 2;
  const retries = (report: ExportReport, n: number) => {
    for (let i = 0; i < n; i++)
      report.add(`image http://127.0.0.1:1/images/p/d/img-${i}.jpg: HTTP 503; retry ${(i % 3) + 1} in 250 ms`);
  };

  it('prints the first retries as they come and counts the rest in the report: within 60 lines at any size', () => {
    const printed: string[] = [];
    const report = new ExportReport((line) => printed.push(line), false);
    retries(report, 600); // every image of a district, each retried, against a struggling service
    for (let k = 0; k < 80; k++)
      for (let i = 0; i < 10_000; i += 50) report.add(`school "s${i}": field f${k}: odd value ${k}`);
    assert.equal(printed.length, LIVE_RETRY_LINES + 1);
    assert.match(printed.at(-1)!, /more requests retried; each is counted in the report/);
    assert.equal(report.kinds().find((g) => g.kind === 'transient')?.count, 600);
    const summary = report.summary('r.ndjson');
    assert.ok(summary.length <= REPORT_MAX_LINES, `${summary.length} report lines`);
    const total = SUMMARY_HEAD + summary.length + printed.length + SETUP_NOTES;
    assert.ok(total <= 60, `${total} lines`);
  });

  it('prints every retry with --verbose', () => {
    const printed: string[] = [];
    retries(new ExportReport((line) => printed.push(line), true), 30);
    assert.equal(printed.length, 30);
  });
});
