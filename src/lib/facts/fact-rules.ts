// What a school's facts must be for the site to show them as written: one rule for the Studio's
// validation (studio/src/schemaTypes/objects/schoolFacts.ts), the export's mapping (school-facts.ts,
// school-glance.ts) and the export's warnings (fact-warnings.ts), so what an editor is stopped from
// publishing is exactly what the export would otherwise drop or change.

import { instant } from '../calendar/calendar-dates.ts';

/** A 24-hour time of day as content holds it: "08:05", "15:20". */
export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A ZIP code: five digits. */
export const ZIP_CODE = /^\d{5}$/;

/** How long an event is shown to last when it has no usable end. */
export const DEFAULT_EVENT_MS = 3_600_000;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The time as content holds it ("08:05"), or null when it is not one. */
export const clockTimeOf = (v: unknown): string | null => (CLOCK_TIME.test(text(v)) ? text(v) : null);

export const isZipCode = (v: unknown): v is string => typeof v === 'string' && ZIP_CODE.test(v.trim());

/** Why an event's end is not used: none given (the usual one hour), not a date, or not after the start. */
export type EndProblem = 'none' | 'not a date' | 'not after start' | null;

/** An event's instants (ms) as the site shows it; null without a valid start (the event is left off). */
export interface EventSpan {
  start: number;
  end: number;
  /** Why the end shown is the start plus DEFAULT_EVENT_MS; null when it is the end given. */
  endProblem: EndProblem;
}

export function eventSpan(e: { start?: unknown; end?: unknown }): EventSpan | null {
  // A date a page and a calendar can write (calendar-dates.ts): no 30 February, no year 275760.
  const start = instant(text(e.start), DEFAULT_EVENT_MS);
  if (start === null) return null;
  const none = e.end === undefined || e.end === null || (typeof e.end === 'string' && e.end.trim() === '');
  const end = instant(text(e.end));
  const endProblem: EndProblem = none ? 'none' : end === null ? 'not a date' : end <= start ? 'not after start' : null;
  return { start, end: endProblem === null && end !== null ? end : start + DEFAULT_EVENT_MS, endProblem };
}
