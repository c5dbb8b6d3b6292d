// The page registry: every kind of page the site has, declared once. A kind says which paths it
// answers, its address (which also names its file in out/: routeFile), the module its component
// lives in (a lazily loaded chunk in the browser), its data, and whether the editors' preview serves it. The browser entry,
// the server render, the bundler, the export and the preview read it; the export's own half (each
// kind's data and SEO) is scripts/lib/page-builds.ts. Every language's edition is the same table
// under '/{lang}/' ('/es/', '/es/schools/{slug}'), English at the root.
// The export turns each route into a file a static host serves for that path (routeFile), so the
// table is also the single source of the out/ layout and the sitemap's URLs.
import type { ComponentType } from 'react';
import { isSafeSlug } from './lib/slug.ts';
import { loadChunk } from './lib/chunk.ts';
import { DEFAULT_LANG, LANGS, type Lang } from './i18n/messages.ts';
import type { LandingPageData } from './pages/LandingPage.tsx';
import type { SchoolPageData } from './pages/SchoolPage.tsx';
import type { ComparePageData } from './pages/ComparePage.tsx';
import type { AllSchoolsPageData } from './pages/AllSchoolsPage.tsx';
import type { ZipPageData } from './pages/ZipPage.tsx';

type NoParams = Record<never, never>;
/** A long list's page: `n` from 2 (the first page has no number in its address). */
type ListPage = { n?: number };

/** Page `n` of a list as a route carries it: no number for the first page, which has none in its address. */
export const listPage = (n?: number): ListPage => (n !== undefined && n > 1 ? { n } : {});
/** A list's further page in an address ('page/2/'); '' for the first. */
const listPageOf = ({ n }: ListPage): string => (n !== undefined && n > 1 ? `page/${n}/` : '');

/** What follows `/{dir}` in a path ('' for '/dir', '/page/2/' for '/dir/page/2/'); null when the path is not under it. */
const under = (dir: string, rest: string): string | null =>
  rest === `/${dir}` || rest.startsWith(`/${dir}/`) ? rest.slice(dir.length + 1) : null;
/** A folder's own page: nothing, '/' or '/index.html' after the folder's name. */
const isFolderIndex = (tail: string | null): boolean => tail === '' || tail === '/' || tail === '/index.html';

/** The list page a path names after the list's own: '' or '/' is the first, '/page/{n}/' (n ≥ 2) a further one. */
function listPageIn(tail: string): ListPage | null {
  if (isFolderIndex(tail)) return {};
  const m = /^\/page\/([2-9]|[1-9]\d{1,4})(?:\/|\/index\.html)?$/.exec(tail);
  return m ? { n: Number(m[1]) } : null;
}

/** One kind of page. `P`: what its address carries besides the edition; `D`: the data it renders. */
interface PageKind<P, D> {
  /** The params of a path within an edition ('/zip/80007/' → { zip: '80007' }), or null when not this kind's. */
  match(rest: string): P | null;
  /** The page's address within an edition: the one every link, canonical link and the sitemap use. */
  path(params: P): string;
  /** False when `data` belongs to another page of this kind (a school's data at another school's address). */
  owns?(params: P, data: D): boolean;
  /** The module whose chunk holds the component (the bundler preloads it with the page). */
  module: string;
  /** The component, from that module (a dynamic import, so the browser loads it only on these pages). */
  load(): Promise<ComponentType<{ data: D }>>;
  /** The editors' preview serves it; otherwise the preview shows the landing page at its address. */
  preview: boolean;
}

const kind = <P, D>(spec: PageKind<P, D>): PageKind<P, D> => spec;

/**
 * Every page kind. The first whose `match` takes a path shows it; the landing page takes the rest
 * (spec: any other path), which is also what 404.html shows.
 */
