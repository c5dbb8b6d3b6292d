// The navigation's school list for the menus. Usually it arrives with the page's data; for a
// district-sized list the export ships it once as a shared file (SiteEnv.navSrc) instead of in
// every page, and the browser loads it here after hydration: 'Loading schools...' until then, and
// on a failed fetch the error is logged and 'No schools found' shows (spec section 8).
import { useEffect, useState } from 'react';
import type { NavSchool } from '../lib/content/types.ts';
import { parseNavList } from '../lib/content/mapping.ts';
import { useSiteEnv } from '../SiteEnv.tsx';

/** One request per page however many components ask (the dropdown and the menu share it). */
const loads = new Map<string, Promise<NavSchool[]>>();

export function loadNavList(src: string): Promise<NavSchool[]> {
  let load = loads.get(src);
  if (!load) {
    load = fetch(src)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${src}: HTTP ${r.status}`))))
      .then(parseNavList)
      .catch((err: unknown) => {
        console.error('Could not load the schools for the navigation:', err);
        return [];
      });
    loads.set(src, load);
  }
  return load;
}

export function useNavigation(nav: NavSchool[] | null): NavSchool[] | null {
  const { navSrc } = useSiteEnv();
  const [loaded, setLoaded] = useState<NavSchool[] | null>(null);
  useEffect(() => {
    if (!navSrc) return;
    let live = true;
    void loadNavList(navSrc).then((list) => {
      if (live) setLoaded(list);
    });
    return () => {
      live = false;
    };
  }, [navSrc]);
  return navSrc ? loaded : nav;
}
