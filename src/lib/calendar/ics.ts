// Calendar files (RFC 5545) a family's calendar app opens: a school's tours and open houses, one
// event each or all together, and the district's application dates as all-day events. Pure text:
// the export writes them as static files beside the pages. Times are written in UTC, so no time
// zone table is needed; lines end in CRLF and are folded at 75 octets, as the RFC requires.
//
// The one writer of calendar text: every property value passes through here. A timeline step's
// `_key` holding CRLF lines once added a whole event with an alarm to how-to-apply.ics, so keys are
// reduced to [A-Za-z0-9_-] (icsKeys), every text value is escaped with its control characters dropped
// (a bare CR or a NUL ends a line for some readers), URIs lose controls and spaces, and an event
// whose dates cannot be written is left out. ical-generator (10.2, the last for Node 20) writes the
// UID raw and keeps NUL and ESC; ics (3.12) keeps a bare CR and NUL in a SUMMARY and brings yup: so
// this stays ours.
import { calendarDay } from './calendar-dates.ts';

export interface IcsEvent {
  /** Stable across exports, so a calendar updates the event instead of adding it twice; built from icsKey keys. */
  uid: string;
  title: string;
  /** ISO datetimes (timed events) or YYYY-MM-DD dates (all-day events, `allDay`). */
  start: string;
  end?: string | null;
  allDay?: boolean;
  location?: string | null;
  url?: string | null;
  description?: string | null;
}

export interface IcsCalendar {
  name: string;
  /** When the events were last changed (DTSTAMP): the content's date, so the bytes stay the same between exports. */
  stamp: string;
  events: readonly IcsEvent[];
}

const PRODID = '-//Middle-school guide//Calendar//EN';
const ASCII = /^[\x00-\x7f]*$/;
/** The octets a code point takes in UTF-8. */
const utf8Size = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Control characters (C0 but tab, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]/g;

/** TEXT value (RFC 5545 3.3.11): line breaks as `\n`, `\ ; ,` escaped, every other control character dropped. */
export const icsText = (v: string): string =>
  v
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n')
    .split('\n')
    .map((line) => line.replace(CONTROLS, '').replace(/[\\;,]/g, (c) => `\\${c}`))
    .join('\\n');

/** A key as a UID or file name may hold it: letters, digits, `_` and `-` only, at most 64. */
export const icsKey = (v: string): string => v.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);

/** Keys for a list of items, each reduced (icsKey), made unique and never empty (`${prefix}-n`). */
export function icsKeys(raw: readonly unknown[], prefix: string): string[] {
  const seen = new Set<string>();
  return raw.map((v, i) => {
    let key = icsKey(typeof v === 'string' ? v : '') || `${prefix}-${i + 1}`;
    while (seen.has(key)) key = `${key}-${i + 1}`;
    seen.add(key);
    return key;
  });
}

/** A URI value: no control character, no space (a link from content that passed the allow-list). */
const icsUri = (v: string): string => v.replace(CONTROLS, '').replace(/[\t ]/g, '%20');

/** 20270112T003000Z, or null when the instant cannot be written (not a date, or not a four-digit year). */
export function icsUtc(iso: string): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const text = new Date(ms).toISOString();
  return /^\d{4}-/.test(text) ? text.replace(/[-:]/g, '').replace(/\.\d{3}/, '') : null;
}

/** 20270112, or null when the day does not exist. */
const icsDate = (ymd: string): string | null => (calendarDay(ymd) === null ? null : ymd.replace(/-/g, ''));

/** The day after a YYYY-MM-DD date (an all-day event's exclusive end). */
const nextDay = (ymd: string): string => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Folds a content line to 75 octets per line (continuations start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  // Nearly every line is short ASCII: one octet per character, nothing to fold.
  if (line.length <= 75 && ASCII.test(line)) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Size(ch.codePointAt(0)!);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The dates of an event as properties, or null when one cannot be written. */
function dateLines(e: IcsEvent): string[] | null {
  if (e.allDay) {
    const [start, end] = [icsDate(e.start), calendarDay(e.start) && icsDate(nextDay(e.start))];
    return start && end ? [`DTSTART;VALUE=DATE:${start}`, `DTEND;VALUE=DATE:${end}`] : null;
  }
  const start = icsUtc(e.start);
  const end = e.end ? icsUtc(e.end) : null;
  if (!start || (e.end && !end)) return null;
  return [`DTSTART:${start}`, ...(end ? [`DTEND:${end}`] : [])];
}

function eventLines(e: IcsEvent, stamp: string): string[] | null {
  const dates = dateLines(e);
  const dtstamp = icsUtc(stamp);
  if (!dates || !dtstamp) return null;
  const lines = ['BEGIN:VEVENT', `UID:${icsText(e.uid)}`, `DTSTAMP:${dtstamp}`, ...dates];
  lines.push(`SUMMARY:${icsText(e.title)}`);
  if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
  if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
  if (e.url) lines.push(`URL:${icsUri(e.url)}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * One event's VEVENT lines, folded and joined: the piece a calendar holds of it (icsCalendarText);
 * null when its dates cannot be written (the callers checked them already: calendar-dates.ts).
 */
export const icsEventText = (e: IcsEvent, stamp: string): string | null =>
  eventLines(e, stamp)?.map(foldLine).join('\r\n') ?? null;

/**
 * A calendar's text around events written already with icsEventText: a school's events go into
 * its own calendar and one file each, and are written once for both.
 */
export function icsCalendarText(name: string, events: readonly (string | null)[]): string {
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(name)}`,
  ].map(foldLine);
  const written = events.filter((e): e is string => e !== null);
  return `${[...head, ...written, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}

/** The calendar as the file's text. */
export function icsFile(cal: IcsCalendar): string {
  return icsCalendarText(
    cal.name,
    cal.events.map((e) => icsEventText(e, cal.stamp)),
  );
}
