// The grid tools' panel as the landing page draws it before the tools have loaded (pending: inert,
// at the height the tools will have). Its own module so the families' bundles can keep the
// export's HTML of it (src/components/as-written.tsx) and load the panel's code only with the tools.
import { NO_FILTERS } from '../../lib/family-tools/filter-state.ts';
import type { FilterCategory } from '../../lib/facts/school-facts.ts';
import { GridToolsPanel } from './GridToolsPanel.tsx';

export function GridToolsPending({
  count,
  programGroups,
}: {
  count: number;
  programGroups: readonly FilterCategory[];
}) {
  return (
    <GridToolsPanel
      pending
      state={NO_FILTERS}
      groups={programGroups.map((category) => ({ category, options: [] }))}
      expanded={{}}
      count={count}
      message=""
      sortedByDistance={false}
    />
  );
}
