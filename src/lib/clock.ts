// A time of day as each language writes it, from the 24-hour "HH:MM" content holds: apart from
// the glance so the compare page can write bell times without the rest.
import type { Lang } from '../i18n/messages.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** "08:05" as the reader writes it: "8:05 AM" in English, "8:05 a. m." in Spanish. */
export function clockTime(hhmm: unknown, lang: Lang): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text(hhmm));
  if (!m) return null;
  const h = Number(m[1]);
  const hour = h % 12 === 0 ? 12 : h % 12;
  const am = h < 12;
  return lang === 'es' ? `${hour}:${m[2]} ${am ? 'a. m.' : 'p. m.'}` : `${hour}:${m[2]} ${am ? 'AM' : 'PM'}`;
}
