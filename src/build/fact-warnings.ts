// Which facts of a school the export leaves off or shows otherwise than written: a bell time that
// is not HH:MM, a zoned ZIP code that is not five digits, an event without a title or a valid
// start, an end not after its start (shown as one hour), an address that is not http(s), a count
// that is not a whole number. Each is a warning naming the document and the field, so the editor
// finds it in the Studio, whose validation applies the same rules (fact-rules.ts). The words of a
// kind are fixed and the value found comes last, in parentheses, so a report can group them.
import { isValidLocation } from '../lib/family-tools/distance.ts';
import { clockTimeOf, eventSpan, isZipCode } from '../lib/facts/fact-rules.ts';
import { safeHttpUrl } from '../lib/links.ts';
import { showInvisible } from '../lib/slug.ts';
import { quoted } from './warning-text.ts';
import type { Warning } from '../lib/warn.ts';

type Doc = Record<string, unknown>;

const obj = (v: unknown): Doc | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : null);
/** Absent as far as the page is concerned: nothing to warn about. */
const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const keyed = (d: unknown, i: number): string => {
  const key = obj(d)?._key;
  return typeof key === 'string' ? `[_key==${JSON.stringify(key)}]` : `[${i}]`;
};

const LEFT_OFF = 'left off the page';
const ONE_HOUR = 'the event is shown as one hour long';
const EVENT_LEFT_OFF = 'the event is left off the page';

/** Checks one document's facts, adding a warning for each one dropped or changed. */
type Check = (doc: Doc, add: (field: string, problem: string, value?: unknown) => void) => void;

const textFacts =
  (...fields: string[]): Check =>
  (doc, add) => {
    for (const f of fields) if (!isBlank(doc[f]) && typeof doc[f] !== 'string') add(f, `not text: ${LEFT_OFF}`, doc[f]);
  };

const supportPrograms: Check = (doc, add) => {
  const list = doc.supportPrograms;
  if (isBlank(list)) return;
  if (!Array.isArray(list)) add('supportPrograms', `not a list: ${LEFT_OFF}`, list);
  else
    list.forEach((p, i) => {
      if (!isBlank(p) && typeof p !== 'string') add(`supportPrograms[${i}]`, 'not text: left out of the list', p);
    });
};

type Found = [field: string, problem: string, ...value: unknown[]];

/** What the page makes of one event: left off (title, start), shown an hour long (end), not linked (url). */
function eventFindings(raw: unknown, at: string): Found[] {
  const e = obj(raw);
  if (!e) return [[at, `not an event: ${LEFT_OFF}`, raw]];
  if (isBlank(e.title)) return [[`${at}.title`, `missing: ${EVENT_LEFT_OFF}`]];
  if (typeof e.title !== 'string') return [[`${at}.title`, `not text: ${EVENT_LEFT_OFF}`, e.title]];
  const span = eventSpan(e);
  if (!span)
    return [
      isBlank(e.start)
        ? [`${at}.start`, `missing: ${EVENT_LEFT_OFF}`]
        : [`${at}.start`, `not a date and time: ${EVENT_LEFT_OFF}`, e.start],
    ];
  const found: Found[] = [];
  if (span.endProblem === 'not a date') found.push([`${at}.end`, `not a date and time: ${ONE_HOUR}`, e.end]);
  if (span.endProblem === 'not after start') found.push([`${at}.end`, `not after its start: ${ONE_HOUR}`, e.end]);
  if (!isBlank(e.url) && !safeHttpUrl(e.url)) found.push([`${at}.url`, 'not an http(s) address: not linked', e.url]);
  return found;
}

const events: Check = (doc, add) => {
  const list = doc.events;
  if (isBlank(list)) return;
  if (!Array.isArray(list)) add('events', `not a list: ${LEFT_OFF}`, list);
  else
    for (const [i, raw] of list.entries())
      for (const found of eventFindings(raw, `events${keyed(raw, i)}`)) add(...found);
};

/** A count the page shows: a whole number of at least 0 (a fraction is rounded). */
const count = (v: unknown, field: string, dropped: string, add: Parameters<Check>[1]) => {
  if (isBlank(v)) return;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) add(field, `not a number of at least 0: ${dropped}`, v);
  else if (!Number.isInteger(v)) add(field, `not a whole number: shown rounded`, v);
};

/** The English school's own facts: the ones a translation does not carry. */
const ownFacts: Check = (doc, add) => {
  if (!isBlank(doc.website) && !safeHttpUrl(doc.website))
    add('website', `not an http(s) address: ${LEFT_OFF}`, doc.website);
  count(doc.enrollment, 'enrollment', LEFT_OFF, add);
  const bell = obj(doc.bellTimes) ?? {};
  for (const f of ['start', 'end'])
    if (!isBlank(bell[f]) && !clockTimeOf(bell[f]))
      add(`bellTimes.${f}`, `not a 24-hour time HH:MM: ${LEFT_OFF}`, bell[f]);
  const adm = obj(doc.admissions) ?? {};
  const line = 'the admissions line is left off the page';
  count(adm.seats, 'admissions.seats', line, add);
  count(adm.applicants, 'admissions.applicants', line, add);
  count(adm.year, 'admissions.year', 'left out', add);
  if (isBlank(adm.seats) !== isBlank(adm.applicants)) {
    const missing = isBlank(adm.seats) ? 'seats' : 'applicants';
    add(`admissions.${missing}`, `missing: ${line} (it needs seats and applicants)`);
  }
  const zips = doc.attendanceZipCodes;
  if (!isBlank(zips) && !Array.isArray(zips)) add('attendanceZipCodes', `not a list: ${LEFT_OFF}`, zips);
  if (Array.isArray(zips))
    zips.forEach((z, i) => {
      if (!isBlank(z) && !isZipCode(z))
        add(`attendanceZipCodes[${i}]`, 'not a five-digit ZIP code: left out of the zoned ZIP codes', z);
    });
  if (!isBlank(doc.location) && !isValidLocation(doc.location))
    add('location', 'not a latitude and longitude: no distance is shown', doc.location);
};

/** The facts a school's translation carries of its own (src/lib/content/queries.ts translatedSchoolFields). */
const TRANSLATED: Check[] = [textFacts('transportation', 'beforeAfterCare'), supportPrograms, events];

function notesOf(doc: Doc, checks: Check[]): Warning[] {
  const document = typeof doc._id === 'string' ? doc._id : '(no _id)';
  const id = showInvisible(JSON.stringify(document));
  const notes: Warning[] = [];
  for (const check of checks)
    check(doc, (field, problem, ...value) =>
      notes.push({
        kind: 'fact-changed',
        type: 'school',
        document,
        field,
        message: `school ${id}: field ${field}: ${problem}${value.length ? ` (${quoted(value[0])})` : ''}`,
      }),
    );
  return notes;
}

/**
 * Every fact of a school, and of its translations (`translations[].doc`, as the school query reads
 * them), that its pages leave off or show otherwise than written, as warnings.
 */
export function factNotes(school: Doc | { _id?: unknown }): Warning[] {
  const s = school as Doc;
  const translations = Array.isArray(s.translations) ? s.translations : [];
  return [
    ...notesOf(s, [textFacts('grades'), ownFacts, ...TRANSLATED]),
    ...translations.flatMap((t) => {
      const doc = obj(obj(t)?.doc);
      return doc ? notesOf(doc, TRANSLATED) : [];
    }),
  ];
}
