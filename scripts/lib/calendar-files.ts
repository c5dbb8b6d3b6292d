// The calendar files the export writes beside the pages: each school's coming tours and open houses
// (one file with all, one per event) from the schools' facts, which the export keeps for schools it
// carries over too, and each edition's application timeline as all-day events. Every file is made
// on every export from data the export holds, so an incremental export never loses one.
import { eventCalendarFile, schoolCalendarFile, timelineCalendarFile } from '../../src/lib/calendar-files.ts';
import { icsCalendarText, icsEventText, icsFile, icsKeys, type IcsEvent } from '../../src/lib/ics.ts';
import { instant } from '../../src/lib/calendar-dates.ts';
import type { LandingCopy } from '../../src/lib/landing-copy.ts';
import type { SchoolFacts } from '../../src/lib/school-facts.ts';
import { LANGS } from '../../src/i18n/messages.ts';

/** A UID no other site's event can have: the school, the event's key and a fixed domain-like suffix. */
const uid = (slug: string, key: string) => `${slug}.${key}@middle-school-guide`;

/** The content's own date for DTSTAMP (a fixed one when unknown), so unchanged events keep their bytes. */
const stampOf = (updated: string | null | undefined): string =>
  instant(updated) === null ? '2000-01-01T00:00:00.000Z' : updated!;

export function calendarFiles(
  facts: readonly SchoolFacts[],
  copies: readonly LandingCopy[],
): { path: string; contents: string }[] {
  const files: { path: string; contents: string }[] = [];
  for (const f of facts) {
    const events: IcsEvent[] = (f.events ?? []).map((e) => ({
      uid: uid(f.slug, e.key),
      title: `${e.title} (${f.title})`,
      start: e.start,
      end: e.end,
      location: e.location ?? f.address ?? null,
      url: e.url,
    }));
    if (events.length === 0) continue;
    const stamp = stampOf(f.updated);
    const texts = events.map((e) => icsEventText(e, stamp));
    files.push({ path: schoolCalendarFile(f.slug), contents: icsCalendarText(f.title, texts) });
    for (const [i, e] of (f.events ?? []).entries()) {
      files.push({ path: eventCalendarFile(f.slug, e.key), contents: icsCalendarText(f.title, [texts[i] ?? null]) });
    }
  }
  copies.forEach((copy, i) => {
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
    const stamp = `${[...copy.enrollmentTimeline].map((s) => s.date).sort()[0]}T00:00:00.000Z`;
    files.push({ path: timelineCalendarFile(lang), contents: icsFile({ name: copy.headline, stamp, events }) });
  });
  return files;
}
