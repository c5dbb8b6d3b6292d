// Calendar injection and impossible dates, replayed through the one calendar writer (src/lib/calendar/ics.ts):
// a timeline step's `_key` holding CRLF lines added a whole event with an alarm and a link to
// how-to-apply.ics (ical.js read 4 events instead of 2); bare CR and other control characters in any
// text were written raw; `2027-02-30` gave an invalid DATE and an invalid `<time datetime>`; and one
// event in year 275760 took its school's whole page down. Each file is read back with ical.js.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import ICAL from 'ical.js';
import { calendarFiles } from '../../scripts/lib/calendar-files.ts';
import { landingCopy } from '../../src/lib/content/landing-copy.ts';
import { schoolFacts } from '../../src/lib/facts/school-facts.ts';
import { schoolGlance } from '../../src/lib/facts/school-glance.ts';
import { calendarDay, instant } from '../../src/lib/calendar/calendar-dates.ts';
import { icsText } from '../../src/lib/calendar/ics.ts';
import { builtinCopy } from './helpers/landing-copy.ts';
import { schoolWith } from './helpers/school-fixture.ts';

const NOW = Date.parse('2026-12-01T00:00:00Z');
const NO_EXTRAS = { end: null, location: null, url: null };

/** A whole event with an alarm and a link, as a key or a title could smuggle it in. */
const SMUGGLED =
  'x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270101T000000Z\r\n' +
  'SUMMARY:Injected\r\nURL:https://evil.example/\r\nBEGIN:VALARM\r\nTRIGGER:-PT1M\r\nACTION:DISPLAY\r\n' +
  'DESCRIPTION:Injected\r\nEND:VALARM';

/** Every VEVENT of a calendar file, read by ical.js. */
function eventsOf(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
}

/** The file's lines are CRLF-terminated and carry no control character (tab aside). */
function assertCleanLines(text: string): void {
  assert.ok(!/\r(?!\n)|(?<!\r)\n/.test(text), 'every line break is CRLF');
  assert.ok(!/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/.test(text), 'no control character');
}

