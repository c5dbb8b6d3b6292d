// The compare page ('/compare/?schools=a,b,c'): two to four schools side by side in one table, the
// schools as its column headers. The export writes one static file for every query, so the server
// render is a neutral shell saying how to pick schools (also what a visitor without JavaScript
// reads); after hydration the page reads its address, loads the schools' facts file (factsSrc) and
// shows the table. Its own lazily loaded chunk: landing and school pages never load this code.
// The facts file is the page's edition's (src/pages/CompareTable.tsx marks what it shows in English).
// Without JavaScript the page cannot read its address: it says so and links every school's page.
import { startTransition, useEffect, useState } from 'react';
import { Layout } from '../components/Layout.tsx';
import { LANDING_SECTIONS } from '../config/site.ts';
import { COMPARE_MAX, COMPARE_MIN, parseCompareQuery, selectSchools, shownName } from '../lib/family-tools/compare.ts';
import { compareHref, readShortlist } from '../lib/family-tools/shortlist.ts';
import { loadChunk } from '../lib/chunk.ts';
import type { SchoolFacts } from '../lib/facts/school-facts.ts';
import { CompareNoScript as NoScript } from '../components/CompareNoScript.tsx';
import { langHref, pageHref } from '../routes.ts';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { CompareTable, type CompareOrigin } from './CompareTable.tsx';
import type { FactRowWords, NavSchool, PageCommon } from '../lib/content/types.ts';

/**
 * The compare page: its schools come from its address in the browser, their facts from the shared
 * facts file (`factsSrc`, under the asset base; null when the export wrote none).
 */
export interface ComparePageData extends PageCommon {
  page: 'compare';
  /** The rows of the facts families decide by, their words in the page's language. */
  factWords?: FactRowWords | null;
  nav: NavSchool[] | null;
  factsSrc: string | null;
}

export { CompareTable } from './CompareTable.tsx';

type State =
  | { status: 'shell' }
  | { status: 'loading'; names: string[] }
  | { status: 'failed' }
  | {
      status: 'ready';
      schools: SchoolFacts[];
      unknown: string[];
      dropped: number;
      origin: CompareOrigin | null;
    };

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
  const { zipCodes } = useSettings();
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
        setState({ status: 'ready', schools: [], unknown: [], dropped: 0, origin: null });
        return;
      }
      if (!factsSrc) {
        setState({ status: 'failed' });
        return;
      }
      setState({ status: 'loading', names });
      // The file downloads beside the chunk that checks it, not after it: on a phone the table is
      // the page's largest paint, so each round trip before it is one the family waits for.
      const file = fetch(factsSrc).then((r) =>
        r.ok ? r.json() : Promise.reject(new Error(`${factsSrc}: HTTP ${r.status}`)),
      );
      file.catch(() => undefined); // answered below, with the chunk's own failure
      loadChunk('CompareFacts', () => import('../lib/family-tools/compare-facts.ts'))
        .then((m) => m.compareFacts(file, zipCodes))
        .then(
          ({ facts, origin }) => {
            // The table is the page's largest render: in slices (a transition), not one long task.
            if (live) startTransition(() => setState({ status: 'ready', ...selectSchools(names, facts), origin }));
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
  }, [factsSrc, root, lang, zipCodes]);
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
          <CompareTable schools={state.schools} origin={state.origin} factWords={data.factWords} />
        ) : state.status !== 'loading' ? (
          <HowTo />
        ) : null}
        {state.status === 'shell' ? <NoScript nav={data.nav} /> : null}
      </div>
    </Layout>
  );
}
