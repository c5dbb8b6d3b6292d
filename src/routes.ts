// The one route table: used by the browser entry, the export and the preview server.
// `/` is the landing page, `/schools/{slug}` a school, `/schools/` every school (for a district
// larger than the landing grid's first cards), `/compare/` the compare page (its schools
// come from the query, read in the browser), anything else the landing page; the Spanish edition is
// the same table under `/es/` (`/es/`, `/es/schools/{slug}`, `/es/compare/`).
// The export turns each route into a file a static host serves for that path (routeFile), so the
// table is also the single source of the out/ layout and the sitemap's URLs.
import { isSafeSlug } from './lib/slug.ts';
import { DEFAULT_LANG, LANGS, type Lang } from './i18n/messages.ts';

export type RouteMatch =
  | { page: 'landing'; lang: Lang }
  | { page: 'school'; slug: string; lang: Lang }
  | { page: 'compare'; lang: Lang }
  | { page: 'schools'; lang: Lang }
  | { page: 'zip'; zip: string; lang: Lang };

/** A page without its edition: what the language switcher keeps when it changes the language. */
export type Place = RouteMatch extends infer R ? (R extends RouteMatch ? Omit<R, 'lang'> : never) : never;

/** Where each edition's pages live: English at the top, every other language under '/{lang}/'. */
const langPrefix = (lang: Lang): string => (lang === DEFAULT_LANG ? '' : `/${lang}`);

/** The compare page's address: one exported page for every choice of schools (the query picks them). */
export const COMPARE_ROUTE_PATH = '/compare/';

/** The compare page of an edition: '/compare/' or '/es/compare/'. */
export const comparePath = (lang: Lang = DEFAULT_LANG): string => `${langPrefix(lang)}${COMPARE_ROUTE_PATH}`;

/** The page listing every school (the landing grid shows the first ones and links to it). */
export const ALL_SCHOOLS_ROUTE_PATH = '/schools/';

/** The all-schools page of an edition: '/schools/' or '/es/schools/'. */
export const allSchoolsPath = (lang: Lang = DEFAULT_LANG): string => `${langPrefix(lang)}${ALL_SCHOOLS_ROUTE_PATH}`;

/** The page static hosts serve for every path no file matches: the landing page (spec: any other path). */
export const NOT_FOUND_FILE = '404.html';

/** An edition's page for paths without a file: '404.html', '/es/' misses get 'es/404.html'. */
export const notFoundFile = (lang: Lang = DEFAULT_LANG): string =>
  lang === DEFAULT_LANG ? NOT_FOUND_FILE : `${lang}/${NOT_FOUND_FILE}`;

/** Matches a pathname (already stripped of the site's base path) against the table. */
export function matchRoute(pathname: string): RouteMatch {
  const edition = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  const lang = LANGS.find((l) => l !== DEFAULT_LANG && l === edition?.[1]) ?? DEFAULT_LANG;
  const rest = lang === DEFAULT_LANG ? pathname : pathname.slice(langPrefix(lang).length) || '/';
  if (rest === COMPARE_ROUTE_PATH || rest === '/compare' || rest === '/compare/index.html')
    return { page: 'compare', lang };
  if (rest === ALL_SCHOOLS_ROUTE_PATH || rest === '/schools' || rest === '/schools/index.html')
    return { page: 'schools', lang };
  const zip = /^\/zip\/(\d{5})(?:\/|\/index\.html)?$/.exec(rest);
  if (zip) return { page: 'zip', zip: zip[1]!, lang };
  const m = /^\/schools\/([^/]+)\/?$/.exec(rest);
  if (m) {
    let slug: string;
    try {
      slug = decodeURIComponent(m[1]!);
    } catch {
      return { page: 'landing', lang };
    }
    if (isSafeSlug(slug)) return { page: 'school', slug, lang };
  }
  return { page: 'landing', lang };
}

/** The routes the editors' preview serves. */
export type PreviewRouteMatch = Exclude<RouteMatch, { page: 'compare' } | { page: 'zip' } | { page: 'schools' }>;

