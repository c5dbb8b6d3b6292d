// The compare page's table: one column per school, one row per fact, from the facts file of the
// page's edition. Every fact a school page shows has its row (address, phone, grades, enrollment,
// bell times, transportation, care, support, each result measure, last year's admissions and how
// the seats were given, the next event, programs, the quote, sections, tour), each only when one
// of the compared schools has it. Content that the edition shows in English (a fact the
// translation does not give, a term without a title in the page's language) is marked lang="en"
// on its own element; the page's own words ("Nothing listed", the row names) never are.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { haversineMiles, roundMiles } from '../lib/family-tools/distance.ts';
import { safeHttpUrl } from '../lib/links.ts';
import type { FactResult, FactTerm, SchoolFacts } from '../lib/facts/school-facts.ts';
import { TOUR_HEADING } from '../lib/content/sections.ts';
import { DEFAULT_LANG, type Messages } from '../i18n/messages.ts';
import type { FactRowWords, GeoPoint } from '../lib/content/types.ts';
import { pageHref, schoolPath } from '../routes.ts';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { clockTime, clockTimeIn } from '../lib/facts/clock.ts';

/** Where distances are measured from: the visitor's position, or the centre of the ZIP code they gave. */
export interface CompareOrigin {
  point: GeoPoint;
  zip?: string;
}

/** 'en' where `field` of the school is English on this page (the translation does not give it). */
function factLang(s: SchoolFacts, field: string, pageLang: string): typeof DEFAULT_LANG | undefined {
  return pageLang !== DEFAULT_LANG && s.fallback?.includes(field) ? DEFAULT_LANG : undefined;
}

function None() {
  return <span className="compare__none">{useMessages().compare.none}</span>;
}

/** Content words in their own language, when it is not the page's. */
const Said = ({ text, lang }: { text: string; lang?: string }) => (lang ? <span lang={lang}>{text}</span> : text);

/** A list of the file's text; `own` items are the page's words (in its language), not the file's. */
function List({ items, own = [] }: { items: readonly FactTerm[]; own?: readonly string[] }) {
  if (items.length + own.length === 0) return <None />;
  return (
    <ul className="compare__list">
      {items.map((item) => (
        <li key={item.key} lang={item.lang}>
          {item.label}
        </li>
      ))}
      {own.map((item) => (
        <li key={`own:${item}`}>{item}</li>
      ))}
    </ul>
  );
}

const asTerms = (labels: readonly string[], lang?: typeof DEFAULT_LANG): FactTerm[] =>
  labels.map((label, i) => ({ key: `${i}:${label}`, label, ...(lang ? { lang } : {}) }));

/** The sections row: the tour entry (always last in the file, in English) in the page's words. */
function Sections({ school }: { school: SchoolFacts }) {
  const m = useMessages();
  const { sections } = school;
  const tourLast = !!school.tour && sections.at(-1) === TOUR_HEADING;
  const own = factLang(school, 'sections', m.lang);
  return (
    <List items={asTerms(tourLast ? sections.slice(0, -1) : sections, own)} own={tourLast ? [m.school.tours] : []} />
  );
}

function Quote({ school }: { school: SchoolFacts }) {
  const { lang } = useMessages();
  const { quote } = school;
  if (!quote) return <None />;
  const cite = [quote.student, quote.year].filter(Boolean).join(', ');
  return (
    <figure className="compare__quote" lang={factLang(school, 'quote', lang)}>
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      {cite ? <figcaption>{cite}</figcaption> : null}
    </figure>
  );
}

