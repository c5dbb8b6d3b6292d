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
import { loadFacts } from '../../lib/facts/facts-file.ts';
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
} from '../../lib/family-tools/grid-tools.ts';
import { storedZip } from '../../lib/family-tools/position.ts';
import type { FilterCategory, SchoolFacts } from '../../lib/facts/school-facts.ts';
import type { GridMore, LandingCard, ZipFinderData } from '../../lib/content/types.ts';
import { useAllCards } from './useAllCards.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { GridToolsPanel } from './GridToolsPanel.tsx';
import { ZipSortForm } from './ZipSortForm.tsx';
import { useDistanceSort } from './useDistanceSort.ts';

/** What the grid shows: its cards (every school's once sorted or filtered), positions in them in order, and each card's distance when sorted by it. */
export interface GridView {
  cards: LandingCard[];
  order: number[];
  miles: (string | null)[] | null;
  /** Where the distances are from, for screen readers ("from the center of ZIP code 80210"). */
  from?: string;
}

export interface GridToolsProps {
  cards: LandingCard[];
  /** The page has its first cards only: the others come from this file (useAllCards.ts). */
  more?: GridMore | null;
  factsSrc: string;
  onView: (view: GridView | null) => void;
  /** The district's ZIP codes and centres, to sort from when the visitor's location is refused. */
  zips?: ZipFinderData | null;
}

function currentFilters(): FilterState {
  return parseFilterState(window.location.search);
}

export function GridTools({ cards, more, factsSrc, onView, zips }: GridToolsProps) {
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

  // Sorted or filtered, the grid answers over every school; else it shows the page's own cards.
  const all = useAllCards(cards, more);
  const wide = isFiltered(filters) || here !== null;
  const list = wide ? all : cards;
  const cardFacts = useMemo(() => (facts && list ? list.map((c) => facts.get(c.slug)) : null), [facts, list]);
  const groups = useMemo(
    () => (facts && all ? programGroups(all.flatMap((c) => facts.get(c.slug) ?? [])) : []),
    [facts, all],
  );
  const state = useMemo(() => knownOnly(filters, groups), [filters, groups]);
  // Words of the address no button shows: said, so a family knows the link it followed asked for more.
  const ignored = useMemo(
    () => (facts ? filters.programs.filter((t) => !state.programs.includes(t)) : []),
    [facts, filters, state],
  );

  const view = useMemo<GridView | null>(() => {
    if (!cardFacts || !list) return null;
    const matches = makeMatcher(state, groups);
    const words = { miles: m.school.miles, underTenth: m.gridTools.underTenth };
    const sorted = here ? byDistance(cardFacts, here, words) : { order: list.map((_, i) => i), miles: null };
    const from = sort.zip ? m.options.fromZip(sort.zip) : m.options.fromYou;
    return { cards: list, order: sorted.order.filter((i) => matches(cardFacts[i])), miles: sorted.miles, from };
  }, [cardFacts, list, state, groups, here, m, sort.zip]);

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
      count={wide ? view.order.length : (more?.total ?? view.order.length)}
      message={sort.message}
      sortedByDistance={!!here}
      busy={sort.busy}
      onSort={(byDistance) => (byDistance ? sort.sortByDistance() : sort.sortByName())}
      onPress={press}
      onExpand={(category, open) => setExpanded((e) => ({ ...e, [category]: open }))}
      ignored={ignored}
      onClear={() => {
        if (isFiltered(filters)) go(NO_FILTERS);
      }}
    >
      {sort.askZip && zips ? (
        <ZipSortForm
          label={zips.words.label}
          go={zips.words.sortGo}
          initial={storedZip() ?? ''}
          known={(zip) => !!zips.centres[zip]}
          words={{ empty: zips.words.empty, notZip: zips.words.notZip, unknown: zips.words.sortUnknown }}
          onZip={sort.fromZip}
        />
      ) : null}
    </GridToolsPanel>
  );
}