/**
 * The route as the editors' preview sees it: it has no compare page (that page reads the facts file
 * only an export writes), so '/compare/' shows the landing page there, as any unknown path does;
 * nor ZIP pages or the all-schools page, whose lists the export makes.
 */
export function matchPreviewRoute(pathname: string): PreviewRouteMatch {
  const route = matchRoute(pathname);
  return route.page === 'compare' || route.page === 'zip' || route.page === 'schools'
    ? { page: 'landing', lang: route.lang }
    : route;
}

/**
 * The one link to a school (spec: '/schools/{slug}'), used by the menus, the landing cards, the
 * export's page URLs and canonical links. Safe slugs are one path segment; encoding keeps a space
 * or non-ASCII letter a valid URL.
 */
export const schoolPath = (slug: string, lang: Lang = DEFAULT_LANG): string =>
  `${langPrefix(lang)}/schools/${encodeURIComponent(slug)}`;

/** A link to one of the site's pages ('/', '/#options', '/?x', '/schools/x', '/compare/'), not to a file ('/guide/x.pdf'). */
const PAGE_LINK = /^\/(?:$|[#?]|schools\/|compare\/|zip\/)/;

/**
 * An internal page link of the English edition ('/schools/x', '/#options', as data and content hold
 * them) to the same place in `lang`'s edition ('/es/schools/x', '/es/#options'); links to files and
 * other sites are left as they are.
 */
export const langHref = (lang: Lang, href: string): string =>
  lang === DEFAULT_LANG || !PAGE_LINK.test(href) ? href : `${langPrefix(lang)}${href}`;

/** The landing page of an edition: '/' or '/es/'. */
export const landingPath = (lang: Lang = DEFAULT_LANG): string => `${langPrefix(lang)}/`;

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
 * The URL path of the route's page: '/', '/compare/' or '/schools/{slug}', the address every link uses. The
 * export writes the school page as 'schools/{slug}.html', which GitHub Pages, Netlify, Cloudflare
 * Pages and `npm start` answer at '/schools/{slug}' with 200, so canonical links and the sitemap
 * name that same address rather than one a host first answers with a redirect.
 */
export function canonicalPath(route: RouteMatch): string {
  if (route.page === 'compare') return comparePath(route.lang);
  if (route.page === 'zip') return zipPath(route.zip, route.lang);
  if (route.page === 'schools') return allSchoolsPath(route.lang);
  return route.page === 'school' ? schoolPath(route.slug, route.lang) : landingPath(route.lang);
}

/** The same page in `lang` (the language switcher and hreflang alternates keep the place). */
export const inLang = (route: RouteMatch, lang: Lang): RouteMatch => ({ ...route, lang });

/** Every edition of the route's page, by language, as canonical paths (hreflang alternates). */
export const alternatePaths = (route: RouteMatch): { lang: Lang; path: string }[] =>
  LANGS.map((lang) => ({ lang, path: canonicalPath(inLang(route, lang)) }));

function checkedZip(zip: string): string {
  if (!/^\d{5}$/.test(zip)) throw new Error(`routeFile: not a ZIP code ${JSON.stringify(zip)}`);
  return zip;
}

/** A ZIP code's page: its zoned schools, then every school open to the district by distance. */
export const zipPath = (zip: string, lang: Lang = DEFAULT_LANG): string => `${langPrefix(lang)}/zip/${zip}/`;

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
  const dir = langPrefix(route.lang).slice(1);
  const at = dir ? `${dir}/` : '';
  if (route.page === 'landing') return `${at}index.html`;
  if (route.page === 'compare') return `${at}compare/index.html`;
  if (route.page === 'schools') return `${at}schools/index.html`;
  if (route.page === 'zip') return `${at}zip/${checkedZip(route.zip)}/index.html`;
  return `${at}schools/${checkedSlug(route)}.html`;
}

/**
 * Further files holding the same page: 'schools/{slug}/index.html', where earlier exports put it,
 * so old deep links and bookmarks ('/schools/{slug}/') keep answering 200. Hosts serve the
 * '.html' file for '/schools/{slug}' before they look for a folder.
 */
export function routeAliases(route: RouteMatch): string[] {
  if (route.page !== 'school') return [];
  return [routeFile(route).replace(/\.html$/, '/index.html')];
}
