// Every fact the export leaves off a page or shows otherwise than written is a warning naming the
// document and the field, in one wording per kind, and the page agrees with the warning: a bell
// time left off is not at a glance, an end not after its start is shown an hour after the start.
// Tried on the Riverbend fixture (a district that is not ours, whose facts break today's rules),
// on the sample (whose facts are clean) and on a school with every kind of fault.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { factNotes } from '../../src/build/fact-warnings.ts';
import { eventSpan } from '../../src/lib/facts/fact-rules.ts';
import { schoolFacts } from '../../src/lib/facts/school-facts.ts';
import { schoolGlance } from '../../src/lib/facts/school-glance.ts';
import type { School } from '../../src/lib/content/types.ts';
import { schoolWith } from './helpers/school-fixture.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };
const read = (dir: string): Doc[] =>
  readFileSync(new URL(`../../${dir}/dataset.ndjson`, import.meta.url), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Doc);
const NOW = Date.parse('2026-12-01T00:00:00Z');
const glance = (s: unknown) =>
  schoolGlance(s as School, { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'America/Denver' });

describe('fact warnings', () => {
  test('Riverbend: the malformed bell time and the event ending before it starts, each named', () => {
    const docs = read('test/fixtures/district');
    const notes = docs.filter((d) => d._type === 'school').flatMap((d) => factNotes(d).map((n) => n.message));
    assert.deepEqual(notes, [
      'school "school-cypress": field bellTimes.start: not a 24-hour time HH:MM: left off the page ("8:5")',
      'school "school-cypress": field events[_key=="cypresstour"].end: not after its start: the event is shown as one hour long ("2027-01-20T16:00:00-07:00")',
    ]);
    const cypress = docs.find((d) => d._id === 'school-cypress')!;
    const shown = glance(cypress);
    assert.equal(shown.rows.find((r) => r.key === 'bellTimes')?.value, '3:10 PM', 'only the valid bell time shows');
    assert.match(shown.events[0]!.when, /5:00 PM – 6:00 PM$/, 'the event is shown as the hour after its start');
  });

  test('the sample has none: its facts follow the rules', () => {
    const schools = read('content/sample').filter((d) => d._type === 'school');
    assert.ok(schools.length > 10);
    assert.deepEqual(
      schools.flatMap((d) => factNotes(d).map((n) => n.message)),
      [],
    );
  });

  test('every kind, in the school and its translation, with the value last', () => {
    const event = (over: Record<string, unknown>) => ({
      _key: 'k',
      title: 'Tour',
      start: '2027-01-20T17:00:00-07:00',
      ...over,
    });
    const school = schoolWith({
      _id: 'school-x',
      slug: 'x',
      title: 'X',
      grades: 6,
      website: 'ftp://x.example',
      enrollment: 812.5,
      bellTimes: { start: '8:05 AM', end: '15:20' },
      admissions: { year: 'last year', seats: -3 },
      attendanceZipCodes: ['80211', ' ', '8021', 80212],
      location: { lat: 200, lng: 0 },
      supportPrograms: ['504 plans', { label: 'IEP' }],
      events: [
        event({ _key: 'a', title: '' }),
        event({ _key: 'b', start: undefined }),
        event({ _key: 'c', start: 'next Tuesday' }),
        event({ _key: 'd', end: 'soon' }),
        event({ _key: 'e', end: '2027-01-20T17:00:00-07:00', url: 'javascript:alert(1)' }),
        event({ _key: 'f', end: '2027-01-20T18:30:00-07:00' }),
        'not an event',
      ],
      translations: [
        { lang: 'es', doc: { _id: 'school-x__i18n_es', transportation: 5, events: [event({ end: 'x' })] } },
      ],
    } as unknown as Partial<School>);
    assert.deepEqual(
      factNotes(school).map((n) => n.message),
      [
        'school "school-x": field grades: not text: left off the page (6)',
        'school "school-x": field website: not an http(s) address: left off the page ("ftp://x.example")',
        'school "school-x": field enrollment: not a whole number: shown rounded (812.5)',
        'school "school-x": field bellTimes.start: not a 24-hour time HH:MM: left off the page ("8:05 AM")',
        'school "school-x": field admissions.seats: not a number of at least 0: the admissions line is left off the page (-3)',
        'school "school-x": field admissions.year: not a number of at least 0: left out ("last year")',
        'school "school-x": field admissions.applicants: missing: the admissions line is left off the page (it needs seats and applicants)',
        'school "school-x": field attendanceZipCodes[2]: not a five-digit ZIP code: left out of the zoned ZIP codes ("8021")',
        'school "school-x": field attendanceZipCodes[3]: not a five-digit ZIP code: left out of the zoned ZIP codes (80212)',
        'school "school-x": field location: not a latitude and longitude: no distance is shown (object)',
        'school "school-x": field supportPrograms[1]: not text: left out of the list (object)',
        'school "school-x": field events[_key=="a"].title: missing: the event is left off the page',
        'school "school-x": field events[_key=="b"].start: missing: the event is left off the page',
        'school "school-x": field events[_key=="c"].start: not a date and time: the event is left off the page ("next Tuesday")',
        'school "school-x": field events[_key=="d"].end: not a date and time: the event is shown as one hour long ("soon")',
        'school "school-x": field events[_key=="e"].end: not after its start: the event is shown as one hour long ("2027-01-20T17:00:00-07:00")',
        'school "school-x": field events[_key=="e"].url: not an http(s) address: not linked ("javascript:alert(1)")',
        'school "school-x": field events[6]: not an event: left off the page ("not an event")',
        'school "school-x__i18n_es": field transportation: not text: left off the page (5)',
        'school "school-x__i18n_es": field events[_key=="k"].end: not a date and time: the event is shown as one hour long ("x")',
      ],
    );
    // What the warnings say is what the facts file and the page make of the school.
    const facts = schoolFacts(school, NOW)!;
    assert.deepEqual(facts.bellTimes, { start: null, end: '15:20' });
    assert.deepEqual(facts.zipCodes, ['80211']);
    assert.equal(facts.admissions, null);
    assert.equal(facts.website, null);
    assert.deepEqual(
      facts.events?.map((e) => e.key),
      ['d', 'e', 'f'],
      'the events without a title or a valid start are left off',
    );
    const oneHour = (key: string) => facts.events!.find((e) => e.key === key)!;
    assert.equal(Date.parse(oneHour('e').end) - Date.parse(oneHour('e').start), 3_600_000);
    assert.equal(oneHour('e').url, null);
  });

  test('an event with no end lasts an hour without a warning: that is the rule, not a repair', () => {
    assert.deepEqual(eventSpan({ start: '2027-01-20T17:00:00Z' }), {
      start: Date.parse('2027-01-20T17:00:00Z'),
      end: Date.parse('2027-01-20T18:00:00Z'),
      endProblem: 'none',
    });
    assert.deepEqual(
      factNotes(
        schoolWith({
          _id: 's',
          events: [{ _key: 'k', title: 'T', start: '2027-01-20T17:00:00Z', end: null }],
        } as Partial<School>),
      ),
      [],
    );
  });
});
