// Dates typed by editors, checked once before a page or a calendar file is made from them. JavaScript
// reads `2027-02-30` as March 2, which a page then shows as one date while its `<time datetime>`
// and its .ics say another that does not exist (invalid HTML, an invalid DATE); and an instant in
// year 275760 parses but cannot be written back (toISOString throws), which took the whole school
// page down. A date here is a real day of a four-digit year, as HTML and RFC 5545 write them; an
// event with anything else is left out on its own.

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The first and last instants a page or calendar writes: years 1000 to 9999. */
const EARLIEST = Date.UTC(1000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** True when `y-m-d` is a day of the calendar (no 30 February, no month 13). */
function realDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A `YYYY-MM-DD` date that exists, as given; null for anything else. */
export function calendarDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [, y, m, d] = DAY.exec(value)!.map(Number) as [number, number, number, number];
  return y >= 1000 && realDay(y, m, d) ? value : null;
}

/**
 * The milliseconds of an ISO date-time, or null when it is none, names a day that does not exist,
 * or lies outside years 1000–9999 (with `marginMs` left before the end, for an event's duration).
 */
export function instant(value: unknown, marginMs = 0): number | null {
  if (typeof value !== 'string') return null;
  const day = DAY.exec(value.trim());
  if (!day || Number(day[1]) < 1000 || !realDay(Number(day[1]), Number(day[2]), Number(day[3]))) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) || ms < EARLIEST || ms > LATEST - marginMs ? null : ms;
}
