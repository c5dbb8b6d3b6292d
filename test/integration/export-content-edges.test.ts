// Content that once sank more than itself, exported for real: on Riverbend (test/fixtures/district),
// a timeline step whose `_key` smuggles a whole event with an alarm into how-to-apply.ics, a step on
// 2027-02-30, school events in year 275760 and on 30 February (the whole school page was dropped),
// and settings links to `data:` and `//` addresses; and in a `sanity dataset export` tarball, one
// document nested 5,000 deep (every command using the tarball failed with exit 2).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { cleanEnv, listFiles, removeDir, ROOT, runExport, tempDir, type RunResult } from './export-helpers.ts';
import { readTarGz, writeTarGz } from '../../core/tar.ts';
import { startContentService } from '../../content-service/index.ts';

const DISTRICT = path.join(ROOT, 'test/fixtures/district');
const work = tempDir('content-edges');
const env = cleanEnv({
  CONTENT_CACHE_DIR: path.join(work, 'content-cache'),
  EXPORT_IMAGE_CACHE_DIR: path.join(work, 'image-cache'),
  EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
});

/** A whole event with an alarm and a link, in CRLF lines. */
const SMUGGLED =
  'x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nDTSTART:20270101T000000Z\r\nSUMMARY:Injected\r\n' +
  'URL:https://evil.example/\r\nBEGIN:VALARM\r\nTRIGGER:-PT1M\r\nACTION:DISPLAY\r\nEND:VALARM';

type Doc = Record<string, unknown>;

/** Riverbend with the hostile content added, as a dataset folder. */
function hostileRiverbend(dir: string): void {
  cpSync(DISTRICT, dir, { recursive: true });
  const file = path.join(dir, 'dataset.ndjson');
  const docs = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Doc);
  const byId = (id: string) => docs.find((d) => d._id === id)!;
  const landing = byId('landingPage');
  landing.enrollmentTimeline = [
    ...(landing.enrollmentTimeline as Doc[]),
    { _key: SMUGGLED, _type: 'enrollmentStep', title: `Lottery${SMUGGLED}`, date: '2027-03-01' },
    { _key: 'feb30', _type: 'enrollmentStep', title: 'No such day', date: '2027-02-30' },
  ];
  const cypress = byId('school-cypress');
  cypress.events = [
    { _key: 'far', _type: 'schoolEvent', title: 'Far future', start: '+275760-09-13T00:00:00Z' },
    { _key: 'feb30', _type: 'schoolEvent', title: 'No such day', start: '2027-02-30T17:00:00Z' },
    { _key: 'open', _type: 'schoolEvent', title: 'Open house 2099', start: '2099-05-01T17:00:00Z' },
  ];
  Object.assign(byId('siteSettings'), {
    elementaryLink: { label: 'Elementary', href: 'data:text/html,<script>alert(1)</script>' },
    highSchoolLink: { label: 'High', href: '//evil.example/high' },
    footerLinks: [
      { _key: 'a', label: 'Evil', href: '/\\evil.example' },
      { _key: 'b', label: 'District office', href: 'https://riverbend.example/office' },
    ],
  });
  writeFileSync(file, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
}

describe('Riverbend with hostile calendar text, impossible dates and settings links', () => {
  const dir = path.join(work, 'riverbend');
  const out = path.join(work, 'out-riverbend');
  let run: RunResult;
  before(async () => {
    hostileRiverbend(dir);
    run = await runExport(['--content', dir, '--out', out], env, 240_000);
  });

  test('exports, with one calendar event per valid timeline step and no alarm', () => {
    assert.equal(run.code, 0, run.stderr);
    const text = readFileSync(path.join(out, 'calendar/how-to-apply.ics'), 'utf8');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    // Riverbend's two steps and the hostile one; 2027-02-30 is not a day.
    assert.equal(events.length, 3);
    for (const e of events) {
      assert.equal(e.getAllSubcomponents('valarm').length, 0);
      assert.match(String(e.getFirstPropertyValue('uid')), /^how-to-apply\.[A-Za-z0-9_-]+\.en@middle-school-guide$/);
    }
    assert.deepEqual(
      text.split('\r\n').filter((l) => /^(BEGIN|END):/.test(l)),
      ['BEGIN:VCALENDAR', ...Array(3).fill(['BEGIN:VEVENT', 'END:VEVENT']).flat(), 'END:VCALENDAR'],
    );
  });

  test('keeps the school page whose events hold impossible dates, with its one valid event', () => {
    // What the page shows (its hydration data carries the school's fields as typed).
    const page = readFileSync(path.join(out, 'schools/cypress-hill/index.html'), 'utf8').replace(
      /<script\b[^>]*>[\s\S]*?<\/script>/g,
      '',
    );
    assert.match(page, /Open house 2099/);
    assert.doesNotMatch(page, /Far future|No such day|275760|2027-02-30/);
    const ics = readFileSync(path.join(out, 'calendar/cypress-hill.ics'), 'utf8');
    assert.equal(new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').length, 1);
    const landing = readFileSync(path.join(out, 'index.html'), 'utf8');
    assert.doesNotMatch(landing, /datetime="2027-02-30"|No such day/);
  });

  test('writes no data: or protocol-relative link from the settings on any page', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    assert.ok(pages.length > 10);
    for (const p of pages) {
      const html = readFileSync(path.join(out, p), 'utf8');
      assert.doesNotMatch(html, /href="(data:|\/\/|\/\\)/i, p);
    }
    assert.match(readFileSync(path.join(out, 'index.html'), 'utf8'), /href="https:\/\/riverbend\.example\/office"/);
  });
});

describe('a sanity dataset export holding one document nested 5,000 deep', () => {
  const tarball = path.join(work, 'deep.tar.gz');
  before(() => {
    const entries = readTarGz(readFileSync(path.join(ROOT, 'content/sample.tar.gz')));
    const data = entries.find((e) => e.path.endsWith('/data.ndjson'))!;
    const deep = `{"_id":"deep-note","_type":"note","x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    data.data = Buffer.concat([data.data, Buffer.from(`${deep}\n`)]);
    writeFileSync(tarball, writeTarGz(entries, new Date('2026-01-01T00:00:00Z')));
  });
  after(() => removeDir(work));

  test('is served with a warning naming the document, as the folder format serves it', async () => {
    const warnings: string[] = [];
    const service = await startContentService({
      contentDir: tarball,
      watch: false,
      log: (m) => warnings.push(m),
    });
    try {
      const res = await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*[_id == "deep-note"])`);
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { result: number }).result, 1);
    } finally {
      await service.close();
    }
    assert.ok(
      warnings.some((w) => /document "deep-note"\) is nested deeper than 200 levels: kept as it is/.test(w)),
      warnings.join('\n'),
    );
  });

  test('exports the site', async () => {
    const r = await runExport(['--content', tarball, '--out', path.join(work, 'out-deep')], env, 240_000);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Exported \d+ pages/);
  });
});
