// A school "at a glance" and its coming tours and open houses, as one edition shows them: only the
// facts the school has, each already written for the reader (bell times as "8:05 AM", dates in the
// district's time zone), so the page renders plain strings and its hydration cannot disagree with
// the export over a clock or a locale. Pure; the export and the preview server call it.
import type { Lang } from '../i18n/messages.ts';
import { FAMILY_WORDS } from '../i18n/family/index.ts';
import { safeHttpUrl } from './links.ts';
import { clockTime } from './clock.ts';
import { instant } from './calendar-dates.ts';

export { clockTime };
import type { GlanceRow, SchoolGlance, School } from './types.ts';

export type { GlanceEvent, GlanceRow, SchoolGlance } from './types.ts';

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

/** An event without a valid end after its start lasts an hour. */
const DEFAULT_DURATION_MS = 3_600_000;

/**
 * Valid events, with an end, not yet over at `now`, soonest first. An event whose start is not a
 * date a page and a calendar can write (calendar-dates.ts) is left out, alone.
 */
export function upcomingEvents(events: unknown, now: number): (EventInput & { start: string; end: string })[] {
  if (!Array.isArray(events)) return [];
  return events
    .map((e) => obj(e) as EventInput)
    .flatMap((e) => {
      const startMs = instant(text(e.start), DEFAULT_DURATION_MS);
      if (text(e.title) === '' || startMs === null) return [];
      const endMs = instant(text(e.end));
      const end = endMs === null || endMs <= startMs ? startMs + DEFAULT_DURATION_MS : endMs;
      return [{ ...e, start: new Date(startMs).toISOString(), end: new Date(end).toISOString() }];
    })
    .filter((e) => Date.parse(e.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start));
}

// Making a formatter costs far more than using one, and an export writes every school's events
// in two languages with the same two: one pair per locale and time zone.
const formatterPairs = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formatters(locale: string, timeZone: string) {
  const key = `${locale}\0${timeZone}`;
  let pair = formatterPairs.get(key);
  if (!pair) {
    pair = {
      day: new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    formatterPairs.set(key, pair);
  }
  return pair;
}

/** An event's date and time in the district's time zone, for the reader's language. */
export function eventWhen(start: string, end: string, locale: string, timeZone: string): string {
  const { day, time } = formatters(locale, timeZone);
  const s = new Date(start);
  const e = new Date(end);
  // Intl writes a narrow no-break space in times: a plain space reads the same everywhere.
  const plain = (t: string) => t.replace(/[\u202f\u00a0]/g, ' ');
  const [startDay, endDay] = [day.format(s), day.format(e)];
  return plain(
    startDay === endDay
      ? `${startDay}, ${time.format(s)} – ${time.format(e)}`
      : `${startDay}, ${time.format(s)} – ${endDay}, ${time.format(e)}`,
  );
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

/** The school's facts and coming events for one edition; empty lists when it has none. */
export function schoolGlance(school: School, opts: GlanceOptions): SchoolGlance {
  const g = FAMILY_WORDS[opts.lang].glance;
  const s = school as School & Record<string, unknown>;
  const rows: GlanceRow[] = [];
  const add = (row: GlanceRow | null) => {
    if (row && (row.value || row.items?.length)) rows.push(row);
  };
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
  add({ key: 'transportation', label: g.transportation, value: text(s.transportation) });
  add({ key: 'beforeAfterCare', label: g.care, value: text(s.beforeAfterCare) });
  const support = Array.isArray(s.supportPrograms) ? [...new Set(s.supportPrograms.map(text).filter(Boolean))] : [];
  add(support.length ? { key: 'supportPrograms', label: g.support, value: support.join(', '), items: support } : null);
  const adm = obj(s.admissions);
  const [seats, applicants] = [count(adm.seats), count(adm.applicants)];
  add(
    seats !== null && applicants !== null
      ? { key: 'admissions', label: g.admissionsLabel, value: g.lastYear(seats, applicants) }
      : null,
  );
  const events = upcomingEvents(s.events, opts.now).map((e, i) => ({
    key: text(e._key) || `event-${i + 1}`,
    title: text(e.title),
    when: eventWhen(e.start, e.end, opts.locale, opts.timeZone),
    start: e.start,
    location: text(e.location) || null,
    url: safeHttpUrl(e.url),
  }));
  const { heading, mapNote, events: eventsHeading, addToCalendar, addAllToCalendar, details } = g;
  return { rows, events, words: { heading, mapNote, events: eventsHeading, addToCalendar, addAllToCalendar, details } };
}