export const PAGE_KINDS = {
  landing: kind<NoParams, LandingPageData>({
    match: (rest) => (rest === '/' ? {} : null),
    path: () => '/',
    module: 'src/pages/LandingPage.tsx',
    load: () => import('./pages/LandingPage.tsx').then((m) => m.LandingPage),
    preview: true,
  }),
  // Every school, for a district larger than the landing grid's first cards (the export makes the
  // list), a page at a time when they are more than a page holds: '/schools/', '/schools/page/2/'.
  schools: kind<ListPage, AllSchoolsPageData>({
    match: (rest) => {
      const tail = under('schools', rest);
      return tail === null ? null : listPageIn(tail);
    },
    path: (p) => `/schools/${listPageOf(p)}`,
    module: 'src/pages/AllSchoolsPage.tsx',
    load: () => import('./pages/AllSchoolsPage.tsx').then((m) => m.AllSchoolsPage),
    preview: false,
  }),
  compare: kind<NoParams, ComparePageData>({
    // With or without its trailing slash or index.html: '/compare', '/compare/', '/compare/index.html'.
    match: (rest) => (isFolderIndex(under('compare', rest)) ? {} : null),
    path: () => '/compare/',
    module: 'src/pages/ComparePage.tsx',
    load: () => import('./pages/ComparePage.tsx').then((m) => m.ComparePage),
    // It reads the facts file only an export writes.
    preview: false,
  }),
  // A ZIP code's zoned schools, then every school open to the district by distance (the export
  // makes the list), a page at a time: '/zip/{zip}/', '/zip/{zip}/page/2/'.
  zip: kind<{ zip: string } & ListPage, ZipPageData>({
    match: (rest) => {
      const m = /^\/zip\/(\d{5})(.*)$/.exec(rest);
      const page = m ? listPageIn(m[2]!) : null;
      return m && page ? { zip: m[1]!, ...page } : null;
    },
    path: (p) => `/zip/${p.zip}/${listPageOf(p)}`,
    module: 'src/pages/ZipPage.tsx',
    load: () => import('./pages/ZipPage.tsx').then((m) => m.ZipPage),
    preview: false,
  }),
  school: kind<{ slug: string }, SchoolPageData>({
    match: (rest) => {
      const m = /^\/schools\/([^/]+)\/?$/.exec(rest);
      if (!m) return null;
      let slug: string;
      try {
        slug = decodeURIComponent(m[1]!);
      } catch {
        return null;
      }
      return isSafeSlug(slug) ? { slug } : null;
    },
    // Safe slugs are one path segment; encoding keeps a space or non-ASCII letter a valid URL.
    // No trailing slash: the page is the file 'schools/{slug}.html' (see routeFile).
    path: ({ slug }) => `/schools/${encodeURIComponent(slug)}`,
    owns: ({ slug }, data) => data.school?.slug == null || data.school.slug === slug,
    module: 'src/pages/SchoolPage.tsx',
    load: () => import('./pages/SchoolPage.tsx').then((m) => m.SchoolPage),
    preview: true,
  }),
};

export type PageKindName = keyof typeof PAGE_KINDS;
type ParamsOf<K extends PageKindName> = K extends PageKindName
  ? (typeof PAGE_KINDS)[K] extends PageKind<infer P, infer _D>
    ? P
    : never
  : never;
/** The data a kind's page renders (a union for a union of kinds). */
export type DataOf<K extends PageKindName> = K extends PageKindName
  ? (typeof PAGE_KINDS)[K] extends PageKind<infer _P, infer D>
    ? D
    : never
  : never;

/** A page: its kind, its edition and what its address carries. */
export type RouteMatch = { [K in PageKindName]: { page: K; lang: Lang } & ParamsOf<K> }[PageKindName];
/** Data one page renders, embedded in its HTML for hydration. */
export type PageData = { [K in PageKindName]: DataOf<K> }[PageKindName];
/**
 * The component of a page of some kind. Each takes its own kind's data; `never` lets any of them be
 * passed to the app, which renders it only with data of the kind it was loaded for.
 */
export type PageComponent = ComponentType<{ data: never }>;

/** The page that takes any path no other kind does, and whose data 404.html carries. */
export const FALLBACK_PAGE = 'landing' satisfies PageKindName;

const kindOf = (page: PageKindName) => PAGE_KINDS[page] as PageKind<unknown, unknown>;

/** The page's component, failing as 'Loading chunk LandingPage failed' after the chunk timeout. */
export const loadPage = (page: PageKindName): Promise<PageComponent> => {
  const k = kindOf(page);
  return loadChunk(k.module.replace(/^.*\/|\.tsx?$/g, ''), () => k.load() as Promise<PageComponent>);
};

/** The modules holding page components: each is a chunk of its own in the browser bundle. */
export const pageModules = (): string[] => [...new Set(Object.values(PAGE_KINDS).map((k) => k.module))];

/** A page without its edition: what the language switcher keeps when it changes the language. */
export type Place = RouteMatch extends infer R ? (R extends RouteMatch ? Omit<R, 'lang'> : never) : never;

/** Where each edition's pages live: English at the top, every other language under '/{lang}/'. */
const langPrefix = (lang: Lang): string => (lang === DEFAULT_LANG ? '' : `/${lang}`);

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
  for (const page of Object.keys(PAGE_KINDS) as PageKindName[]) {
    const params = kindOf(page).match(rest);
    if (params) return { ...params, page, lang } as RouteMatch;
  }
  return { page: FALLBACK_PAGE, lang };
}

/** The routes the editors' preview serves. */
export type PreviewRouteMatch = Extract<RouteMatch, { page: 'landing' | 'school' }>;

/** The route as the editors' preview sees it: a kind it does not serve shows the landing page, as any unknown path does. */
export function matchPreviewRoute(pathname: string): PreviewRouteMatch {
  const route = matchRoute(pathname);
  return kindOf(route.page).preview ? (route as PreviewRouteMatch) : { page: FALLBACK_PAGE, lang: route.lang };
}

