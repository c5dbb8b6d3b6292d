// A school's coming tours and open houses, each with a calendar file, and one file with them all.
// The list is made at export, so events already over are not shown (the scheduled rebuild keeps it
// current); the files are static .ics (RFC 5545) any calendar app opens.
import { assetUrl } from '../../config/site.ts';
import { eventCalendarFile, schoolCalendarFile } from '../../lib/calendar-files.ts';
import type { SchoolGlance } from '../../lib/types.ts';
import { useSiteEnv } from '../../SiteEnv.tsx';

export function SchoolEvents({ glance, slug, lang }: { glance: SchoolGlance; slug: string; lang?: string }) {
  const { events, words: m } = glance;
  const { base, preview } = useSiteEnv();
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
                <a href={assetUrl(base, eventCalendarFile(slug, e.key))} download>
                  {m.addToCalendar}
                  <span className="visually-hidden">{`: ${e.title}`}</span>
                </a>
              ) : null}
              {e.url ? (
                <a href={e.url}>
                  {m.details}
                  <span className="visually-hidden">{`: ${e.title}`}</span>
                </a>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {files ? (
        <p className="school-events__all">
          <a className="button button--outline" href={assetUrl(base, schoolCalendarFile(slug))} download>
            {m.addAllToCalendar}
          </a>
        </p>
      ) : null}
    </section>
  );
}
