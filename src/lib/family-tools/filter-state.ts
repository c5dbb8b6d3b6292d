// The grid's filter state and the school types it filters by, apart from the rules in
// grid-tools.ts: the landing page draws the tools' pending panel with these alone, and importing
// grid-tools.ts there put all its rules (~2 KB gzip) into the landing page's first load.
import type { SchoolType } from '../facts/school-facts.ts';

export const SCHOOL_TYPES = ['district', 'charter'] as const satisfies readonly SchoolType[];

export interface FilterState {
  types: SchoolType[];
  /** Program tokens (programToken), sorted, no repeats. */
  programs: string[];
}

export const NO_FILTERS: FilterState = { types: [], programs: [] };
