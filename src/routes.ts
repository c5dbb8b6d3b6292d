// The one route table: used by the browser entry, the export and the preview server.
// `/` is the landing page, `/schools/{slug}` a school, anything else the landing page.
// The export turns each route into a file a static host serves for that path (routeFile), so the
// table is also the single source of the out/ layout and the sitemap's URLs.
import { isSafeSlug } from './lib/slug.ts';

export type RouteMatch = { page: 'landing' } | { page: 'school'; slug: string };

/** The page static hosts serve for every path no file matches: the landing page (spec: any other path). */
export const NOT_FOUND_FILE = '404.html';

/** Matches a pathname (already stripped of the site's base path) against the table. */
export function matchRoute(pathname: string): RouteMatch {
  const m = /^\/schools\/([^/]+)\/?$/.exec(pathname);
  if (m) {
    let slug: string;
    try {
      slug = decodeURIComponent(m[1]!);
    } catch {
      return { page: 'landing' };
    }
    if (isSafeSlug(slug)) return { page: 'school', slug };
  }
  return { page: 'landing' };
}

/**
 * The one link to a school (spec: '/schools/{slug}'), used by the menus, the landing cards, the
 * export's page URLs and canonical links. Safe slugs are one path segment; encoding keeps a space
 * or non-ASCII letter a valid URL.
 */
export const schoolPath = (slug: string): string => `/schools/${encodeURIComponent(slug)}`;

/**
 * An internal link as the browser must follow it: a root-relative path ('/', '/schools/x',
 * '/#schools') under the site's root path ('/repo/' for a project site); anything else (a
 * fragment, an absolute URL, '//host') is left as it is. Data keeps root-relative paths, so the
 * same content renders for any root.
 */
export function pageHref(root: string | undefined, href: string): string {
  if (!root || root === '/' || !href.startsWith('/') || href.startsWith('//')) return href;
  return root + href.slice(1);
}

/** The pathname as the route table sees it: without the site's root path ('/repo/x' → '/x'). */
export function stripRoot(root: string | undefined, pathname: string): string {
  if (!root || root === '/') return pathname;
  if (pathname.startsWith(root)) return pathname.slice(root.length - 1);
  return pathname === root.slice(0, -1) ? '/' : pathname;
}

/**
 * The URL path of the route's page: '/' or '/schools/{slug}', the address every link uses. The
 * export writes the school page as 'schools/{slug}.html', which GitHub Pages, Netlify, Cloudflare
 * Pages and `npm start` answer at '/schools/{slug}' with 200, so canonical links and the sitemap
 * name that same address rather than one a host first answers with a redirect.
 */
export function canonicalPath(route: RouteMatch): string {
  return route.page === 'school' ? schoolPath(route.slug) : '/';
}

function checkedSlug(route: { slug: string }): string {
  if (!isSafeSlug(route.slug)) throw new Error(`routeFile: unsafe slug ${JSON.stringify(route.slug)}`);
  return route.slug;
}

/**
 * The file (relative to the export root, '/'-separated) holding the route's page. Only safe slugs
 * reach here (matchRoute and the export both check), and the check is repeated because this name
 * becomes a path on disk.
 */
export function routeFile(route: RouteMatch): string {
  if (route.page === 'landing') return 'index.html';
  return `schools/${checkedSlug(route)}.html`;
}

/**
 * Further files holding the same page: 'schools/{slug}/index.html', where earlier exports put it,
 * so old deep links and bookmarks ('/schools/{slug}/') keep answering 200. Hosts serve the
 * '.html' file for '/schools/{slug}' before they look for a folder.
 */
export function routeAliases(route: RouteMatch): string[] {
  if (route.page === 'landing') return [];
  return [`schools/${checkedSlug(route)}/index.html`];
}
