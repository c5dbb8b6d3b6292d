// The landing grid's tools: "Sort by name" / "Sort by distance" and the "Filter schools" buttons,
// with the number of matching schools announced, and "Sorted by distance…" once it is. A lazily
// loaded chunk (SchoolGrid loads it as the grid nears the window), so none of its logic is in the
// first-load JavaScript; until its facts file has loaded the landing page shows the same panel
// pending (GridToolsPanel.tsx), and without JavaScript neither shows and the grid lists every
// school. The program groups (dozens of labels in a district) are disclosures, closed unless
// opened or one of their buttons is pressed. The filters live in the address
// (`?type=charter&program=robotics,band`): each press is a history entry, so a filtered list can
// be shared, reloads as it was, and the back button steps through it. The order and filters apply
// to the cards the grid was given (the spec's hidden titles are already gone), and the grid draws
// what `onView` reports. A visitor whose location is refused may sort from a ZIP code's centre
// instead (the district's ZIP codes come with the landing page's finder); the code is kept for the
// visit, so the next "Sort by distance" uses it without asking.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { loadFacts } from '../../lib/facts-file.ts';
import {
  byDistance,
  isFiltered,
  knownOnly,
  makeMatcher,
  NO_FILTERS,
  parseFilterState,
  programGroups,
  serializeFilterState,
  toggle,
  type FilterState,
} from '../../lib/grid-tools.ts';
import { storedZip } from '../../lib/position.ts';
import type { FilterCategory, SchoolFacts } from '../../lib/school-facts.ts';
import type { LandingCard, ZipFinderData } from '../../lib/types.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { GridToolsPanel } from './GridToolsPanel.tsx';
import { ZipSortForm } from './ZipSortForm.tsx';
import { useDistanceSort } from './useDistanceSort.ts';

/** What the grid shows: positions in its card list, in order, and each card's distance when sorted by it. */
export interface GridView {
  order: number[];
  miles: (string | null)[] | null;
}

export interface GridToolsProps {
  cards: LandingCard[];
  factsSrc: string;
  onView: (view: GridView | null) => void;
  /** The district's ZIP codes and centres, to sort from when the visitor's location is refused. */
  zips?: ZipFinderData | null;
}

function currentFilters(): FilterState {
  return parseFilterState(window.location.search);
}

export function GridTools({ cards, factsSrc, onView, zips }: GridToolsProps) {
  const m = useMessages();
  const [facts, setFacts] = useState<Map<string, SchoolFacts> | null>(null);
  const [filters, setFilters] = useState<FilterState>(currentFilters);
  const sort = useDistanceSort(zips);
  const { here } = sort;
  // A program group is open when the visitor opened it, or once one of its buttons is pressed.
  const [expanded, setExpanded] = useState<Partial<Record<FilterCategory, boolean>>>({});
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    loadFacts(factsSrc).then(
      (list) => {
        if (alive.current) setFacts(new Map(list.map((f) => [f.slug, f])));
      },
      (err: unknown) => console.error('Could not load the schools’ facts for the grid’s tools:', err),
    );
    return () => {
      alive.current = false;
    };
  }, [factsSrc]);

  // Back and forward step through the filters the address holds.
  useEffect(() => {
    const onPop = () => setFilters(currentFilters());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const cardFacts = useMemo(() => (facts ? cards.map((c) => facts.get(c.slug)) : null), [facts, cards]);
  const groups = useMemo(
    () => (cardFacts ? programGroups(cardFacts.filter((f): f is SchoolFacts => !!f)) : []),
    [cardFacts],
  );
  const state = useMemo(() => knownOnly(filters, groups), [filters, groups]);

  const view = useMemo<GridView | null>(() => {
    if (!cardFacts) return null;
    const matches = makeMatcher(state, groups);
    const words = { miles: m.school.miles, underTenth: m.gridTools.underTenth };
    const sorted = here ? byDistance(cardFacts, here, words) : { order: cards.map((_, i) => i), miles: null };
    return { order: sorted.order.filter((i) => matches(cardFacts[i])), miles: sorted.miles };
  }, [cardFacts, cards, state, groups, here, m]);

  // Before paint: the landing page's pending panel goes in the same frame as this one comes.
  useLayoutEffect(() => {
    onView(view);
  }, [view, onView]);

  // A group that opened for a pressed button stays open when the button is released (by the back
  // button, say): the visitor was just using it.
  useEffect(() => {
    const opened = groups.filter(
      (g) => expanded[g.category] === undefined && g.options.some((o) => state.programs.includes(o.token)),
    );
    if (opened.length) setExpanded((e) => ({ ...e, ...Object.fromEntries(opened.map((g) => [g.category, true])) }));
  }, [groups, state, expanded]);
  useEffect(() => () => onView(null), [onView]);

  if (!view || !cardFacts) return null;

  const go = (next: FilterState) => {
    const url = `${window.location.pathname}${serializeFilterState(next, window.location.search)}${window.location.hash}`;
    window.history.pushState(window.history.state, '', url);
    setFilters(next);
  };
  const press = (kind: 'type' | 'program', value: string) => go(toggle(state, kind, value));

  return (
    <GridToolsPanel
      state={state}
      groups={groups}
      expanded={expanded}
      count={view.order.length}
      message={sort.message}
      sortedByDistance={!!here}
      busy={sort.busy}
      onSort={(byDistance) => (byDistance ? sort.sortByDistance() : sort.sortByName())}
      onPress={press}
      onExpand={(category, open) => setExpanded((e) => ({ ...e, [category]: open }))}
      onClear={() => {
        if (isFiltered(filters)) go(NO_FILTERS);
      }}
    >
      {sort.askZip && zips ? (
        <ZipSortForm label={zips.words.label} go={zips.words.sortGo} initial={storedZip() ?? ''} onZip={sort.fromZip} />
      ) : null}
    </GridToolsPanel>
  );
}
