// Where the export writes the calendar files the pages link to, relative to the asset base: one per
// school with all its coming tours and open houses, one per event, and one per edition with the
// district's application dates. Names come from slugs and content keys already safe as path parts.
// An event's file sits in its school's folder (which holds the page for old deep links anyway):
// a folder per school under calendar/ cost the export a thousand more folders at 1000 schools.
import type { Lang } from '../i18n/messages.ts';

export const CALENDAR_DIR = 'calendar';

/** A school's tours and open houses, all in one file. */
export const schoolCalendarFile = (slug: string): string => `${CALENDAR_DIR}/${encodeURIComponent(slug)}.ics`;

/** One event of a school. */
export const eventCalendarFile = (slug: string, key: string): string =>
  `schools/${encodeURIComponent(slug)}/${key}.ics`;

/** The application timeline of an edition. */
export const timelineCalendarFile = (lang: Lang): string =>
  `${CALENDAR_DIR}/how-to-apply${lang === 'en' ? '' : `-${lang}`}.ics`;
