// The facts families decide by, as each edition writes them: a school at a glance (only what it
// has), its coming events, the calendar files a real iCalendar parser reads, and which schools a
// ZIP code lists first.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import ICAL from 'ical.js';
import { clockTime, eventWhen, schoolGlance, upcomingEvents } from '../../src/lib/facts/school-glance.ts';
import { foldLine, icsFile } from '../../src/lib/calendar/ics.ts';
import { zipListings } from '../../src/build/zip-pages.ts';
import { schoolFacts } from '../../src/lib/facts/school-facts.ts';
import { calendarFiles, eventLocation } from '../../scripts/lib/calendar-files.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/content/localize.ts';
import { schoolWith } from './helpers/school-fixture.ts';
import { builtinCopy } from './helpers/landing-copy.ts';
import type { LandingCard } from '../../src/lib/content/types.ts';

const NOW = Date.parse('2026-12-01T00:00:00Z');
const lincoln = schoolWith({
  _id: 'school-lincoln',
  _updatedAt: '2026-11-20T10:00:00Z',
  title: 'Lincoln Middle School',
  slug: 'lincoln-middle',
  grades: '6-8',
  enrollment: 812,
  address: { street: '1200 Lincoln Avenue', city: 'Cedar Valley', state: 'CO', zip: '80210' },
  phone: '(303) 555-0142',
  bellTimes: { start: '08:05', end: '15:20' },
  supportPrograms: ['504 plans', 'English learner support', '504 plans'],
  admissions: { year: 2025, seats: 120, applicants: 310, priorities: null, lottery: null, waitlisted: null },
  attendanceZipCodes: ['80210'],
  location: { _type: 'geopoint', lat: 39.7392, lng: -104.9731 },
  events: [
    {
      _key: 'past',
      title: 'Last year',
      start: '2026-01-10T17:30:00-07:00',
      end: '2026-01-10T19:00:00-07:00',
      location: null,
      url: null,
    },
    {
      _key: 'tour',
      title: 'Family tour, spring',
      start: '2027-02-03T09:00:00-07:00',
      end: null,
      location: 'Front office; east door',
      url: 'https://cv.example/tour',
    },
    {
      _key: 'open',
      title: 'Open house',
      start: '2027-01-12T17:30:00-07:00',
      end: '2027-01-12T19:00:00-07:00',
      location: null,
      url: null,
    },
  ],
});

describe('at a glance', () => {
  test('only the facts a school has, bell times as each language writes them, last year in words', () => {
    const en = schoolGlance(lincoln, { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'America/Denver' });
    assert.deepEqual(
      en.rows.map((r) => r.key),
      ['grades', 'enrollment', 'address', 'phone', 'bellTimes', 'supportPrograms', 'admissions'],
    );
    const row = (k: string) => en.rows.find((r) => r.key === k)!;
    assert.equal(row('bellTimes').value, '8:05 AM – 3:20 PM');
    assert.equal(row('phone').href, 'tel:3035550142');
    assert.match(row('address').href!, /openstreetmap\.org\/search\?query=1200%20Lincoln%20Avenue/);
    assert.deepEqual(row('supportPrograms').items, [{ text: '504 plans' }, { text: 'English learner support' }]);
    assert.equal(row('admissions').value, 'Last year: 120 seats, 310 applicants');
    const es = schoolGlance(lincoln, { lang: 'es', locale: 'es-US', now: NOW, timeZone: 'America/Denver' });
    assert.equal(es.rows[0]!.label, 'Grados');
    assert.equal(es.rows.find((r) => r.key === 'bellTimes')!.value, '8:05 a. m. – 3:20 p. m.');
    assert.equal(
      schoolGlance(schoolWith({ title: 'Bare' }), { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'UTC' }).rows
        .length,
      0,
    );
    assert.equal(clockTime('24:00', 'en'), null);
    assert.equal(clockTime('00:30', 'en'), '12:30 AM');
  });

  test("coming events only, soonest first, in the district's time zone", () => {
    const g = schoolGlance(lincoln, { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'America/Denver' });
    assert.deepEqual(
      g.events.map((e) => e.key),
      ['open', 'tour'],
    );
    assert.equal(g.events[0]!.when, 'Tuesday, January 12, 2027, 5:30 PM – 7:00 PM');
    // An event over two days names both.
    assert.equal(
      eventWhen('2027-01-13T00:30:00Z', '2027-01-13T08:00:00Z', 'en-US', 'America/Denver'),
      'Tuesday, January 12, 2027, 5:30 PM – Wednesday, January 13, 2027, 1:00 AM',
    );
    // Without an end, an event lasts an hour.
    assert.deepEqual(upcomingEvents(lincoln.events, NOW)[1]!.end, '2027-02-03T17:00:00.000Z');
  });
});

