// What the grid's tools look like: the sort buttons, the status line and the filters, drawn from
// the state GridTools.tsx keeps. Also drawn by the landing page itself, `pending` (inert, no
// programs listed yet), in the exported HTML and until the tools' chunk and the facts file have
// loaded: the tools then replace it in the same place at the same height, so the cards below do
// not jump when a family opens '/#options' on a phone. Without JavaScript it is hidden (js-only).
import { useId, type ReactNode } from 'react';
import { SCHOOL_TYPES, type FilterState } from '../../lib/family-tools/filter-state.ts';
import type { ProgramGroup } from '../../lib/family-tools/grid-tools.ts';
import type { FilterCategory } from '../../lib/facts/school-facts.ts';
import { useMessages } from '../../SiteEnv.tsx';

export interface GridToolsPanelProps {
  state: FilterState;
  groups: readonly ProgramGroup[];
  /** Each program group's open state (a group not named is open when one of its buttons is pressed). */
  expanded: Partial<Record<FilterCategory, boolean>>;
  count: number;
  message: string;
  sortedByDistance: boolean;
  busy?: boolean;
  /** Drawn before the tools work: inert, and nothing announced. */
  pending?: boolean;
  onSort?: (byDistance: boolean) => void;
  onPress?: (kind: 'type' | 'program', value: string) => void;
  onExpand?: (category: FilterCategory, open: boolean) => void;
  onClear?: () => void;
  /** Filter words the address names that no button shows (a stale or mistyped link): said, not used. */
  ignored?: readonly string[];
  /** Drawn under the status line: the ZIP code form when the visitor's location is refused. */
  children?: ReactNode;
}

interface ToggleProps {
  pressed: boolean;
  onClick?: () => void;
  label: string;
  /** The label's language where it is not the page's (a program named in English on a Spanish page). */
  lang?: string;
}

function Toggle({ pressed, onClick, label, lang }: ToggleProps) {
  return (
    <button type="button" className="grid-tools__toggle" aria-pressed={pressed} onClick={onClick}>
      {lang ? <span lang={lang}>{label}</span> : label}
    </button>
  );
}

export function GridToolsPanel(p: GridToolsPanelProps) {
  const GRID_TOOLS = useMessages().gridTools;
  const idBase = useId();
  const { state, pending } = p;
  // A pending panel is not a live region: its count is the page's, not an answer to anything.
  const status = pending ? undefined : 'status';
  return (
    <div className={pending ? 'grid-tools grid-tools--pending js-only' : 'grid-tools'} inert={pending}>
      <div className="grid-tools__sort" role="group" aria-label={GRID_TOOLS.sortLabel}>
        <button
          type="button"
          className="grid-tools__sort-button"
          aria-pressed={!p.sortedByDistance}
          onClick={() => p.onSort?.(false)}
        >
          {GRID_TOOLS.sortByName}
        </button>
        <button
          type="button"
          className="grid-tools__sort-button"
          aria-pressed={p.sortedByDistance}
          aria-busy={p.busy || undefined}
          onClick={() => p.onSort?.(true)}
        >
          {GRID_TOOLS.sortByDistance}
        </button>
      </div>
      <p className="grid-tools__message" role={status}>
        {p.message}
      </p>
      {p.children}
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
                onClick={() => p.onPress?.('type', t)}
              />
            ))}
          </div>
        </fieldset>
        {p.groups.map((g) => {
          const pressed = g.options.filter((o) => state.programs.includes(o.token)).length;
          const open = p.expanded[g.category] ?? pressed > 0;
          const panelId = `${idBase}-${g.category}`;
          return (
            <fieldset key={g.category} className="grid-filters__group">
              <legend className="grid-filters__group-title">
                <button
                  type="button"
                  className="grid-filters__expand"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => p.onExpand?.(g.category, !open)}
                >
                  {GRID_TOOLS.programGroups[g.category]}
                </button>
              </legend>
              <div id={panelId} className="grid-filters__options" hidden={!open}>
                {(open ? g.options : []).map((o) => (
                  <Toggle
                    key={o.token}
                    label={o.label}
                    lang={o.lang}
                    pressed={state.programs.includes(o.token)}
                    onClick={() => p.onPress?.('program', o.token)}
                  />
                ))}
              </div>
              {/* Two buttons of one group widen the list: a school with either one is shown. */}
              {pressed > 1 ? <p className="grid-filters__either">{GRID_TOOLS.either}</p> : null}
            </fieldset>
          );
        })}
        {p.ignored?.length ? <p className="grid-filters__ignored">{GRID_TOOLS.ignored(p.ignored.join(', '))}</p> : null}
        <div className="grid-filters__footer">
          <p className="grid-filters__count" role={status} aria-live={pending ? undefined : 'polite'}>
            {GRID_TOOLS.count(p.count)}
          </p>
          <button type="button" className="grid-filters__clear button button--outline" onClick={p.onClear}>
            {GRID_TOOLS.clear}
          </button>
        </div>
      </fieldset>
    </div>
  );
}
