// The full HTML document around the app's HTML. Pure string building so the export is
// deterministic and testable; every content-derived value is escaped for its context (attribute,
// text, or JSON inside <script>).
import type { PageData } from '../src/routes.ts';
import type { SiteEnv } from '../src/SiteEnv.tsx';
import type { PageSeo } from '../src/lib/seo.ts';
import { serializeForScript, DATA_ID, ENV_ID, ROOT_ID } from '../src/lib/serialize.ts';

export interface DocumentAssets {
  /** Stylesheet URLs (hashed, under the base). */
  css: string[];
  /** The module entry script URL. */
  entry: string;
  /** Chunks this page needs before it can hydrate (e.g. the school page chunk), preloaded in parallel. */
  modulePreload?: string[];
  favicon?: string | null;
}

export interface DocumentInput {
  appHtml: string;
  /** serializePageData(data), when the caller already has it (the export hashes it for its page keys). */
  dataJson?: string;
  data: PageData;
  /** The environment the browser hydrates with: serialised as-is (functions are dropped). */
  env: SiteEnv;
  seo: PageSeo;
  themeColor: string;
  assets: DocumentAssets;
  /** The page's largest above-the-fold image, preloaded so it starts before the CSS is parsed. */
  lcpImage?: { src: string; type?: string } | null;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
  /** A robots meta value of its own, over `noindex` (the editors' preview: 'noindex, nofollow'). */
  robots?: string | null;
  lang?: string;
  /** The page's Content-Security-Policy as a <meta> (render/csp.ts siteCsp); none when null/absent. */
  csp?: string | null;
}

const ATTR: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };
/** Escapes text for a double-quoted attribute value or element text. */
export const escapeHtml = (s: string): string => s.replace(/[&"'<>]/g, (c) => ATTR[c]!);

const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined): string =>
  content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}">` : '';

/**
 * The environment the browser needs: plain data only (no collectors or other callbacks). With
 * self-hosted images the image host only shapes the (unused) remote URL, and during an export
 * from the embedded service it is a throwaway loopback port, so it is left out to keep pages
 * byte-identical between runs.
 */
export function browserEnv(env: SiteEnv): SiteEnv {
  const { projectId, dataset, imageHost, selfHostBase, built } = env.images;
  return {
    images: {
      projectId,
      dataset,
      imageHost: selfHostBase ? '' : imageHost,
      selfHostBase: selfHostBase ?? null,
      ...(built && Object.keys(built).length > 0 ? { built } : {}),
    },
    base: env.base,
    // Only a site under a path carries it, so a root site's pages keep their bytes.
    ...(env.root && env.root !== '/' ? { root: env.root } : {}),
    preview: env.preview ?? null,
    ...(env.navSrc ? { navSrc: env.navSrc } : {}),
    ...(env.lang && env.lang !== 'en' ? { lang: env.lang } : {}),
  };
}

/**
 * React 19's renderToString puts the resource hints it collects (preloads for priority images,
 * ReactDOM.preload calls) in front of the app's markup. They belong in <head>: inside the hydration
 * container they would be extra nodes the client tree does not have (a hydration mismatch), and in
 * <head> the browser sees them before the stylesheet. Returns the hint tags and the remaining HTML.
 */
export function splitResourceHints(appHtml: string): { hints: string[]; html: string } {
  const hints: string[] = [];
  let html = appHtml;
  for (let m = /^<link\b[^>]*>/.exec(html); m; m = /^<link\b[^>]*>/.exec(html)) {
    hints.push(m[0]);
    html = html.slice(m[0].length);
  }
  return { hints, html };
}

/** The page's data as embedded for hydration (one function, so the export hashes exactly what it embeds). */
export function serializePageData(data: PageData): string {
  return serializeForScript(data);
}

const hrefOf = (tag: string): string | null => /\shref="([^"]*)"/.exec(tag)?.[1] ?? null;

/** Whether a hint tag preloads `src` (escaped), by href or as one of its imagesrcset candidates. */
function preloads(tag: string, src: string): boolean {
  if (hrefOf(tag) === src) return true;
  const set = /\simagesrcset="([^"]*)"/i.exec(tag)?.[1];
  return !!set && set.split(',').some((c) => c.trim().split(/\s+/)[0] === src);
}

export function renderDocument(input: DocumentInput): string {
  const { seo, assets } = input;
  const { hints, html: appHtml } = splitResourceHints(input.appHtml);
  // React preloads a priority image itself (with imagesrcset when it has one): no second preload then.
  const lcp =
    input.lcpImage && !hints.some((h) => preloads(h, escapeHtml(input.lcpImage!.src))) ? input.lcpImage : null;
  const head: string[] = [
    '<meta charset="utf-8">',
    // Before anything that loads: a meta policy covers only what comes after it.
    // Its quotes stay readable: only `&` and `"` need escaping in a double-quoted attribute.
    input.csp
      ? `<meta http-equiv="Content-Security-Policy" content="${input.csp.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`
      : '',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(seo.title)}</title>`,
    meta('name', 'description', seo.description),
    input.robots ? meta('name', 'robots', input.robots) : input.noindex ? '<meta name="robots" content="noindex">' : '',
    seo.canonical ? `<link rel="canonical" href="${escapeHtml(seo.canonical)}">` : '',
    ...(seo.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    `<meta name="theme-color" content="${escapeHtml(input.themeColor)}">`,
    assets.favicon ? `<link rel="icon" href="${escapeHtml(assets.favicon)}" type="image/svg+xml">` : '',
    ...hints,
    lcp
      ? `<link rel="preload" as="image" href="${escapeHtml(lcp.src)}"${lcp.type ? ` type="${escapeHtml(lcp.type)}"` : ''} fetchpriority="high">`
      : '',
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(assets.entry)}"></script>`,
    ...(assets.modulePreload ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    // Open Graph and Twitter cards: only with absolute URLs, which need the site URL.
    meta('property', 'og:type', seo.ogType),
    meta('property', 'og:title', seo.title),
    meta('property', 'og:description', seo.description),
    meta('property', 'og:url', seo.canonical),
    meta('property', 'og:image', seo.image?.url),
    seo.image ? meta('property', 'og:image:width', String(seo.image.width)) : '',
    seo.image ? meta('property', 'og:image:height', String(seo.image.height)) : '',
    meta('property', 'og:image:alt', seo.image?.alt),
    meta('name', 'twitter:card', seo.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', seo.title),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', seo.image?.url),
    meta('name', 'twitter:site', seo.twitterSite),
    seo.jsonLd ? `<script type="application/ld+json">${serializeForScript(seo.jsonLd)}</script>` : '',
  ];
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(input.lang ?? 'en')}">`,
    '<head>',
    ...head.filter(Boolean),
    '</head>',
    '<body>',
    `<div id="${ROOT_ID}">${appHtml}</div>`,
    `<script type="application/json" id="${DATA_ID}">${input.dataJson ?? serializePageData(input.env.navSrc ? { ...input.data, nav: null } : input.data)}</script>`,
    `<script type="application/json" id="${ENV_ID}">${serializeForScript(browserEnv(input.env))}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
