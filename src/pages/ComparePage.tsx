// The compare page ('/compare/?schools=a,b,c'): two to four schools side by side in one table, the
// schools as its column headers. The export writes one static file for every query, so the server
// render is a neutral shell saying how to pick schools (also what a visitor without JavaScript
// reads); after hydration the page reads its address, loads the schools' facts file (factsSrc) and
// shows the table. Its own lazily loaded chunk: landing and school pages never load this code.
import { useEffect, useState, type ReactNode } from 'react';
import { Layout } from '../components/Layout.tsx';
import { LANDING_SECTIONS, SHORTLIST } from '../config/site.ts';
import { COMPARE_MAX, COMPARE_MIN, parseCompareQuery, selectSchools, shownName } from '../lib/compare.ts';
import { compareHref, readShortlist } from '../lib/shortlist.ts';
import { formatMiles, haversineMiles } from '../lib/distance.ts';
import { loadFacts } from '../lib/facts-file.ts';
import { storedPosition } from '../lib/position.ts';
import { safeHttpUrl } from '../lib/links.ts';
import type { SchoolFacts } from '../lib/school-facts.ts';
import type { ComparePageData, GeoPoint } from '../lib/types.ts';
import { pageHref, schoolPath } from '../routes.ts';
import { useSiteEnv } from '../SiteEnv.tsx';

export const COMPARE_TEXT = {
  heading: 'Compare schools',
  howTo: `Add ${COMPARE_MIN} to ${COMPARE_MAX} schools to your shortlist in the school list (“${SHORTLIST.add.before} ${SHORTLIST.add.after}”), then open “Shortlist” at the top of the page to compare them here side by side.`,
  toList: 'Go to the school list',
  loading: 'Loading the schools…',
  tooFew: `Pick at least ${COMPARE_MIN} schools to compare.`,
  unknown: (name: string) => `No school called “${name}”.`,
  tooMany: `Only ${COMPARE_MAX} schools fit side by side: the first ${COMPARE_MAX} are shown.`,
  failed: 'The school details could not be loaded. Reload the page to try again.',
  caption: 'The schools side by side',
  tableRegion: 'Comparison table',
  schoolPage: (title: string) => `Visit the ${title} page`,
  tourLink: 'Schedule a tour',
  none: 'None listed',
  distanceUnknown: 'Not known',
  lessThanTenth: 'Under 0.1 miles',
} as const;

export const ROW_LABELS = {
  type: 'Type',
  distance: 'Distance',
  arts: 'Arts',
  athletics: 'Athletics',
  clubs: 'Clubs',
  quote: 'Featured quote',
  sections: 'Sections',
  tour: 'Tour',
  page: 'School page',
} as const;

const TYPE_LABEL: Record<SchoolFacts['type'], string> = { district: 'District school', charter: 'Charter school' };

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

function distanceText(position: GeoPoint, school: SchoolFacts): string {
  if (!school.location) return COMPARE_TEXT.distanceUnknown;
  const miles = formatMiles(haversineMiles(position, school.location));
  return miles ? `${miles} miles` : COMPARE_TEXT.lessThanTenth;
}

function List({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className="compare__none">{COMPARE_TEXT.none}</span>;
  return (
    <ul className="compare__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Quote({ quote }: { quote: SchoolFacts['quote'] }) {
  if (!quote) return <span className="compare__none">{COMPARE_TEXT.none}</span>;
  const cite = [quote.student, quote.year].filter(Boolean).join(', ');
  return (
    <figure className="compare__quote">
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      {cite ? <figcaption>{cite}</figcaption> : null}
    </figure>
  );
}

function Tour({ tour }: { tour: SchoolFacts['tour'] }) {
  if (!tour) return <span className="compare__none">{COMPARE_TEXT.none}</span>;
  // The file is checked as data, the address once more as a link a visitor follows.
  const url = safeHttpUrl(tour.url);
  return (
    <>
      <span className="compare__tour-title">{tour.title}</span>
      {url ? (
        <>
          {' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {COMPARE_TEXT.tourLink}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      ) : null}
    </>
  );
}

/** The table itself: one column per school, one row per fact (distance only with a known position). */
export function CompareTable({ schools, position }: { schools: readonly SchoolFacts[]; position: GeoPoint | null }) {
  const { root } = useSiteEnv();
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
                <a href={pageHref(root, schoolPath(s.slug))}>{s.title}</a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row(ROW_LABELS.type, (s) => TYPE_LABEL[s.type])}
          {position ? row(ROW_LABELS.distance, (s) => distanceText(position, s)) : null}
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
            <List items={s.sections} />
          ))}
          {row(ROW_LABELS.tour, (s) => (
            <Tour tour={s.tour} />
          ))}
          {row(ROW_LABELS.page, (s) => (
            <a href={pageHref(root, schoolPath(s.slug))}>{COMPARE_TEXT.schoolPage(s.title)}</a>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HowTo() {
  const { root } = useSiteEnv();
  return (
    <p className="compare__howto">
      {COMPARE_TEXT.howTo} <a href={pageHref(root, `/#${LANDING_SECTIONS[2].id}`)}>{COMPARE_TEXT.toList}</a>
    </p>
  );
}

/** Reads the address and settles the page's state; again on back/forward within the page. */
function useSelection(factsSrc: string | null | undefined): State {
  const { root } = useSiteEnv();
  const [state, setState] = useState<State>({ status: 'shell' });
  useEffect(() => {
    let live = true;
    const read = () => {
      let names = parseCompareQuery(window.location.search);
      // Opened without a choice: the shortlist's, written into the address so it can be shared and reloaded.
      const shortlist = names.length ? [] : readShortlist();
      if (shortlist.length) {
        names = [...shortlist];
        window.history.replaceState(window.history.state, '', pageHref(root, compareHref(names)));
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
      loadFacts(factsSrc).then(
        (facts) => {
          if (live) setState({ status: 'ready', ...selectSchools(names, facts), position: storedPosition() });
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
  }, [factsSrc, root]);
  return state;
}

export function ComparePage({ data }: { data: ComparePageData }) {
  const state = useSelection(data.factsSrc);
  return (
    <Layout nav={data.nav}>
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
              {state.dropped ? <p>{COMPARE_TEXT.tooMany}</p> : null}
              {state.schools.length < COMPARE_MIN ? <p>{COMPARE_TEXT.tooFew}</p> : null}
            </>
          ) : null}
        </div>
        {state.status === 'ready' && state.schools.length >= COMPARE_MIN ? (
          <CompareTable schools={state.schools} position={state.position} />
        ) : state.status !== 'loading' ? (
          <HowTo />
        ) : null}
      </div>
    </Layout>
  );
}
