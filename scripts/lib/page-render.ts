// One page of the export: carried over when its key is unchanged since the previous export, else
// rendered (the React tree once per page data, then the document around it with its SEO, assets
// and embedded data), with what its render reported recorded for the next export.
import { render } from '../../render/render.tsx';
import { renderDocument, serializePageData, type DocumentAssets } from '../../render/document.ts';
import { createWarnings, type WarningInput, type Warnings, warningText } from '../../src/lib/warn.ts';
import { createImageUrls, type ImageVariant } from '../../src/lib/images/image.ts';
import { builtKey, type BuiltImages } from '../../src/lib/images/built-images.ts';
import { hreflangAlternates } from '../../src/lib/seo.ts';
import { pageBuild } from './page-builds.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { DEFAULT_LANG, type Lang } from '../../src/i18n/messages.ts';
import type { LandingCopy } from '../../src/lib/content/landing-copy.ts';
import type { SiteSettings } from '../../src/build/site-settings.ts';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import type { School } from '../../src/lib/content/types.ts';
import {
  alternatePaths,
  canonicalPath,
  PAGE_KINDS,
  routeAliases,
  type PageData,
  type RouteMatch,
} from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { sha1, type PageRecord } from './export-manifest.ts';
import type { PageKeys } from './page-keys.ts';
import type { CarriedPage, PageAssets, RenderedPage, SiteOutputSink } from './page-types.ts';
import type { CarriedSchool, SchoolState } from './validate-content.ts';

/** An image-variant sink filling `used` with the variants a render asks for (self-hosted ones: src !== remote). */
export const collectVariants =
  (used: Map<string, string>) =>
  (v: ImageVariant): void => {
    if (v.src !== v.remote) used.set(v.src, v.remote);
  };

/** A sink filling `built` with the variants the families' bundles draw again, as they look them up. */
const collectBuilt =
  (built: BuiltImages) =>
  (v: ImageVariant, key: string): void => {
    built[builtKey(key)] = [v.src, v.width, v.height];
  };

/** A page's React tree as HTML, the self-hosted variants and the LCP image it used, and what the browser looks up. */
interface RenderedApp {
  appHtml: string;
  used: Map<string, string>;
  lcp: string | null;
  built: BuiltImages;
}

/** What every page of one export shares, and what the pages add to as they are rendered or carried. */
export interface PageContext {
  siteEnv: SiteEnv;
  siteUrl: string | null;
  assets: PageAssets;
  csp: string;
  editions: Map<Lang, { copy: LandingCopy; settings: SiteSettings }>;
  keys: PageKeys;
  previous: ReadonlyMap<string, PageRecord> | undefined;
  warn: ((w: WarningInput) => void) | undefined;
  /** Every school page's file (see schoolPageFiles). */
  pageFiles: Set<string>;
  /** The landing page and 404.html show the same data: the app is rendered once for both. */
  rendered: WeakMap<PageData, RenderedApp>;
  /** Takes each page as it is rendered (the export writes it meanwhile). */
  sink: SiteOutputSink | undefined;
  variants: Map<string, string>;
  carried: CarriedPage[];
  records: Map<string, PageRecord>;
  schools: Map<string, SchoolState>;
}

/** One page to make. `school` is the data read now, or a carried school's state; a page without a school is keyed by `dataKey`. */
export interface PageJob {
  route: RouteMatch;
  url: string;
  file: string;
  data: PageData | null;
  school?: School | CarriedSchool | null;
  indexable: boolean;
  dataKey?: string;
  notes?: readonly WarningInput[];
  facts?: SchoolFacts | null;
  /** The school's hash over all its editions' data (the page key and the next export's state). */
  schoolHash?: string;
  /** `data` serialised already (for the school's hash). */
  serializedData?: string;
}

const ownerOf = (id: string) => ({ type: 'school', document: id });

const lastmodOf = (school: School): string | null => {
  const t = school._updatedAt;
  return typeof t === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(t) ? t : null;
};

/** The page rendered now, or null when it is carried over (recorded in ctx.carried). */
export function renderPage(ctx: PageContext, job: PageJob): RenderedPage | null {
  const { route, url, file, data, indexable } = job;
  const school = job.school ?? null;
  const aliases = routeAliases(route).filter((a) => !ctx.pageFiles.has(a.slice(0, a.lastIndexOf('/'))));
  const carriedState = school && data === null ? (school as CarriedSchool).state : null;
  // The page's embedded data is serialised once, and only when needed: its hash keys the page
  // when no school hash does, and a rendered page embeds it (a carried landing page needs neither).
  let serialized: string | null = job.serializedData ?? null;
  const dataJson = () => {
    serialized ??= serializePageData(data!);
    return serialized;
  };
  const readState = (): SchoolState => ({
    hash: ctx.keys.keyed ? (job.schoolHash ?? sha1(dataJson())) : '',
    lastmod: lastmodOf(school as School),
    facts: job.facts ?? null,
  });
  const state = carriedState ?? (school ? readState() : null);
  if (school && state) ctx.schools.set(school._id, state);
  const sitemap = indexable ? { path: canonicalPath(route), lastmod: state ? state.lastmod : null } : null;
  const key = ctx.keys.keyOf(url, file, indexable, state ? state.hash : (job.dataKey ?? ''));
  const before = ctx.previous?.get(file);
  if (ctx.keys.keyed && before && before.key === key) {
    for (const w of before.warnings) ctx.warn?.(w);
    ctx.keys.replayVariants(before, ctx.variants);
    ctx.carried.push({ file, aliases, url, route, sitemap, record: before });
    ctx.records.set(file, before);
    return null;
  }
  const warnings: WarningInput[] = [];
  const report = ctx.warn;
  const sink = createWarnings(
    report
      ? (w) => {
          // What a school's page reports without naming a document is that school's to fix.
          const owner = school && typeof w !== 'string' && w.document === undefined ? ownerOf(school._id) : {};
          const onPage = typeof w === 'string' ? `${file}: ${w}` : { ...owner, ...w, page: file };
          warnings.push(onPage);
          report(onPage);
        }
      : (w) => console.warn(warningText(w)),
  );
  // Reported through the page's sink, so a carried page replays them like its render's own.
  for (const note of job.notes ?? []) sink.always(note);
  const page = renderOne(ctx, { route, url, data: data!, dataJson: dataJson(), indexable, warnings: sink });
  if (ctx.keys.keyed) ctx.records.set(file, ctx.keys.recordOf(key, warnings, page.used));
  return { file, aliases, url, html: Buffer.from(page.html), route, sitemap };
}

