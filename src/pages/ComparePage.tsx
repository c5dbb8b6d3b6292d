// The compare page ('/compare/?schools=a,b,c'): two to four schools side by side in one table, the
// schools as its column headers. The export writes one static file for every query, so the server
// render is a neutral shell saying how to pick schools (also what a visitor without JavaScript
// reads); after hydration the page reads its address, loads the schools' facts file (factsSrc) and
// shows the table. Its own lazily loaded chunk: landing and school pages never load this code.
import { useEffect, useState, type ReactNode } from 'react';
import { Layout } from '../components/Layout.tsx';
import { LANDING_SECTIONS } from '../config/site.ts';
import { COMPARE_MAX, COMPARE_MIN, parseCompareQuery, selectSchools, shownName } from '../lib/compare.ts';
import { compareHref, readShortlist } from '../lib/shortlist.ts';
import { haversineMiles, roundMiles } from '../lib/distance.ts';
import { loadFacts } from '../lib/facts-file.ts';
import { storedPosition } from '../lib/position.ts';
import { safeHttpUrl } from '../lib/links.ts';
import type { SchoolFacts } from '../lib/school-facts.ts';
import type { ComparePageData, GeoPoint } from '../lib/types.ts';
import { langHref, pageHref, schoolPath } from '../routes.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';
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

function List({ items }: { items: readonly string[] }) {
  const COMPARE_TEXT = useMessages().compare;
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
  const COMPARE_TEXT = useMessages().compare;
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
  const m = useMessages();
  const COMPARE_TEXT = m.compare;
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
            <span className="visually-hidden">{m.school.opensNewTab}</span>
          </a>
        </>
      ) : null}
    </>
  );
}

/** The table itself: one column per school, one row per fact (distance only with a known position). */
export function CompareTable({ schools, position }: { schools: readonly SchoolFacts[]; position: GeoPoint | null }) {
  const { root } = useSiteEnv();
  const m = useMessages();
  const COMPARE_TEXT = m.compare;
  const ROW_LABELS = COMPARE_TEXT.rows;
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
                <a href={pageHref(root, schoolPath(s.slug, m.lang))}>{s.title}</a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row(ROW_LABELS.type, (s) => COMPARE_TEXT.types[s.type])}
          {position ? row(ROW_LABELS.distance, (s) => distanceText(COMPARE_TEXT, position, s)) : null}
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
    <p className="compare__howto">
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
  }, [factsSrc, root, lang]);
  return state;
}

export function ComparePage({ data }: { data: ComparePageData }) {
  const state = useSelection(data.factsSrc);
  const COMPARE_TEXT = useMessages().compare;
  return (
    <Layout nav={data.nav} compare>
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
          <CompareTable schools={state.schools} position={state.position} />
        ) : state.status !== 'loading' ? (
          <HowTo />
        ) : null}
      </div>
    </Layout>
  );
}
