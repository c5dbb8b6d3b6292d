// Where the export writes the calendar files the pages link to, relative to the asset base, in
// each edition's words (the Spanish ones under es/): one per school with all its coming tours and
// open houses, one per event, and one per edition with the district's application dates.
// An event's file sits in its school's folder (which holds the page for old deep links anyway) and
// is named after the event and its day ("open-house-2027-01-12.ics"), so the file a family
// downloads says what it is: a folder per school under calendar/ cost the export a thousand more
// folders at 1000 schools.
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';
import { labelToken } from '../facts/vocabulary.ts';

export const CALENDAR_DIR = 'calendar';

const edition = (lang: Lang): string => (lang === DEFAULT_LANG ? '' : `${lang}/`);

/** A school's tours and open houses, all in one file. */
export const schoolCalendarFile = (slug: string, lang: Lang = DEFAULT_LANG): string =>
  `${edition(lang)}${CALENDAR_DIR}/${encodeURIComponent(slug)}.ics`;

/** One event of a school; `name` from eventFileNames. */
export const eventCalendarFile = (slug: string, name: string, lang: Lang = DEFAULT_LANG): string =>
  `${edition(lang)}schools/${encodeURIComponent(slug)}/${name}.ics`;

/** The application timeline of an edition. */
export const timelineCalendarFile = (lang: Lang): string =>
  `${CALENDAR_DIR}/how-to-apply${lang === DEFAULT_LANG ? '' : `-${lang}`}.ics`;

const days = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in the district's time zone. */
function dayIn(iso: string, timeZone: string): string {
  let f = days.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    days.set(timeZone, f);
  }
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 'undated' : f.format(t);
}

/**
 * Each event's file name: its title's letters and digits and its day in the district's time zone
 * ("open-house-2027-01-12"), unique within the school (a second one on the day gets "-2"). Only
 * ASCII letters, digits and '-' stay, so the name is the same on every host and disk.
 */
export function eventFileNames(events: readonly { title: string; start: string }[], timeZone: string): string[] {
  const seen = new Set<string>();
  return events.map((e) => {
    const words = labelToken(e.title, 48)
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    const base = `${words || 'event'}-${dayIn(e.start, timeZone)}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}-${n}`;
    seen.add(name);
    return name;
  });
}
