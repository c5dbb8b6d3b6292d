// Every page of the site as HTML: the route table gives the pages and their files, each page gets
// only the data it shows (landing: navigation + cards; school: navigation + that school), so a
// change to one school rewrites its own page and, only when navigation data changes, the others.
import { render } from '../../src/render.tsx';
import { renderDocument, type DocumentAssets } from '../../src/document.ts';
import { createImageUrls, type ImageVariant } from '../../src/lib/image.ts';
import { mapLandingGrid, mapNavigation } from '../../src/lib/mapping.ts';
import { landingSeo, schoolSeo } from '../../src/lib/seo.ts';
import { themeColors, DEFAULT_THEME_COLOR } from '../../src/lib/theme.ts';
import type { PageData, School } from '../../src/lib/types.ts';
import { canonicalPath, NOT_FOUND_FILE, routeFile, schoolRoutePath, type RouteMatch } from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import type { ValidContent } from './validate-content.ts';

export interface PageAssets {
  entryUrl: string;
  cssUrls: string[];
  entryPreload: string[];
  schoolPreload: string[];
  favicon: string | null;
}

export interface RenderedPage {
  file: string;
  url: string;
  html: string;
  route: RouteMatch;
  /** Only for indexable pages: what goes into the sitemap. */
  sitemap: { path: string; lastmod: string | null } | null;
}

export interface RenderedSite {
  pages: RenderedPage[];
  /** Self-hosted variants the pages use: src → remote URL. */
  variants: Map<string, string>;
}

/** The first image the app marked as the LCP candidate (Img priority → fetchpriority="high"). */
export function findLcpImage(appHtml: string): string | null {
  // Scans for the attribute, not every <img>: a page's navigation holds an icon per school, and
  // matching each tag made this scan grow with the district. React escapes '<', '>' and '"' in
  // attribute values and text, so the last '<' before a match starts the tag it is in.
  for (const a of appHtml.matchAll(/\sfetchpriority="high"/gi)) {
    const start = appHtml.lastIndexOf('<', a.index);
    if (start < 0) continue;
    const m = /^<img\b[^>]*>/.exec(appHtml.slice(start, appHtml.indexOf('>', a.index) + 1));
    if (!m) continue;
    const tag = m[0];
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    if (src) return src.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return null;
}

const lastmodOf = (school: School): string | null => {
  const t = school._updatedAt;
  return typeof t === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(t) ? t : null;
};

export interface BuildPagesOptions {
  env: SiteEnv;
  siteUrl: string | null;
  assets: PageAssets;
  /**
   * Receives what components log while a page renders (unknown block types, bad crops...), prefixed
   * with the page's file, so an editor learns which page has the problem. Default: left on the console.
   */
  warn?: (msg: string) => void;
}

/** Runs `fn` with console.warn/console.error routed to `warn`, tagged with the page. */
function withPageLog<T>(file: string, warn: ((msg: string) => void) | undefined, fn: () => T): T {
  if (!warn) return fn();
  const saved = { warn: console.warn, error: console.error };
  const route = (...args: unknown[]) => warn(`${file}: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
  console.warn = route;
  console.error = route;
  try { return fn(); } finally { console.warn = saved.warn; console.error = saved.error; }
}

export function buildPages(content: ValidContent, opts: BuildPagesOptions): RenderedSite {
  const variants = new Map<string, string>();
  const nav = mapNavigation(content.nav);
  const cards = mapLandingGrid(content.landing);

  const renderPage = (route: RouteMatch, url: string, file: string, data: PageData, school: School | null, indexable: boolean): RenderedPage =>
    withPageLog(file, opts.warn, () => renderOne(route, url, file, data, school, indexable));

  const renderOne = (route: RouteMatch, url: string, file: string, data: PageData, school: School | null, indexable: boolean): RenderedPage => {
    const used = new Map<string, string>();
    const collect = (v: ImageVariant) => { if (v.src !== v.remote) used.set(v.src, v.remote); };
    const env: SiteEnv = { ...opts.env, images: { ...opts.env.images, onVariant: collect } };
    const appHtml = render(url, data, env);
    const ctx = { siteUrl: opts.siteUrl, base: env.base, urls: createImageUrls(env.images) };
    const seo = school ? schoolSeo(school, canonicalPath(route), ctx) : landingSeo(indexable ? canonicalPath(route) : null, ctx);
    const lcp = findLcpImage(appHtml);
    const assets: DocumentAssets = {
      css: opts.assets.cssUrls,
      entry: opts.assets.entryUrl,
      modulePreload: [...opts.assets.entryPreload, ...(data.page === 'school' ? opts.assets.schoolPreload : [])],
      favicon: opts.assets.favicon,
    };
    const html = renderDocument({
      appHtml,
      data,
      env,
      seo,
      themeColor: school ? themeColors(school.color).color : DEFAULT_THEME_COLOR,
      assets,
      lcpImage: lcp ? { src: lcp } : null,
      noindex: !indexable,
    });
    for (const [src, remote] of used) variants.set(src, remote);
    return { file, url, html, route, sitemap: indexable ? { path: canonicalPath(route), lastmod: school ? lastmodOf(school) : null } : null };
  };

  const landing: RouteMatch = { page: 'landing' };
  const landingData: PageData = { page: 'landing', nav, cards };
  const pages: RenderedPage[] = [
    renderPage(landing, '/', routeFile(landing), landingData, null, true),
    // Static hosts serve 404.html for any path without a file: the spec shows the landing page there.
    renderPage(landing, `/${NOT_FOUND_FILE}`, NOT_FOUND_FILE, landingData, null, false),
  ];
  for (const school of content.schools) {
    const route: RouteMatch = { page: 'school', slug: school.slug! };
    pages.push(renderPage(route, schoolRoutePath(school.slug!), routeFile(route), { page: 'school', nav, school }, school, true));
  }
  pages.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { pages, variants };
}
