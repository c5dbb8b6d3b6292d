// The compare page ('/compare/?schools=a,b,c'): two to four schools side by side in one table, the
// schools as its column headers. The export writes one static file for every query, so the server
// render is a neutral shell saying how to pick schools (also what a visitor without JavaScript
// reads); after hydration the page reads its address, loads the schools' facts file (factsSrc) and
// shows the table. Its own lazily loaded chunk: landing and school pages never load this code.
// The facts file is the English edition's, so in another edition its text (titles, programs,
// quotes, section titles) is marked lang="en"; the tour row says what the school page says.
// Without JavaScript the page cannot read its address: it says so and links every school's page.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Layout } from '../components/Layout.tsx';
import { LANDING_SECTIONS } from '../config/site.ts';
import { COMPARE_MAX, COMPARE_MIN, parseCompareQuery, selectSchools, shownName } from '../lib/compare.ts';
import { compareHref, readShortlist } from '../lib/shortlist.ts';
import { haversineMiles, roundMiles } from '../lib/distance.ts';
import { loadChunk } from '../lib/chunk.ts';
import { safeHttpUrl } from '../lib/links.ts';
import type { SchoolFacts } from '../lib/school-facts.ts';
import { TOUR_HEADING } from '../lib/sections.ts';
import { CompareNoScript as NoScript } from '../components/CompareNoScript.tsx';
import { DEFAULT_LANG, type Lang } from '../i18n/messages.ts';
import type { ComparePageData, FactRowWords, GeoPoint } from '../lib/types.ts';
import { langHref, pageHref, schoolPath } from '../routes.ts';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { clockTime } from '../lib/clock.ts';
import type { Messages } from '../i18n/messages.ts';

type State =
  | { status: 'shell' }
  | { status: 'loading'; names: string[] }
  | { status: 'failed' }
  | {
      status: 'ready';
      schools: SchoolFacts[];
      unknown: string[];
      dropped: number;
      position: GeoPoint | null;
    };

function distanceText(t: Messages['compare'], position: GeoPoint, school: SchoolFacts): string {
  if (!school.location) return t.distanceUnknown;
  const miles = roundMiles(haversineMiles(position, school.location));
  return miles ? t.miles(miles) : t.lessThanTenth;
}

/** The language of the facts file's text on this edition's page: undefined where it is the page's own. */
function useFactsLang(): Lang | undefined {
  const { lang } = useMessages();
  return lang === DEFAULT_LANG ? undefined : DEFAULT_LANG;
}

/** A list of the file's text; `own` items are the page's words (in its language), not the file's. */
function List({ items, own = [] }: { items: readonly string[]; own?: readonly string[] }) {
  const COMPARE_TEXT = useMessages().compare;
  const lang = useFactsLang();
  if (items.length + own.length === 0) return <span className="compare__none">{COMPARE_TEXT.none}</span>;
  return (
    <ul className="compare__list">
      {items.map((item) => (
        <li key={item} lang={lang}>
          {item}
        </li>
      ))}
      {own.map((item) => (
        <li key={`own:${item}`}>{item}</li>
      ))}
    </ul>
  );
}

/** The sections row: the tour entry (always last in the file, in English) in the page's words. */
function Sections({ school }: { school: SchoolFacts }) {
  const tours = useMessages().school.tours;
  const { sections } = school;
  const tourLast = !!school.tour && sections.at(-1) === TOUR_HEADING;
  return <List items={tourLast ? sections.slice(0, -1) : sections} own={tourLast ? [tours] : []} />;
}