/** False when the data is for another page than the route's (the landing page's may show anywhere: 404.html). */
export function dataFits(route: RouteMatch, data: PageData): boolean {
  if (data.page === FALLBACK_PAGE) return true;
  if (data.page !== route.page) return false;
  return kindOf(route.page).owns?.(route, data) ?? true;
}

/**
 * The URL path of the route's page: '/', '/compare/' or '/schools/{slug}', the address every link,
 * canonical link and the sitemap use.
 */
export const canonicalPath = (route: RouteMatch): string =>
  `${langPrefix(route.lang)}${kindOf(route.page).path(route)}`;

/** The one link to a school (spec: '/schools/{slug}'), used by the menus, the cards, the export's URLs and canonical links. */
export const schoolPath = (slug: string, lang: Lang = DEFAULT_LANG): string =>
  canonicalPath({ page: 'school', slug, lang });

/** The landing page of an edition: '/' or '/es/'. */
export const landingPath = (lang: Lang = DEFAULT_LANG): string => canonicalPath({ page: 'landing', lang });

/** The compare page of an edition: '/compare/' or '/es/compare/' (one page for every choice of schools). */
export const comparePath = (lang: Lang = DEFAULT_LANG): string => canonicalPath({ page: 'compare', lang });

/** The all-schools page of an edition: '/schools/' or '/es/schools/'; its page `n`: '/schools/page/{n}/'. */
export const allSchoolsPath = (lang: Lang = DEFAULT_LANG, n?: number): string =>
  canonicalPath({ page: 'schools', lang, ...listPage(n) });

/** A ZIP code's page: its zoned schools, then every school open to the district by distance; its page `n`. */
export const zipPath = (zip: string, lang: Lang = DEFAULT_LANG, n?: number): string =>
  canonicalPath({ page: 'zip', zip, lang, ...listPage(n) });

/** The same page in `lang` (the language switcher and hreflang alternates keep the place). */
export const inLang = (route: RouteMatch, lang: Lang): RouteMatch => ({ ...route, lang });

/** Every edition of the route's page, by language, as canonical paths (hreflang alternates). */
export const alternatePaths = (route: RouteMatch): { lang: Lang; path: string }[] =>
  LANGS.map((lang) => ({ lang, path: canonicalPath(inLang(route, lang)) }));

/** A segment of a page's address as a name on disk; checked again (routes only give safe ones) because it becomes a path. */
function diskName(segment: string): string {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  if (!isSafeSlug(name)) throw new Error(`routeFile: unsafe slug ${JSON.stringify(name)}`);
  return name;
}

/**
 * The file (relative to the export root, '/'-separated) holding the route's page: its address as
 * a path. An address ending in '/' is a folder's index.html ('/es/zip/80007/' →
 * 'es/zip/80007/index.html'); any other is a file ('/schools/x' → 'schools/x.html'), which GitHub
 * Pages, Netlify, Cloudflare Pages and `npm start` answer at that address with 200, so canonical
 * links and the sitemap name it, not an address a host first answers with a redirect.
 */
export function routeFile(route: RouteMatch): string {
  const address = canonicalPath(route);
  // An address that does not lead back to its page ('/schools/' for an empty slug) has no file.
  const back = matchRoute(address);
  const same = (Object.keys(route) as (keyof RouteMatch)[]).every((k) => back[k] === route[k]);
  if (!same || Object.keys(back).length !== Object.keys(route).length)
    throw new Error(`routeFile: ${JSON.stringify(route)} has no address of its own (an unsafe slug?)`);
  const segments = address.slice(1).split('/');
  const last = segments.pop()!;
  const folders = segments.map(diskName);
  return [...folders, last === '' ? 'index.html' : `${diskName(last)}.html`].join('/');
}

/**
 * Further files holding the same page: for a file page, the folder form earlier exports wrote
 * ('schools/{slug}/index.html'), so old deep links and bookmarks ('/schools/{slug}/') keep
 * answering 200. Hosts serve the '.html' file for '/schools/{slug}' before they look for a folder.
 */
export function routeAliases(route: RouteMatch): string[] {
  const file = routeFile(route);
  return file.endsWith('/index.html') || file === 'index.html' ? [] : [file.replace(/\.html$/, '/index.html')];
}

/**
 * An internal page link of the English edition ('/schools/x', '/#options', as data and content hold
 * them) to the same place in `lang`'s edition ('/es/schools/x', '/es/#options'); links to files
 * ('/guide/x.pdf': no page kind takes them) and other sites are left as they are.
 */
export function langHref(lang: Lang, href: string): string {
  if (lang === DEFAULT_LANG || !href.startsWith('/') || href.startsWith('//')) return href;
  const pathname = href.replace(/[?#].*$/s, '');
  const isPage = pathname === '/' || matchRoute(pathname).page !== FALLBACK_PAGE;
  return isPage ? `${langPrefix(lang)}${href}` : href;
}

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
