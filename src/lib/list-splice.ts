// Lets the server render the navigation's school list once per export instead of once per page.
// Every page carries the whole district's list twice (dropdown and mobile menu), so at 1000 schools
// rendering it dominated the export. The server render (render/render.tsx) provides a function here;
// SchoolList asks it for a marker and renders that in place of the list, and the render splices the
// memoised list HTML back in. The browser never provides it, so the client tree is unchanged.
import { createContext, useContext } from 'react';
import type { NavSchool } from './types.ts';

/** Returns the marker id that stands for this list, or null to render the list inline. */
export type ListSplicer = (nav: NavSchool[], className: string) => string | null;

export const ListSpliceContext = createContext<ListSplicer | null>(null);

export const useListSplicer = (): ListSplicer | null => useContext(ListSpliceContext);

/** The attribute of the placeholder element; React escapes content, so the tag cannot be forged. */
export const SPLICE_ATTR = 'data-list-splice';