function Quote({ quote }: { quote: SchoolFacts['quote'] }) {
  const COMPARE_TEXT = useMessages().compare;
  const lang = useFactsLang();
  if (!quote) return <span className="compare__none">{COMPARE_TEXT.none}</span>;
  const cite = [quote.student, quote.year].filter(Boolean).join(', ');
  return (
    <figure className="compare__quote" lang={lang}>
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
  const lang = useFactsLang();
  const { tour } = school;
  if (!tour) return <span className="compare__none">{m.compare.none}</span>;
  // The file is checked as data, the address once more as a link a visitor follows.
  const url = safeHttpUrl(tour.url);
  return (
    <>
      <span className="compare__tour-title">
        {`${m.school.scheduleTourAt} `}
        <span lang={lang}>{school.title}</span>
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
function NextEvent({ school, timeZone }: { school: SchoolFacts; timeZone: string }) {
  const m = useMessages();
  const lang = useFactsLang();
  const next = (school.events ?? []).find((e) => Date.parse(e.end) > Date.now());
  if (!next) return <>{m.compare.none}</>;
  const when = new Intl.DateTimeFormat(m.locale, {
    timeZone,
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(next.start));
  return (
    <>
      <span lang={lang}>{next.title}</span>, {when}
    </>
  );
}

/** The table itself: one column per school, one row per fact (distance only with a known position). */
interface CompareTableProps {
  schools: readonly SchoolFacts[];
  position: GeoPoint | null;
  /** The fact rows' words (from the page's data); absent: those rows are left out. */
  factWords?: FactRowWords | null;
}

export function CompareTable({ schools, position, factWords: F }: CompareTableProps) {
  const { root } = useSiteEnv();
  const m = useMessages();
  const COMPARE_TEXT = m.compare;
  const ROW_LABELS = COMPARE_TEXT.rows;
  const lang = useFactsLang();
  const { timeZone } = useSettings();
  // A fact row only when one of the schools has the fact (and the page knows its words).
  const has = (fact: (s: SchoolFacts) => unknown) => schools.some((s) => !!fact(s));
  const row = (label: string, cell: (s: SchoolFacts) => ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      {schools.map((s) => (
        <td key={s.slug}>{cell(s)}</td>
      ))}
    </tr>
  );
  return (
    // A phone scrolls the table sideways inside its own region (keyboard-focusable, named), with
    // the fact names stuck to the left; the page itself never scrolls sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className="compare__scroller" role="region" aria-label={COMPARE_TEXT.tableRegion} tabIndex={0}>
      <table className={`compare__table compare__table--${schools.length}`}>
        <caption className="visually-hidden">{COMPARE_TEXT.caption}</caption>
        <thead>
          <tr>
            <td />
            {schools.map((s) => (
              <th key={s.slug} scope="col">
                <a href={pageHref(root, schoolPath(s.slug, m.lang))} lang={lang}>
                  {s.title}
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row(ROW_LABELS.type, (s) => COMPARE_TEXT.types[s.type])}
          {position ? row(ROW_LABELS.distance, (s) => distanceText(COMPARE_TEXT, position, s)) : null}
          {F && has((s) => s.grades) ? row(F.grades, (s) => s.grades ?? COMPARE_TEXT.none) : null}
          {F && has((s) => s.bellTimes)
            ? row(F.bellTimes, (s) =>
                s.bellTimes
                  ? [clockTime(s.bellTimes.start, m.lang), clockTime(s.bellTimes.end, m.lang)]
                      .filter(Boolean)
                      .join(' – ')
                  : COMPARE_TEXT.none,
              )
            : null}
          {F && has((s) => s.transportation)
            ? row(F.transportation, (s) => <span lang={lang}>{s.transportation ?? COMPARE_TEXT.none}</span>)
            : null}
          {F && has((s) => s.supportPrograms?.length)
            ? row(F.support, (s) => <List items={s.supportPrograms ?? []} />)
            : null}
          {F && has((s) => s.admissions)
            ? row(F.admissions, (s) =>
                s.admissions
                  ? F.lastYear
                      .replace('{seats}', String(s.admissions.seats))
                      .replace('{applicants}', String(s.admissions.applicants))
                  : COMPARE_TEXT.none,
              )
            : null}
          {F && has((s) => s.events?.length)
            ? row(F.nextEvent, (s) => <NextEvent school={s} timeZone={timeZone} />)
            : null}
          {row(ROW_LABELS.arts, (s) => (
            <List items={s.programs.arts} />
          ))}
          {row(ROW_LABELS.athletics, (s) => (
            <List items={s.programs.athletics} />
          ))}
          {row(ROW_LABELS.clubs, (s) => (
            <List items={s.programs.clubs} />
          ))}
          {row(ROW_LABELS.quote, (s) => (
            <Quote quote={s.quote} />
          ))}
          {row(ROW_LABELS.sections, (s) => (
            <Sections school={s} />
          ))}
          {row(ROW_LABELS.tour, (s) => (
            <Tour school={s} />
          ))}
          {row(ROW_LABELS.page, (s) => (
            <a href={pageHref(root, schoolPath(s.slug, m.lang))}>{COMPARE_TEXT.schoolPage(s.title)}</a>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HowTo() {
  const { root } = useSiteEnv();
  const m = useMessages();
  return (
    <p className="compare__howto js-only">
      {m.compare.howTo(COMPARE_MIN, COMPARE_MAX)}{' '}
      <a href={pageHref(root, langHref(m.lang, `/#${LANDING_SECTIONS[2].id}`))}>{m.compare.toList}</a>
    </p>
  );
}

/** Reads the address and settles the page's state; again on back/forward within the page. */
function useSelection(factsSrc: string | null | undefined): State {
  const { root } = useSiteEnv();
  const { lang } = useMessages();
  const [state, setState] = useState<State>({ status: 'shell' });
  useEffect(() => {
    let live = true;
    const read = () => {
      let names = parseCompareQuery(window.location.search);
      // Opened without a choice: the shortlist's, written into the address so it can be shared and reloaded.
      const shortlist = names.length ? [] : readShortlist();
      if (shortlist.length) {
        names = [...shortlist];
        window.history.replaceState(window.history.state, '', pageHref(root, langHref(lang, compareHref(names))));
      }
      if (names.length === 0) {
        setState({ status: 'ready', schools: [], unknown: [], dropped: 0, position: null });
        return;
      }
      if (!factsSrc) {
        setState({ status: 'failed' });
        return;
      }
      setState({ status: 'loading', names });
      loadChunk('CompareFacts', () => import('../lib/compare-facts.ts'))
        .then((m) => m.loadCompareFacts(factsSrc))
        .then(
          ({ facts, position }) => {
            // The table is the page's largest render: in slices (a transition), not one long task.
            if (live) startTransition(() => setState({ status: 'ready', ...selectSchools(names, facts), position }));
          },
          (err: unknown) => {
            console.error('Could not load the school facts:', err);
            if (live) setState({ status: 'failed' });
          },
        );
    };
    read();
    window.addEventListener('popstate', read);
    return () => {
      live = false;
      window.removeEventListener('popstate', read);
    };
  }, [factsSrc, root, lang]);
  return state;
}

export function ComparePage({ data }: { data: ComparePageData }) {
  const state = useSelection(data.factsSrc);
  const COMPARE_TEXT = useMessages().compare;
  return (
    <Layout nav={data.nav} place={{ page: 'compare' }}>
      <div className="compare container">
        <h1 className="compare__title">{COMPARE_TEXT.heading}</h1>
        {/* One live region for every state after the shell, so a screen reader hears the outcome. */}
        <div className="compare__status" role="status">
          {state.status === 'loading' ? <p>{COMPARE_TEXT.loading}</p> : null}
          {state.status === 'failed' ? <p>{COMPARE_TEXT.failed}</p> : null}
          {state.status === 'ready' ? (
            <>
              {state.unknown.length ? (
                <ul className="compare__notes">
                  {state.unknown.slice(0, COMPARE_MAX).map((name) => (
                    <li key={name}>{COMPARE_TEXT.unknown(shownName(name))}</li>
                  ))}
                </ul>
              ) : null}
              {state.dropped ? <p>{COMPARE_TEXT.tooMany(COMPARE_MAX)}</p> : null}
              {state.schools.length < COMPARE_MIN ? <p>{COMPARE_TEXT.tooFew(COMPARE_MIN)}</p> : null}
            </>
          ) : null}
        </div>
        {state.status === 'ready' && state.schools.length >= COMPARE_MIN ? (
          <CompareTable schools={state.schools} position={state.position} factWords={data.factWords} />
        ) : state.status !== 'loading' ? (
          <HowTo />
        ) : null}
        {state.status === 'shell' ? <NoScript nav={data.nav} /> : null}
      </div>
    </Layout>
  );
}