describe('calendar files', () => {
  test('a long line folds at 75 octets, never inside a character, and unfolds to itself', () => {
    for (const line of [
      `SUMMARY:${'a'.repeat(200)}`,
      `LOCATION:${'Biblioteca José Martí, salón 3 · '.repeat(6)}`,
      `SUMMARY:${'🎒 Open house '.repeat(12)}`,
    ]) {
      const parts = foldLine(line).split('\r\n');
      assert.ok(parts.length > 1, 'folded');
      parts.forEach((p, i) => {
        assert.ok(Buffer.byteLength(p) <= 75, `line ${i} is ${Buffer.byteLength(p)} octets`);
        assert.ok(i === 0 || p.startsWith(' '), 'a continuation starts with a space');
        assert.ok(!p.includes('\uFFFD'));
      });
      assert.equal(parts.map((p, i) => (i ? p.slice(1) : p)).join(''), line);
    }
    assert.equal(foldLine('UID:short'), 'UID:short');
  });

  test('a school calendar parses with ical.js: UID, DTSTAMP, DTSTART/DTEND in UTC, SUMMARY, LOCATION, URL', () => {
    const facts = schoolFacts(lincoln, NOW)!;
    const files = calendarFiles([facts], [], NOW);
    assert.deepEqual(
      files.filter((f) => !f.path.startsWith('es/')).map((f) => f.path),
      [
        'calendar/lincoln-middle.ics',
        'schools/lincoln-middle/open-house-2027-01-12.ics',
        'schools/lincoln-middle/family-tour-spring-2027-02-03.ics',
      ],
    );
    const text = files[0]!.contents;
    assert.ok(
      text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75),
      'folded at 75 octets',
    );
    const cal = new ICAL.Component(ICAL.parse(text));
    assert.equal(cal.getFirstPropertyValue('x-wr-calname'), 'Lincoln Middle School: Tours and open houses');
    const events = cal.getAllSubcomponents('vevent');
    assert.equal(events.length, 2);
    const tour = new ICAL.Event(events[1]!);
    assert.equal(tour.uid, 'lincoln-middle.tour@middle-school-guide');
    assert.equal(tour.summary, 'Family tour, spring (Lincoln Middle School)');
    // Where it is, with the street address a map can find.
    assert.equal(tour.location, 'Front office; east door, 1200 Lincoln Avenue, Cedar Valley, CO 80210');
    assert.equal(new ICAL.Event(events[0]!).location, '1200 Lincoln Avenue, Cedar Valley, CO 80210');
    assert.equal(tour.startDate.toJSDate().toISOString(), '2027-02-03T16:00:00.000Z');
    assert.equal(tour.startDate.zone.tzid, 'UTC');
    assert.equal(tour.endDate.toJSDate().toISOString(), '2027-02-03T17:00:00.000Z');
    assert.equal(events[1]!.getFirstPropertyValue('url'), 'https://cv.example/tour');
    assert.equal(String(events[1]!.getFirstPropertyValue('dtstamp')), '2026-11-20T10:00:00Z');
  });

  test('the application timeline is all-day events', () => {
    const copy = {
      ...builtinCopy('en'),
      enrollmentTimeline: [
        { key: 'a', title: 'Applications open', date: '2027-01-04', dateText: 'x', description: 'Apply, online' },
      ],
    };
    const [file] = calendarFiles(
      [],
      [
        { copy, updated: null },
        { copy: builtinCopy('es'), updated: null },
      ],
      NOW,
    );
    assert.equal(file!.path, 'calendar/how-to-apply.ics');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file!.contents)).getFirstSubcomponent('vevent')!);
    assert.ok(event.startDate.isDate);
    assert.equal(event.startDate.toString(), '2027-01-04');
    assert.equal(event.endDate.toString(), '2027-01-05');
    assert.equal(event.description, 'Apply, online');
    assert.match(icsFile({ name: 'X', stamp: '2027-01-01T00:00:00Z', events: [] }), /^BEGIN:VCALENDAR\r\n/);
  });
});

