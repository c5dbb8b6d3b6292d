// A time of day as each language writes it, from the 24-hour "HH:MM" content holds: apart from
// the glance so the compare page can write bell times without the rest.
import type { Lang } from '../../i18n/messages.ts';

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

// One formatter per time zone: making one costs far more than using it.
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** "17:30": the hour and minute of `at` in `timeZone`, 24-hour, for clockTime. */
export function zoneHHMM(at: Date, timeZone: string): string {
  let f = zoneClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zoneClocks.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}`;
}

/** The time of `at` in `timeZone` as the page's language writes it ("5:30 PM", "5:30 p. m."). */
export const clockTimeIn = (at: Date, timeZone: string, lang: Lang): string =>
  clockTime(zoneHHMM(at, timeZone), lang) ?? '';
