// The landing grid's tools (issue 16, items 1 and 2): "Sort by name" / "Sort by distance" and the
// "Filter schools" buttons, with the number of matching schools announced. A lazily loaded chunk
// (SchoolGrid loads it as the grid nears the window), so none of it is in the first-load
// JavaScript; it shows once the schools' facts file has loaded, and without JavaScript nothing of
// it exists and the grid lists every school. The program groups (dozens of labels in a district)
// are disclosures, closed unless opened or one of their buttons is pressed. The filters live in
// the address (`?type=charter&program=robotics,band`): each press is a history entry, so a
// filtered list can be shared, reloads as it was, and the back button steps through it. The order
// and filters apply to the cards the grid was given (the spec's hidden titles are already gone),
// and the grid draws what `onView` reports.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { loadFacts } from '../../lib/facts-file.ts';
import {
  byDistance,
  isFiltered,
  knownOnly,
  makeMatcher,
  NO_FILTERS,
  parseFilterState,
  programGroups,
  SCHOOL_TYPES,
  serializeFilterState,
  toggle,
  type FilterState,
} from '../../lib/grid-tools.ts';
import { requestPosition, storedPosition } from '../../lib/position.ts';
import type { ProgramCategory, SchoolFacts } from '../../lib/school-facts.ts';
import type { GeoPoint, LandingCard } from '../../lib/types.ts';
import { useMessages } from '../../SiteEnv.tsx';

/** What the grid shows: positions in its card list, in order, and each card's distance when sorted by it. */
export interface GridView {
  order: number[];
  miles: (string | null)[] | null;
}

export interface GridToolsProps {
  cards: LandingCard[];
  factsSrc: string;
  onView: (view: GridView | null) => void;
}

function currentFilters(): FilterState {
  return parseFilterState(window.location.search);
}

function Toggle({ pressed, onClick, label }: { pressed: boolean; onClick: () => void; label: string }) {
  return (
    <button type="button" className="grid-tools__toggle" aria-pressed={pressed} onClick={onClick}>
      {label}
    </button>
  );
}

export function GridTools({ cards, factsSrc, onView }: GridToolsProps) {
  const m = useMessages();
  const GRID_TOOLS = m.gridTools;
  const [facts, setFacts] = useState<Map<string, SchoolFacts> | null>(null);
  const [filters, setFilters] = useState<FilterState>(currentFilters);
  const [here, setHere] = useState<GeoPoint | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // A program group is open when the visitor opened it, or once one of its buttons is pressed.
  const [expanded, setExpanded] = useState<Partial<Record<ProgramCategory, boolean>>>({});
  const idBase = useId();
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

  useEffect(() => {
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

  const sortByDistance = () => {
    if (busy) return;
    const known = storedPosition();
    if (known) {
      setMessage('');
      setHere(known);
      return;
    }
    setBusy(true);
    setMessage(GRID_TOOLS.finding);
    void requestPosition().then((pos) => {
      if (!alive.current) return;
      setBusy(false);
      if (pos) {
        setMessage('');
        setHere(pos);
      } else {
        setMessage(GRID_TOOLS.noPosition);
      }
    });
  };
  const sortByName = () => {
    setMessage('');
    setHere(null);
  };

  return (
    <div className="grid-tools">
      <div className="grid-tools__sort" role="group" aria-label={GRID_TOOLS.sortLabel}>
        <button type="button" className="grid-tools__sort-button" aria-pressed={!here} onClick={sortByName}>
          {GRID_TOOLS.sortByName}
        </button>
        <button
          type="button"
          className="grid-tools__sort-button"
          aria-pressed={!!here}
          aria-busy={busy || undefined}
          onClick={sortByDistance}
        >
          {GRID_TOOLS.sortByDistance}
        </button>
      </div>
      <p className="grid-tools__message" role="status">
        {message}
      </p>
      <fieldset className="grid-filters">
        <legend className="grid-filters__title">{GRID_TOOLS.filterLabel}</legend>
        <fieldset className="grid-filters__group">
          <legend className="grid-filters__group-title">{GRID_TOOLS.typeLabel}</legend>
          <div className="grid-filters__options">
            {SCHOOL_TYPES.map((t) => (
              <Toggle
                key={t}
                label={GRID_TOOLS[t]}
                pressed={state.types.includes(t)}
                onClick={() => press('type', t)}
              />
            ))}
          </div>
        </fieldset>
        {groups.map((g) => {
          const open = expanded[g.category] ?? g.options.some((o) => state.programs.includes(o.token));
          const panelId = `${idBase}-${g.category}`;
          return (
            <fieldset key={g.category} className="grid-filters__group">
              <legend className="grid-filters__group-title">
                <button
                  type="button"
                  className="grid-filters__expand"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setExpanded((e) => ({ ...e, [g.category]: !open }))}
                >
                  {GRID_TOOLS.programGroups[g.category]}
                </button>
              </legend>
              <div id={panelId} className="grid-filters__options" hidden={!open}>
                {(open ? g.options : []).map((o) => (
                  <Toggle
                    key={o.token}
                    label={o.label}
                    pressed={state.programs.includes(o.token)}
                    onClick={() => press('program', o.token)}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className="grid-filters__footer">
          <p className="grid-filters__count" role="status" aria-live="polite">
            {GRID_TOOLS.count(view.order.length)}
          </p>
          <button
            type="button"
            className="grid-filters__clear button button--outline"
            onClick={() => {
              if (isFiltered(filters)) go(NO_FILTERS);
            }}
          >
            {GRID_TOOLS.clear}
          </button>
        </div>
      </fieldset>
    </div>
  );
}