describe('calendar files: where and in which language', () => {
  test("an event's location names the street once", () => {
    const address = '1200 Lincoln Avenue, Cedar Valley, CO 80210';
    const street = '1200 Lincoln Avenue';
    assert.equal(
      eventLocation('Lincoln Middle School, 1200 Lincoln Avenue', address, street),
      'Lincoln Middle School, 1200 Lincoln Avenue, Cedar Valley, CO 80210',
    );
    assert.equal(eventLocation(`Gym, ${address}`, address, street), `Gym, ${address}`);
    assert.equal(eventLocation('Gym', address, street), `Gym, ${address}`);
    assert.equal(eventLocation(null, address, street), address);
    assert.equal(eventLocation('Gym', null, null), 'Gym');
  });

  test("the Spanish calendars speak Spanish: the calendar's name, the events' titles and their files' names", () => {
    const row = {
      ...lincoln,
      translations: [
        {
          lang: 'es',
          doc: {
            _id: 'lincoln-es',
            title: 'Lincoln Middle School',
            events: [
              { _key: 'open', title: 'Jornada de puertas abiertas', start: '2027-01-12T17:30:00-07:00', end: null },
            ],
          },
        },
      ],
    } as SchoolRow;
    const facts = schoolFacts(lincoln, NOW)!;
    facts.editions = { es: schoolFacts(localizeSchool(row, 'es'), NOW, 'es', lincoln)! };
    const files = calendarFiles([facts], [], NOW).filter((f) => f.path.startsWith('es/'));
    assert.deepEqual(
      files.map((f) => f.path),
      ['es/calendar/lincoln-middle.ics', 'es/schools/lincoln-middle/jornada-de-puertas-abiertas-2027-01-12.ics'],
    );
    const cal = new ICAL.Component(ICAL.parse(files[0]!.contents));
    assert.equal(
      cal.getFirstPropertyValue('x-wr-calname'),
      'Lincoln Middle School: Visitas y jornadas de puertas abiertas',
    );
    assert.equal(
      new ICAL.Event(cal.getFirstSubcomponent('vevent')!).summary,
      'Jornada de puertas abiertas (Lincoln Middle School)',
    );
  });
});

describe('which schools are mine', () => {
  const card = (slug: string, title: string): LandingCard => ({ id: slug, slug, title, description: '', image: null });
  const open = schoolWith({
    _id: 'c',
    title: 'Charter',
    slug: 'charter',
    location: { _type: 'geopoint', lat: 39.6, lng: -104.9 },
  });
  const far = schoolWith({
    _id: 'f',
    title: 'Far',
    slug: 'far',
    location: { _type: 'geopoint', lat: 40.2, lng: -105.3 },
  });
  const other = schoolWith({ _id: 'o', title: 'Other zone', slug: 'other', attendanceZipCodes: ['80127'] });
  // Titles the landing grid hides (spec section 2): still schools a family may choose.
  const centre = schoolWith({
    _id: 'i',
    title: 'Northfield Innovation Center',
    slug: 'northfield',
    location: { _type: 'geopoint', lat: 39.75, lng: -104.99 },
  });
  const guideZoned = schoolWith({
    _id: 'g',
    title: 'Career Elevation Guide',
    slug: 'career',
    attendanceZipCodes: ['80210'],
  });
  const guideElsewhere = schoolWith({
    _id: 'h',
    title: 'Far Innovation Center',
    slug: 'far-ic',
    attendanceZipCodes: ['80127'],
  });
  const facts = [lincoln, open, far, other, centre, guideZoned, guideElsewhere].map((s) => schoolFacts(s, NOW)!);
  const cards = [
    card('lincoln-middle', 'Lincoln'),
    card('charter', 'Charter'),
    card('far', 'Far'),
    card('other', 'Other zone'),
    card('northfield', 'Northfield Innovation Center'),
    card('career', 'Career Elevation Guide'),
    card('far-ic', 'Far Innovation Center'),
  ];

  test('the zoned school first, then the open ones nearest first; a school zoned elsewhere is not listed', () => {
    const [z] = zipListings([{ zip: '80210', lat: 39.74, lng: -104.98 }], cards, facts, 'en');
    assert.deepEqual(
      z!.zoned.map((s) => s.card.slug),
      ['lincoln-middle'],
    );
    assert.deepEqual(
      z!.open.map((s) => s.card.slug),
      ['charter', 'far'],
    );
    assert.match(z!.open[0]!.distance!, /^\d+\.\d mi from the center of the ZIP code$/);
    assert.equal(z!.words.zoned, 'Your zoned school');
    // The hidden-type schools this code may choose, in their own group: zoned here or open, nearest first.
    assert.deepEqual(
      z!.other.map((s) => s.card.slug),
      ['northfield', 'career'],
    );
    assert.equal(z!.words.other, 'Other programs you may choose');
    const [none] = zipListings([{ zip: '80999', lat: 39.7, lng: -105 }], cards, facts, 'es');
    assert.equal(none!.zoned.length, 0);
    assert.match(none!.words.noZoned, /Ninguna escuela/);
  });
});