interface RenderJob {
  route: RouteMatch;
  url: string;
  data: PageData;
  dataJson: string;
  indexable: boolean;
  warnings: Warnings;
}

/**
 * The React tree of the page's data, once per data object, with the images it used and its LCP
 * image. Only pages that share their data (the landing page and 404.html) are cached: each school
 * edition has data of its own, and a cached app HTML lived until the next full collection
 * (~90 MB and ~100 ms of scavenging at 1000 schools).
 */
function appOf(ctx: PageContext, j: RenderJob) {
  const shared = j.data.page !== 'school';
  let app = shared ? ctx.rendered.get(j.data) : undefined;
  if (!app) {
    const used = new Map<string, string>();
    const built: BuiltImages = {};
    // The first priority image is the page's LCP candidate, preloaded by the document.
    let lcp: string | null = null;
    const onPriorityImage = (src: string) => {
      lcp ??= src;
    };
    const images = { ...ctx.siteEnv.images, onVariant: collectVariants(used), onBuilt: collectBuilt(built) };
    const langEnv: Partial<SiteEnv> =
      j.route.lang === DEFAULT_LANG ? {} : { messages: CATALOGUES[j.route.lang], lang: j.route.lang };
    const appHtml = render(j.url, j.data, {
      ...ctx.siteEnv,
      ...langEnv,
      warnings: j.warnings,
      onPriorityImage,
      images,
    });
    app = { appHtml, used, lcp, built };
    if (shared) ctx.rendered.set(j.data, app);
  }
  return app;
}

/** The page's document: the app inside its head (SEO, hreflang, assets, CSP) with its embedded data. */
function renderOne(ctx: PageContext, j: RenderJob): { html: string; used: Map<string, string> } {
  const { route, data, indexable } = j;
  const app = appOf(ctx, j);
  const used = new Map(app.used);
  // The social card image is a variant too (self-hosted like the page's own), but none the browser draws.
  const env: SiteEnv = {
    ...ctx.siteEnv,
    images: { ...ctx.siteEnv.images, onVariant: collectVariants(used), built: app.built },
  };
  const messages = CATALOGUES[route.lang];
  const edition = ctx.editions.get(route.lang)!;
  const seoCtx = {
    siteUrl: ctx.siteUrl,
    base: env.base,
    urls: createImageUrls(env.images, j.warnings.always),
    messages,
    district: edition.settings.districtName,
    headline: edition.copy.headline,
    poster: edition.copy.heroPoster,
  };
  const build = pageBuild(data.page);
  const seo = build.seo(data, canonicalPath(route), seoCtx, indexable);
  // hreflang on indexable pages only (every edition of a page names all of them, itself included).
  const alternates = indexable ? hreflangAlternates(ctx.siteUrl, alternatePaths(route)) : [];
  if (alternates.length) seo.alternates = alternates;
  const html = renderDocument({
    appHtml: app.appHtml,
    data,
    env,
    seo,
    themeColor: build.themeColor?.(data) ?? edition.settings.themeColor,
    assets: documentAssets(ctx.assets, route.lang, data.page),
    lcpImage: app.lcp ? { src: app.lcp } : null,
    noindex: !indexable,
    dataJson: j.dataJson,
    csp: ctx.csp,
    lang: messages.lang,
  });
  for (const [src, remote] of used) ctx.variants.set(src, remote);
  return { html, used };
}

/** The stylesheets, entry and preloads of a page of `lang`'s edition. */
function documentAssets(assets: PageAssets, lang: Lang, page: PageData['page']): DocumentAssets {
  const entry = lang === DEFAULT_LANG ? undefined : assets.editions?.[lang];
  return {
    css: assets.cssUrls,
    entry: entry?.entryUrl ?? assets.entryUrl,
    modulePreload: [
      ...(entry?.entryPreload ?? assets.entryPreload),
      ...(assets.pagePreload[PAGE_KINDS[page].module] ?? []),
    ],
    favicon: assets.favicon,
  };
}
