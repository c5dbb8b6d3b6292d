// A school's coming tours and open houses, each with a calendar file, and one file with them all.
// The list is made at export, so events already over are not shown (the scheduled rebuild keeps it
// current); the files are static .ics (RFC 5545) any calendar app opens, in the page's language,
// each event's named after it.
import { assetUrl } from '../../config/site.ts';
import { eventCalendarFile, schoolCalendarFile } from '../../lib/calendar/calendar-paths.ts';
import type { SchoolGlance } from '../../lib/content/types.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';

export function SchoolEvents({ glance, slug, lang }: { glance: SchoolGlance; slug: string; lang?: string }) {
  const { events, words: m } = glance;
  const { base, preview } = useSiteEnv();
  const { lang: pageLang } = useMessages();
  if (events.length === 0) return null;
  // The calendar files exist in exports only: the editors' preview lists the events without them.
  const files = !preview;
  return (
    <section className="school-events container" aria-labelledby="school-events-title">
      <h2 id="school-events-title" className="school-events__title">
        {m.events}
      </h2>
      <ul className="school-events__list">
        {events.map((e) => (
          <li key={e.key} className="school-events__item">
            <p className="school-events__name" lang={lang}>
              {e.title}
            </p>
            <p className="school-events__when">
              <time dateTime={e.start}>{e.when}</time>
            </p>
            {e.location ? (
              <p className="school-events__where" lang={lang}>
                {e.location}
              </p>
            ) : null}
            <p className="school-events__links">
              {files ? (
                <a href={assetUrl(base, eventCalendarFile(slug, e.file, pageLang))} download>
                  {m.addToCalendar}
                  <span className="visually-hidden">
                    : <span lang={lang}>{e.title}</span>
                  </span>
                </a>
              ) : null}
              {e.url ? (
                <a href={e.url}>
                  {m.details}
                  <span className="visually-hidden">
                    : <span lang={lang}>{e.title}</span>
                  </span>
                </a>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {files ? (
        <p className="school-events__all">
          <a className="button button--outline" href={assetUrl(base, schoolCalendarFile(slug, pageLang))} download>
            {m.addAllToCalendar}
          </a>
        </p>
      ) : null}
    </section>
  );
}
