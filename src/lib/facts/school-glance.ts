// A school "at a glance" and its coming tours and open houses, as one edition shows them: only the
// facts the school has, each already written for the reader (bell times as "8:05 AM", dates in the
// district's time zone), so the page renders plain strings and its hydration cannot disagree with
// the export over a clock or a locale. Pure; the export and the preview server call it.
import type { Lang } from '../../i18n/messages.ts';
import { FAMILY_WORDS } from '../../i18n/family/index.ts';
import { safeHttpUrl } from '../links.ts';
import { clockTime, clockTimeIn } from './clock.ts';
import { eventSpan } from './fact-rules.ts';

export { clockTime };
import type { GlanceRow, GlanceText, SchoolGlance, School } from '../content/types.ts';
import { fallbackLang } from '../content/localize.ts';
import { prioritiesOf, resultsOf, supportOf } from './school-terms.ts';
import { eventFileNames } from '../calendar/calendar-paths.ts';

export type { GlanceEvent, GlanceResult, GlanceRow, GlanceText, SchoolGlance } from '../content/types.ts';

/** An event as content holds it (school.events[]). */
export interface EventInput {
  _key?: unknown;
  title?: unknown;
  start?: unknown;
  end?: unknown;
  location?: unknown;
  url?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The one-line address, or '' when the school has none. */
export function addressLine(address: unknown): string {
  const a = obj(address);
  const cityLine = [text(a.city), [text(a.state), text(a.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [text(a.street), cityLine].filter(Boolean).join(', ');
}

/** A phone number as a tel: link (digits and a leading +), or null when it has too few digits. */
export function telHref(phone: unknown): string | null {
  const digits = text(phone).replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
}

/** A map search for the address (a link families open on their phone's map). */
export const mapHref = (line: string): string =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(line)}`;

/** Valid events, with an end, not yet over at `now`, soonest first (the rules: fact-rules.ts eventSpan). */
export function upcomingEvents(events: unknown, now: number): (EventInput & { start: string; end: string })[] {
  if (!Array.isArray(events)) return [];
  return events
    .map((e) => obj(e) as EventInput)
    .flatMap((e) => {
      const span = text(e.title) === '' ? null : eventSpan(e);
      return span ? [{ ...e, start: new Date(span.start).toISOString(), end: new Date(span.end).toISOString() }] : [];
    })
    .filter((e) => Date.parse(e.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start));
}

// Making a formatter costs far more than using one, and an export writes every school's events
// in two languages with the same ones: one per locale and time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}\0${timeZone}`;
  let day = dayFormats.get(key);
  if (!day) {
    day = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    dayFormats.set(key, day);
  }
  return day;
}

/**
 * An event's date and time in the district's time zone, for the reader's language: the date as the
 * locale writes it, the times as clockTime does everywhere on the site ("5:30 PM", "5:30 p. m."),
 * so one page never writes a time two ways.
 */
export function eventWhen(start: string, end: string, locale: string, timeZone: string, lang: Lang = 'en'): string {
  const day = dayFormat(locale, timeZone);
  const s = new Date(start);
  const e = new Date(end);
  const at = (d: Date) => clockTimeIn(d, timeZone, lang);
  const [startDay, endDay] = [day.format(s), day.format(e)];
  return startDay === endDay ? `${startDay}, ${at(s)} – ${at(e)}` : `${startDay}, ${at(s)} – ${endDay}, ${at(e)}`;
}

export interface GlanceOptions {
  lang: Lang;
  /** BCP 47 locale for dates ('en-US', 'es-US'). */
  locale: string;
  /** The time the page is made: events over by then are left off. */
  now: number;
  /** The district's time zone, for event times (IANA name). */
  timeZone: string;
}

/** The words of content in `lang`'s page: `lang` on it when it is another language. */
const said = (text: string, lang: string | undefined): GlanceText => (lang ? { text, lang } : { text });

/** Last year's admissions: the figures, then how the seats were given (priorities, lottery, wait list, the note). */
function admissionRows(school: School, opts: GlanceOptions): GlanceRow[] {
  const g = FAMILY_WORDS[opts.lang].glance;
  const adm = obj(school.admissions);
  const [seats, applicants, waitlisted] = [count(adm.seats), count(adm.applicants), count(adm.waitlisted)];
  const rows: GlanceRow[] = [];
  if (seats !== null && applicants !== null)
    rows.push({ key: 'admissions', label: g.admissionsLabel, value: g.lastYear(seats, applicants) });
  const priorities = prioritiesOf(school, opts.lang).map((t) => said(t.label, t.lang));
  const note = text(school.admissionsNote);
  const notes = [
    ...(adm.lottery === true ? [said(priorities.length ? g.thenLottery : g.lottery, undefined)] : []),
    ...(waitlisted !== null ? [said(g.waitlisted(waitlisted), undefined)] : []),
    ...(note ? [said(note, fallbackLang(school, 'admissionsNote'))] : []),
  ];
  if (priorities.length || notes.length)
    rows.push({
      key: 'admissionsHow',
      label: g.howSeats,
      value: priorities.length ? g.prioritiesIntro : '',
      ...(priorities.length ? { items: priorities, ordered: true } : {}),
      ...(notes.length ? { notes } : {}),
    });
  return rows;
}

/** The school's facts and coming events for one edition; empty lists when it has none. */
export function schoolGlance(school: School, opts: GlanceOptions): SchoolGlance {
  const g = FAMILY_WORDS[opts.lang].glance;
  const s = school as School & Record<string, unknown>;
  const rows: GlanceRow[] = [];
  const add = (row: GlanceRow | null) => {
    if (row && (row.value || row.items?.length || row.results?.length || row.notes?.length)) rows.push(row);
  };
  const own = (field: Parameters<typeof fallbackLang>[1]) => fallbackLang(school, field);
  add({ key: 'grades', label: g.grades, value: text(s.grades) });
  const enrollment = count(s.enrollment);
  add(enrollment ? { key: 'enrollment', label: g.enrollment, value: g.students(enrollment) } : null);
  const line = addressLine(s.address);
  add(line ? { key: 'address', label: g.address, value: line, href: mapHref(line) } : null);
  const phone = text(s.phone);
  add(
    phone ? { key: 'phone', label: g.phone, value: phone, ...(telHref(phone) ? { href: telHref(phone)! } : {}) } : null,
  );
  const website = safeHttpUrl(s.website);
  add(
    website
      ? {
          key: 'website',
          label: g.website,
          value: website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, ''),
          href: website,
        }
      : null,
  );
  const bell = obj(s.bellTimes);
  const [start, end] = [clockTime(bell.start, opts.lang), clockTime(bell.end, opts.lang)];
  add(start || end ? { key: 'bellTimes', label: g.bellTimes, value: [start, end].filter(Boolean).join(' – ') } : null);
  const withLang = (lang: string | undefined) => (lang ? { lang } : {});
  add({
    key: 'transportation',
    label: g.transportation,
    value: text(s.transportation),
    ...withLang(own('transportation')),
  });
  add({ key: 'beforeAfterCare', label: g.care, value: text(s.beforeAfterCare), ...withLang(own('beforeAfterCare')) });
  const support = supportOf(school, opts.lang).map((t) => said(t.label, t.lang));
  add(support.length ? { key: 'supportPrograms', label: g.support, value: '', items: support } : null);
  const results = resultsOf(school, opts.lang).map((r) => ({
    label: said(r.measure.label, r.measure.lang),
    value: r.value,
    year: r.year,
    source: said(r.source, r.sourceLang),
    sourceUrl: r.sourceUrl,
  }));
  add(results.length ? { key: 'results', label: g.results, value: '', results } : null);
  for (const row of admissionRows(school, opts)) add(row);
  const upcoming = upcomingEvents(s.events, opts.now);
  const files = eventFileNames(
    upcoming.map((e) => ({ title: text(e.title), start: e.start })),
    opts.timeZone,
  );
  const events = upcoming.map((e, i) => ({
    key: text(e._key) || `event-${i + 1}`,
    file: files[i]!,
    title: text(e.title),
    when: eventWhen(e.start, e.end, opts.locale, opts.timeZone, opts.lang),
    start: e.start,
    location: text(e.location) || null,
    url: safeHttpUrl(e.url),
  }));
  const { heading, mapNote, events: eventsHeading, addToCalendar, addAllToCalendar, details, source } = g;
  return {
    rows,
    events,
    words: { heading, mapNote, events: eventsHeading, addToCalendar, addAllToCalendar, details, source },
  };
}
