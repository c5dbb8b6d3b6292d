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

describe('the Studio refuses an address another school had first, regardless of case', () => {
  const sample = readDocs('content/sample');
  const slugFindings = async (docs: SanityDocument[], dataset: SanityDocument[]) =>
    (await findings(docs, dataset)).filter((f) => / \.slug: /.test(f));
  const bluebell = byId('school-bluebell');
  /** Typed in the Studio: a draft with its own creation date and `Bluebell` as its address. */
  const annex = {
    ...bluebell,
    _id: 'drafts.0d6e8f2a-annex',
    _createdAt: '2026-05-04T09:30:00Z',
    title: 'Bluebell Annex',
    slug: { _type: 'slug', current: 'Bluebell' },
  } as SanityDocument;
  /** Written straight into the dataset: the exact address and no creation date. */
  const { _createdAt: _, ...undated } = bluebell;
  const copy = { ...undated, _id: 'bluebell-copy', title: 'Bluebell (copy)' } as unknown as SanityDocument;

  test('Riverbend: "Bluebell Annex" at `Bluebell` and a copy at `bluebell` are refused, naming the school', async () => {
    const dataset = [...district, annex, copy];
    assert.deepEqual(await slugFindings([annex, copy, bluebell], dataset), [
      'error bluebell-copy .slug: “Bluebell Middle School” already has this address; choose another',
      'error drafts.0d6e8f2a-annex .slug: “Bluebell Middle School” already has this address (as “bluebell”: capitals do not make another address); choose another',
      // The established school is told, not stopped: it keeps its page and its edits publish.
      'warning school-bluebell .slug: “Bluebell Annex” (“Bluebell”), “Bluebell (copy)” (“bluebell”) also claims this address; this school, created first, keeps the page',
    ]);
  });

  test('Riverbend: the school with its own draft beside it, and no other claim, has nothing to fix', async () => {
    const draft = { ...bluebell, _id: 'drafts.school-bluebell', subtitle: 'edited' } as SanityDocument;
    assert.deepEqual(await slugFindings([bluebell, draft], [...district, draft]), []);
  });

  test('created at the same time: both are refused, as nothing tells which keeps it', async () => {
    const twin = {
      ...bluebell,
      _id: 'school-bluebell-twin',
      title: 'Bluebell Twin',
      slug: { _type: 'slug', current: 'BLUEBELL' },
    } as SanityDocument;
    assert.deepEqual(await slugFindings([twin, bluebell], [...district, twin]), [
      'error school-bluebell .slug: “Bluebell Twin” has this address too (as “BLUEBELL”: capitals do not make another address), and neither was created first; choose another',
      'error school-bluebell-twin .slug: “Bluebell Middle School” has this address too (as “bluebell”: capitals do not make another address), and neither was created first; choose another',
    ]);
  });

  test('the sample: a later look-alike of an English school is refused; a translation carrying the slug is not', async () => {
    const aspen = sample.find((d) => d._id === 'school-aspen-ridge')!;
    const lookalike = {
      ...aspen,
      _id: 'school-aspen-2',
      _createdAt: '2026-01-01T00:00:00Z',
      slug: { _type: 'slug', current: 'Aspen-Ridge' },
    } as SanityDocument;
    // An older translation, copied with its English school's slug: its address is the English school's.
    const spanish = sample.find((d) => d._id === 'school-aspen-ridge__i18n_es')!;
    const copied = { ...spanish, slug: { _type: 'slug', current: 'aspen-ridge' } } as SanityDocument;
    const dataset = [...sample.filter((d) => d._id !== spanish._id), lookalike, copied];
    assert.deepEqual(await slugFindings([lookalike, copied, aspen], dataset), [
      'error school-aspen-2 .slug: “Aspen Ridge Middle School” already has this address (as “aspen-ridge”: capitals do not make another address); choose another',
      'warning school-aspen-ridge .slug: “Aspen Ridge Middle School” (“Aspen-Ridge”) also claims this address; this school, created first, keeps the page',
    ]);
  });
});