describe('the calendar writer', () => {
  test('a hostile timeline _key and title give exactly one event per step, no alarm, no link', () => {
    const raw = {
      enrollmentTimeline: [
        {
          _key: SMUGGLED,
          title: `Applications open${SMUGGLED}`,
          date: '2027-01-04',
          description: 'Bare\rCR\u0000NUL\u001b',
        },
        { _key: 'x-END-VEVENT', title: 'Lottery', date: '2027-02-01', description: 'Line\u2028separator' },
        { _key: 'feb30', title: 'Not a day', date: '2027-02-30', description: '' },
        { _key: 'step\u0085next', title: 'Offers', date: '2027-03-01', description: '' },
      ],
    };
    const copy = landingCopy(raw, 'en');
    // 2027-02-30 does not exist: left out, so no page writes <time datetime="2027-02-30">.
    assert.deepEqual(
      copy.enrollmentTimeline.map((s) => s.date),
      ['2027-01-04', '2027-02-01', '2027-03-01'],
    );
    const [file] = calendarFiles(
      [],
      [
        { copy, updated: null },
        { copy: builtinCopy('es'), updated: null },
      ],
      NOW,
    );
    assert.equal(file!.path, 'calendar/how-to-apply.ics');
    assertCleanLines(file!.contents);
    const events = eventsOf(file!.contents);
    assert.equal(events.length, 3, 'one event per step');
    // The smuggled lines are text inside SUMMARY now, never lines of their own.
    assert.deepEqual(
      file!.contents.split('\r\n').filter((line) => /^(BEGIN|END):/.test(line)),
      ['BEGIN:VCALENDAR', ...Array(3).fill(['BEGIN:VEVENT', 'END:VEVENT']).flat(), 'END:VCALENDAR'],
    );
    for (const e of events) {
      assert.equal(e.getAllSubcomponents('valarm').length, 0);
      assert.match(String(e.getFirstPropertyValue('uid')), /^how-to-apply\.[A-Za-z0-9_-]+\.en@middle-school-guide$/);
      assert.equal(e.getFirstPropertyValue('url'), null);
    }
    const uids = events.map((e) => String(e.getFirstPropertyValue('uid')));
    assert.equal(new Set(uids).size, 3, `UIDs unique: ${uids.join(' ')}`);
    const first = new ICAL.Event(events[0]!);
    assert.equal(first.summary, `Applications open${SMUGGLED.replace(/\r\n/g, '\n')}`);
    assert.equal(first.description, 'Bare\nCRNUL');
    assert.equal(new ICAL.Event(events[1]!).description, 'Line\nseparator');
  });

  test("a school's events: one impossible or extreme date leaves out that event alone, not the page", () => {
    const school = schoolWith({
      _id: 'school-edge',
      _updatedAt: '+275760-09-13T00:00:00.000Z',
      title: 'Edge Middle',
      slug: 'edge-middle',
      events: [
        { ...NO_EXTRAS, _key: 'far', title: 'Far future', start: '+275760-09-13T00:00:00Z' },
        { ...NO_EXTRAS, _key: 'feb30', title: 'No such day', start: '2027-02-30T10:00:00Z' },
        {
          ...NO_EXTRAS,
          _key: 'ok',
          title: 'Open house',
          start: '2027-01-12T17:30:00Z',
          end: '+275760-09-13T00:00:00Z',
        },
        {
          ...NO_EXTRAS,
          _key: `tour${SMUGGLED}`,
          title: 'Tour\r\nEND:VEVENT',
          start: '2027-01-20T17:00:00Z',
          url: 'https://x.example/a b',
        },
      ],
    });
    const glance = schoolGlance(school, { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'America/Denver' });
    assert.deepEqual(
      glance.events.map((e) => e.title),
      ['Open house', 'Tour\r\nEND:VEVENT'],
    );
    const facts = schoolFacts(school, NOW)!;
    // An end that cannot be written makes the event an hour long.
    assert.equal(facts.events![0]!.end, '2027-01-12T18:30:00.000Z');
    const files = calendarFiles([facts], [], NOW).filter((f) => !f.path.startsWith('es/'));
    const paths = files.map((f) => f.path);
    // Each event's file is named after it and its day, in letters, digits and '-' only.
    assert.deepEqual(paths, [
      'calendar/edge-middle.ics',
      'schools/edge-middle/open-house-2027-01-12.ics',
      'schools/edge-middle/tour-end-vevent-2027-01-20.ics',
    ]);
    for (const f of files) assertCleanLines(f.contents);
    assert.equal(eventsOf(files[0]!.contents).length, 2);
    for (const f of files.slice(1)) assert.equal(eventsOf(f.contents).length, 1);
    const tour = eventsOf(files[0]!.contents)[1]!;
    assert.equal(tour.getFirstPropertyValue('url'), 'https://x.example/a%20b');
    // The school's own _updatedAt is later than the export: the export's time instead, never a future DTSTAMP.
    assert.equal(String(tour.getFirstPropertyValue('dtstamp')), new Date(NOW).toISOString().replace('.000', ''));
  });

  test('dates: a real day of a four-digit year, and text with its control characters dropped', () => {
    assert.equal(calendarDay('2027-02-28'), '2027-02-28');
    assert.equal(calendarDay('2028-02-29'), '2028-02-29');
    for (const bad of ['2027-02-30', '2027-13-01', '2027-00-10', '0999-01-01', '2027-1-1', ' 2027-01-01', 12])
      assert.equal(calendarDay(bad), null, String(bad));
    assert.equal(instant('2027-01-12T17:30:00-07:00'), Date.parse('2027-01-13T00:30:00Z'));
    for (const bad of ['+275760-09-13T00:00:00Z', '2027-02-30T10:00:00Z', '0999-12-31T00:00:00Z', 'soon', null])
      assert.equal(instant(bad), null, String(bad));
    assert.equal(instant('9999-12-31T23:30:00Z', 3_600_000), null, 'no room for the hour it lasts');
    assert.equal(icsText('a;b,c\\d\r\ne\rf\ng\u0000\u007f\u009b\th'), 'a\\;b\\,c\\\\d\\ne\\nf\\ng\th');
  });
});
