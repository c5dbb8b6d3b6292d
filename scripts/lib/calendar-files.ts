// The calendar files the export writes beside the pages, in each edition's words: each school's
// coming tours and open houses (one file with all, one per event, named after it) from the
// schools' facts, which the export keeps for schools it carries over too, and each edition's
// application timeline as all-day events. Every file is made on every export from data the export
// holds, so an incremental export never loses one.
import {
  eventCalendarFile,
  eventFileNames,
  schoolCalendarFile,
  timelineCalendarFile,
} from '../../src/lib/calendar/calendar-paths.ts';
import { icsCalendarText, icsEventText, icsFile, icsKeys, type IcsEvent } from '../../src/lib/calendar/ics.ts';
import { instant } from '../../src/lib/calendar/calendar-dates.ts';
import type { LandingCopy } from '../../src/lib/content/landing-copy.ts';
import { factsIn, type SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import { LANGS } from '../../src/i18n/messages.ts';
import { FAMILY_WORDS } from '../../src/i18n/family/index.ts';
import { DEFAULT_TIME_ZONE } from '../../src/config/site.ts';

/** A UID no other site's event can have: the school, the event's key and a fixed domain-like suffix. */
const uid = (slug: string, key: string) => `${slug}.${key}@middle-school-guide`;

/**
 * DTSTAMP: the content's own date, so unchanged events keep their bytes from export to export, but
 * never later than the export (a date typed into a dataset by hand may be) and, without one, the
 * export's time itself (RFC 5545: when the calendar object was made).
 */
function stampOf(updated: string | null | undefined, now: number): string {
  const t = instant(updated);
  return new Date(t === null || t > now ? now : t).toISOString();
}

/**
 * Where an event is, as a calendar app can find it: its location with the school's address, the
 * street left out when the location names it already ("Front office, 1200 Lincoln Avenue" →
 * "…, 1200 Lincoln Avenue, Cedar Valley, CO 80210"); the address alone without a location.
 */
export function eventLocation(location: string | null, address: string | null, street: string | null): string | null {
  if (!address) return location;
  if (!location) return address;
  const where = location.toLowerCase();
  if (where.includes(address.toLowerCase())) return location;
  if (street && where.includes(street.toLowerCase())) {
    const rest = address.toLowerCase().startsWith(street.toLowerCase())
      ? address.slice(street.length).replace(/^[\s,]+/, '')
      : address;
    return rest ? `${location}, ${rest}` : location;
  }
  return `${location}, ${address}`;
}

function schoolFiles(f: SchoolFacts, lang: (typeof LANGS)[number], now: number, timeZone: string) {
  const events: IcsEvent[] = (f.events ?? []).map((e) => ({
    uid: uid(f.slug, e.key),
    title: `${e.title} (${f.title})`,
    start: e.start,
    end: e.end,
    location: eventLocation(e.location, f.address ?? null, f.street ?? null),
    url: e.url,
  }));
  if (events.length === 0) return [];
  const stamp = stampOf(f.updated, now);
  const texts = events.map((e) => icsEventText(e, stamp));
  const name = `${f.title}: ${FAMILY_WORDS[lang].glance.events}`;
  const names = eventFileNames(f.events ?? [], timeZone);
  return [
    { path: schoolCalendarFile(f.slug, lang), contents: icsCalendarText(name, texts) },
    ...(f.events ?? []).map((e, i) => ({
      path: eventCalendarFile(f.slug, names[i]!, lang),
      contents: icsCalendarText(`${e.title} (${f.title})`, [texts[i] ?? null]),
    })),
  ];
}

/** An edition's application timeline and when its landing page document last changed (DTSTAMP). */
export interface Timeline {
  copy: LandingCopy;
  updated: string | null;
}

export function calendarFiles(
  facts: readonly SchoolFacts[],
  timelines: readonly Timeline[],
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): { path: string; contents: string }[] {
  const files: { path: string; contents: string }[] = [];
  for (const lang of LANGS) for (const f of facts) files.push(...schoolFiles(factsIn(f, lang), lang, now, timeZone));
  timelines.forEach(({ copy, updated }, i) => {
    const lang = LANGS[i]!;
    if (copy.enrollmentTimeline.length === 0) return;
    // Keys from content, reduced: a `_key` holding CRLF lines once added an event of its own.
    const keys = icsKeys(
      copy.enrollmentTimeline.map((s) => s.key),
      'step',
    );
    const events: IcsEvent[] = copy.enrollmentTimeline.map((s, i) => ({
      uid: `how-to-apply.${keys[i]}.${lang}@middle-school-guide`,
      title: s.title,
      start: s.date,
      allDay: true,
      description: s.description || null,
    }));
    const stamp = stampOf(updated, now);
    files.push({ path: timelineCalendarFile(lang), contents: icsFile({ name: copy.headline, stamp, events }) });
  });
  return files;
}
