// The one route table: used by the browser entry, the export and the preview server.
// `/` is the landing page, `/schools/{slug}` a school, anything else the landing page.
import { isSafeSlug } from './lib/slug.ts';

export type RouteMatch = { page: 'landing' } | { page: 'school'; slug: string };

export const routes = [
  { page: 'landing', path: '/' },
  { page: 'school', path: '/schools/:slug' },
] as const;

/** Matches a pathname (already stripped of the site's base path) against the table. */
export function matchRoute(pathname: string): RouteMatch {
  const m = /^\/schools\/([^/]+)\/?$/.exec(pathname);
  if (m) {
    let slug: string;
    try { slug = decodeURIComponent(m[1]!); } catch { return { page: 'landing' }; }
    if (isSafeSlug(slug)) return { page: 'school', slug };
  }
  return { page: 'landing' };
}

export const schoolRoutePath = (slug: string): string => `/schools/${encodeURIComponent(slug)}`;
