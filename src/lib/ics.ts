// Calendar files (RFC 5545) a family's calendar app opens: a school's tours and open houses, one
// event each or all together, and the district's application dates as all-day events. Pure text:
// the export writes them as static files beside the pages. Times are written in UTC, so no time
// zone table is needed; lines end in CRLF and are folded at 75 octets, as the RFC requires.

export interface IcsEvent {
  /** Stable across exports, so a calendar updates the event instead of adding it twice. */
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

/** TEXT value escaping (RFC 5545 3.3.11). */
export const icsText = (v: string): string =>
  v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** 20270112T003000Z */
export function icsUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const icsDate = (ymd: string): string => ymd.replace(/-/g, '');

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

function eventLines(e: IcsEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${icsUtc(stamp)}`];
  if (e.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${icsDate(e.start)}`, `DTEND;VALUE=DATE:${icsDate(nextDay(e.start))}`);
  } else {
    lines.push(`DTSTART:${icsUtc(e.start)}`);
    if (e.end) lines.push(`DTEND:${icsUtc(e.end)}`);
  }
  lines.push(`SUMMARY:${icsText(e.title)}`);
  if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
  if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/** One event's VEVENT lines, folded and joined: the piece a calendar holds of it (icsCalendarText). */
export const icsEventText = (e: IcsEvent, stamp: string): string => eventLines(e, stamp).map(foldLine).join('\r\n');

/**
 * A calendar's text around events written already with icsEventText: a school's events go into
 * its own calendar and one file each, and are written once for both.
 */
export function icsCalendarText(name: string, events: readonly string[]): string {
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(name)}`,
  ].map(foldLine);
  return `${[...head, ...events, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}

/** The calendar as the file's text. */
export function icsFile(cal: IcsCalendar): string {
  return icsCalendarText(
    cal.name,
    cal.events.map((e) => icsEventText(e, cal.stamp)),
  );
}
