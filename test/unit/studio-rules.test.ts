// The Studio's rules where the data has them, through Sanity's own validateDocument as the editor
// meets them when publishing: on Riverbend (a district that is not ours, whose facts break the
// rules) the malformed bell time, the event ending before it starts and the ZIP code "8021X" are
// errors, and a school following the rules has none of them; the sample's deliberate faults are
// test/unit/sample-validation.test.ts's.
import { strict as assert } from 'node:assert';
import { before, describe, test } from 'node:test';
import type { SanityDocument } from 'sanity';
import { findings, readDocs } from './helpers/studio-validation.ts';

const district = readDocs('test/fixtures/district');
const byId = (id: string) => district.find((d) => d._id === id)!;
/** The findings about the facts (the fixture's older images and blocks have their own). */
const FACT_FIELDS = /^\S+ \S+ \.(address|bellTimes|events|enrollment|admissions|attendanceZipCodes|website)\b/;
const factFindings = async (docs: SanityDocument[]) =>
  (await findings(docs, district)).filter((f) => FACT_FIELDS.test(f));

describe('the Studio checks the facts the export would drop or change', () => {
  let found: string[] = [];
  before(
    async () => {
      found = await factFindings(district.filter((d) => d._type === 'school'));
    },
    { timeout: 120_000 },
  );

  test('Riverbend: the bell time "8:5", the event ending before it starts and the ZIP code "8021X"', () => {
    assert.deepEqual(found, [
      'error school-cypress .bellTimes.start: Use HH:MM, 24-hour, e.g. 08:05',
      'error school-cypress .events[_key=cypresstour].end: The event must end after it starts: set a later end, or none for one hour',
      'error school-elm .address.zip: A five-digit ZIP code, e.g. 80211',
    ]);
  });

  test('what the page needs of an event, a count and a ZIP code', async () => {
    const good = byId('school-alder');
    const event = (over: Record<string, unknown>) => ({
      _key: 'k',
      _type: 'schoolEvent',
      title: 'Tour',
      start: '2027-01-20T17:00:00.000Z',
      ...over,
    });
    const school = {
      ...good,
      _id: 'school-rules',
      slug: { _type: 'slug', current: 'rules' },
      enrollment: 812.5,
      admissions: { seats: -1, applicants: 30 },
      attendanceZipCodes: ['80211', '8021'],
      events: [
        event({ _key: 'same', end: '2027-01-20T17:00:00.000Z' }),
        event({ _key: 'later', end: '2027-01-20T18:30:00.000Z' }),
        event({ _key: 'open' }),
        event({ _key: 'untitled', title: undefined }),
      ],
    } as SanityDocument;
    assert.deepEqual(await factFindings([school]), [
      'error school-rules .admissions.seats: Must be greater than or equal to 0',
      'error school-rules .attendanceZipCodes[1]: A five-digit ZIP code, e.g. 80211',
      'error school-rules .enrollment: Must be an integer',
      'error school-rules .events[_key=same].end: The event must end after it starts: set a later end, or none for one hour',
      'error school-rules .events[_key=untitled].title: Required',
    ]);
  });
});