/** Named as on the school page ('Schedule A Tour at {title}', 'Schedule a Tour'), not by the tour's own title. */
function Tour({ school }: { school: SchoolFacts }) {
  const m = useMessages();
  const { tour } = school;
  if (!tour) return <None />;
  // The file is checked as data, the address once more as a link a visitor follows.
  const url = safeHttpUrl(tour.url);
  return (
    <>
      <span className="compare__tour-title">
        {`${m.school.scheduleTourAt} `}
        <Said text={school.title} lang={factLang(school, 'title', m.lang)} />
      </span>
      {url ? (
        <>
          {' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {m.school.scheduleTour}
            <span className="visually-hidden">{m.school.opensNewTab}</span>
          </a>
        </>
      ) : null}
    </>
  );
}

/** A school's next tour or open house: its title and when, in the district's time zone. */
function NextEvent({ school }: { school: SchoolFacts }) {
  const m = useMessages();
  const { timeZone } = useSettings();
  const next = (school.events ?? []).find((e) => Date.parse(e.end) > Date.now());
  if (!next) return <None />;
  const start = new Date(next.start);
  const day = new Intl.DateTimeFormat(m.locale, { timeZone, month: 'long', day: 'numeric' }).format(start);
  return (
    <>
      <Said text={next.title} lang={factLang(school, 'events', m.lang)} />, {day},{' '}
      {clockTimeIn(start, timeZone, m.lang)}
    </>
  );
}

/** One result: the figure, then its year and source, which always go with it. */
function Result({ result, words }: { result: FactResult | undefined; words: FactRowWords }) {
  if (!result) return <None />;
  const source = <Said text={result.source} lang={result.sourceLang} />;
  return (
    <>
      <strong className="compare__figure">{result.value}</strong>{' '}
      <span className="compare__meta">
        ({result.year}; {words.source}:{' '}
        {result.sourceUrl ? (
          <a href={result.sourceUrl} target="_blank" rel="noopener noreferrer">
            {source}
          </a>
        ) : (
          source
        )}
        )
      </span>
    </>
  );
}

/** How last year's seats were given: the priorities in order, a lottery, the wait list, the school's words. */
function SeatsGiven({ school, words }: { school: SchoolFacts; words: FactRowWords }) {
  const how = school.admissionsHow;
  if (!how) return <None />;
  return (
    <>
      {how.priorities.length ? (
        <ol className="compare__list">
          {how.priorities.map((p) => (
            <li key={p.key} lang={p.lang}>
              {p.label}
            </li>
          ))}
        </ol>
      ) : null}
      {how.lottery ? (
        <p className="compare__note">{how.priorities.length ? words.thenLottery : words.lottery}</p>
      ) : null}
      {how.waitlisted !== null ? (
        <p className="compare__note">{words.waitlisted.replace('{n}', String(how.waitlisted))}</p>
      ) : null}
      {how.note ? (
        <p className="compare__note" lang={how.noteLang}>
          {how.note}
        </p>
      ) : null}
    </>
  );
}

function distanceText(t: Messages['compare'], origin: CompareOrigin, school: SchoolFacts): string {
  if (!school.location) return t.distanceUnknown;
  const miles = roundMiles(haversineMiles(origin.point, school.location));
  return miles ? t.miles(miles) : t.lessThanTenth;
}

/** Every result measure the compared schools report, in the order they first list them. */
function measures(schools: readonly SchoolFacts[]): { key: string; label: FactTerm }[] {
  const seen = new Map<string, FactTerm>();
  for (const s of schools)
    for (const r of s.results ?? []) if (!seen.has(r.measure.key)) seen.set(r.measure.key, r.measure);
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** Whether the table is wider than its region (a phone): then a line says more schools are to the side. */
function useOverflows(): [React.RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setWide(el.scrollWidth > el.clientWidth + 1);
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
  return [ref, wide];
}

interface CompareTableProps {
  schools: readonly SchoolFacts[];
  origin: CompareOrigin | null;
  /** The fact rows' words (from the page's data); absent: those rows are left out. */
  factWords?: FactRowWords | null;
}

export function CompareTable({ schools, origin, factWords: F }: CompareTableProps) {
  const { root } = useSiteEnv();
  const m = useMessages();
  const T = m.compare;
  const [scroller, wide] = useOverflows();
  // A fact row only when one of the schools has the fact (and the page knows its words).
  const has = (fact: (s: SchoolFacts) => unknown) => !!F && schools.some((s) => !!fact(s));
  const row = (key: string, label: ReactNode, cell: (s: SchoolFacts) => ReactNode) => (
    <tr key={key}>
      <th scope="row">{label}</th>
      {schools.map((s) => (
        <td key={s.slug}>{cell(s)}</td>
      ))}
    </tr>
  );
  const text = (field: 'transportation' | 'beforeAfterCare', s: SchoolFacts) =>
    s[field] ? <Said text={s[field]!} lang={factLang(s, field, m.lang)} /> : <None />;
  const plain = (v: string | null | undefined) => (v ? v : <None />);
  const distanceLabel = origin?.zip && F ? F.distanceFromZip.replace('{zip}', origin.zip) : T.rows.distance;
  return (
    <>
      {wide ? <p className="compare__more">{T.scrollHint(schools.length)}</p> : null}
      {/* A phone scrolls the table sideways inside its own region (keyboard-focusable, named), with
          the fact names stuck to the left; the page itself never scrolls sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div ref={scroller} className="compare__scroller" role="region" aria-label={T.tableRegion} tabIndex={0}>
        <table className={`compare__table compare__table--${schools.length}`}>
          <caption className="visually-hidden">{T.caption}</caption>
          <thead>
            <tr>
              <td />
              {schools.map((s) => (
                <th key={s.slug} scope="col">
                  <a href={pageHref(root, schoolPath(s.slug, m.lang))} lang={factLang(s, 'title', m.lang)}>
                    {s.title}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row('type', T.rows.type, (s) => T.types[s.type])}
            {origin ? row('distance', distanceLabel, (s) => distanceText(T, origin, s)) : null}
            {F && has((s) => s.address) ? row('address', F.address, (s) => plain(s.address)) : null}
            {F && has((s) => s.phone) ? row('phone', F.phone, (s) => plain(s.phone)) : null}
            {F && has((s) => s.grades) ? row('grades', F.grades, (s) => plain(s.grades)) : null}
            {F && has((s) => s.enrollment)
              ? row('enrollment', F.enrollment, (s) =>
                  s.enrollment ? F.students.replace('{n}', s.enrollment.toLocaleString(m.locale)) : <None />,
                )
              : null}
            {F && has((s) => s.bellTimes)
              ? row('bellTimes', F.bellTimes, (s) =>
                  s.bellTimes ? (
                    [clockTime(s.bellTimes.start, m.lang), clockTime(s.bellTimes.end, m.lang)]
                      .filter(Boolean)
                      .join(' – ')
                  ) : (
                    <None />
                  ),
                )
              : null}
            {F && has((s) => s.transportation)
              ? row('transportation', F.transportation, (s) => text('transportation', s))
              : null}
            {F && has((s) => s.beforeAfterCare) ? row('care', F.care, (s) => text('beforeAfterCare', s)) : null}
            {F && has((s) => s.supportPrograms?.length)
              ? row('support', F.support, (s) => <List items={s.supportPrograms ?? []} />)
              : null}
            {F
              ? measures(schools).map(({ key, label }) =>
                  row(`result:${key}`, <Said text={label.label} lang={label.lang} />, (s) => (
                    <Result result={s.results?.find((r) => r.measure.key === key)} words={F} />
                  )),
                )
              : null}
            {F && has((s) => s.admissions)
              ? row('admissions', F.admissions, (s) =>
                  s.admissions ? (
                    F.lastYear
                      .replace('{seats}', String(s.admissions.seats))
                      .replace('{applicants}', String(s.admissions.applicants))
                  ) : (
                    <None />
                  ),
                )
              : null}
            {F && has((s) => s.admissionsHow)
              ? row('howSeats', F.howSeats, (s) => <SeatsGiven school={s} words={F} />)
              : null}
            {F && has((s) => s.events?.length) ? row('nextEvent', F.nextEvent, (s) => <NextEvent school={s} />) : null}
            {(['arts', 'athletics', 'clubs'] as const).map((c) =>
              row(c, T.rows[c], (s) => <List items={asTerms(s.programs[c], factLang(s, 'programs', m.lang))} />),
            )}
            {row('quote', T.rows.quote, (s) => (
              <Quote school={s} />
            ))}
            {row('sections', T.rows.sections, (s) => (
              <Sections school={s} />
            ))}
            {row('tour', T.rows.tour, (s) => (
              <Tour school={s} />
            ))}
            {row('page', T.rows.page, (s) => (
              <a href={pageHref(root, schoolPath(s.slug, m.lang))}>{T.schoolPage(s.title)}</a>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
