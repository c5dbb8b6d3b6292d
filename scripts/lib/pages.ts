// Every page of the site as HTML: the route table gives the pages and their files, each page gets
// only the data it shows (landing: navigation + cards; school: navigation + that school), so a
// change to one school rewrites its own page and, only when navigation data changes, the others.
import type { WarningInput } from '../../src/lib/warn.ts';
import { CONTENT_LIMITS, limitContent, type ContentLimits } from '../../src/build/content-limits.ts';
import { serializeForScript } from '../../src/lib/serialize.ts';
import { byKey } from '../../src/lib/order.ts';
import { createImageUrls, withBuiltVariants } from '../../src/lib/images/image.ts';
import { cardImageVariants, schoolIconVariant } from '../../src/lib/images/drawn-variants.ts';
import { byTitle, gridCards, isHiddenFromGrid, mapLandingCards, mapNavigation } from '../../src/lib/content/mapping.ts';
import { factsIn, type SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import { programGroups } from '../../src/lib/family-tools/grid-tools.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../src/i18n/messages.ts';
import { landingCopy, type LandingCopy } from '../../src/lib/content/landing-copy.ts';
import { siteSettings, withLogo, type SiteSettings } from '../../src/build/site-settings.ts';
import { siteAltNotes } from '../../src/build/alt-warnings.ts';
import { siteNotes } from '../../src/build/site-notes.ts';
import { exportedFilePath, type FileSrc, fileUrlOn } from '../../src/lib/content/site-files.ts';
import { calendarFiles, type Timeline } from './calendar-files.ts';
import { copyLang, editionLayers } from '../../src/lib/content/editions.ts';
import { landingGrid } from './landing-grid.ts';
import { pageBuild, type EditionInputs } from './page-builds.ts';
import type { NavSchool, School } from '../../src/lib/content/types.ts';
import {
  canonicalPath,
  PAGE_KINDS,
  routeFile,
  schoolPath,
  type PageData,
  type PageKindName,
  type RouteMatch,
} from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import type { ValidContent } from './validate-content.ts';
import { sha1, type PageRecord } from './export-manifest.ts';
import { siteCsp } from '../../render/csp.ts';
import { carriedProblem, createPageKeys, schoolPageFiles } from './page-keys.ts';
import { collectVariants, renderPage, type PageContext } from './page-render.ts';
import { prepareSchools, schoolEditionsJson, type Prepared } from './school-prep.ts';

/** Above this size the navigation list is a shared file instead of part of every page's data. */
export const NAV_INLINE_MAX_BYTES = 32 * 1024;
/** The shared navigation list's file, relative to the asset base (outside the immutable assets/). */
export const NAV_FILE = 'navigation.json';
/**
 * The schools' facts file, relative to the asset base. Like NAV_FILE its name is fixed, not hashed,
 * so the pages linking to it (both landing pages, both compare pages, 404) do not depend on it:
 * publishing one school's facts rewrites the file and that school's pages, not the 2 MB landing
 * pages of a large district. A page read with a newer file still works: facts are found by slug.
 */
export const FACTS_FILE = 'school-facts.json';
/** An edition's facts file (its words in its language): 'school-facts.json', 'es/school-facts.json'. */
export const factsFile = (lang: Lang): string => (lang === DEFAULT_LANG ? FACTS_FILE : `${lang}/${FACTS_FILE}`);

export type { CarriedPage, NeedsFullRead, PageAssets, RenderedPage, RenderedSite, RenderFailed } from './page-types.ts';
import type {
  NeedsFullRead,
  PageAssets,
  RenderedPage,
  RenderedSite,
  RenderFailed,
  SiteOutputSink,
} from './page-types.ts';

export interface BuildPagesOptions {
  env: SiteEnv;
  siteUrl: string | null;
  assets: PageAssets;
  /**
   * Receives what components report while a page renders (unknown block types, bad crops...),
   * prefixed with the page's file, so an editor learns which page has the problem. Each page has
   * its own sink, so unknown content warns once per kind per page: every page with a problem is
   * named, and the log does not depend on which pages an incremental export rendered.
   * Default: the console.
   */
  warn?: (w: WarningInput) => void;
  /**
   * Incremental export: the hash of the code (export-manifest.ts codeVersion). With it every page
   * gets a key over all its inputs; with `previous` too, pages whose key is unchanged are not
   * rendered but carried over (their warnings and image variants replayed).
   */
  codeVersion?: string;
  previous?: ReadonlyMap<string, PageRecord>;
  /** Each school is cut to these before it is rendered; default CONTENT_LIMITS. */
  limits?: ContentLimits;
  /** The time the site is made (ms): events over by then are left off. Default: now. */
  now?: number;
  /**
   * Receives each page as it is rendered, and the files made before the pages (the facts and the
   * calendars), so the export can write them while the rest renders. A build that ends in
   * RenderFailed has handed on pages of a site that will not be published.
   */
  onOutput?: SiteOutputSink;
}

/**
 * Renders every page whose key changed and carries the others over. A school an incremental read
 * did not fetch (content.carried) can only be carried: when its key no longer matches (the code,
 * settings or navigation changed, or its page in out/ was touched), nothing is rendered and the
 * answer is NeedsFullRead.
 */
export function buildPages(
  content: ValidContent,
  opts: BuildPagesOptions,
): RenderedSite | NeedsFullRead | RenderFailed {
  const limits = opts.limits ?? CONTENT_LIMITS;
  // The rows repeat school fields (title, subtitle, description): cut the same way, the warning is the school page's.
  const limitRow = <T extends object>(row: T): T => limitContent(row, limits).value;
  const nav = mapNavigation(content.nav.map(limitRow));
  const limitedLanding = content.landing.map(limitRow);
  // A district-sized navigation list ships once, as a file the browser loads after hydration (see
  // useNavigation.ts), instead of twice in every page's HTML and once in its data. Its name is
  // fixed, not hashed, so pages do not depend on the list: editing a school's title rewrites the
  // file, the landing page and that school's page, not every page.
  const navJson = serializeForScript(nav);
  const navFile = navJson.length > NAV_INLINE_MAX_BYTES ? NAV_FILE : null;
  const siteEnv: SiteEnv = navFile ? { ...opts.env, navSrc: `${opts.env.base}${navFile}` } : opts.env;
  const pageNav = navFile ? null : nav;
  const variants = new Map<string, string>();
  const fileAssets = new Map<string, string>();
  const editions = siteEditions(content, siteEnv, variants, fileAssets);
  const settingsOf = (lang: Lang): SiteSettings => editions.get(lang)!.settings;
  // Site-wide, so said on every export (not kept with one page's record).
  for (const note of [...siteNotes(content.site), ...siteAltNotes(content.site)]) opts.warn?.(note);

  const keys = createPageKeys({ ...opts, codeVersion: opts.codeVersion, siteEnv, pageNav, settingsOf });
  const now = opts.now ?? Date.now();
  const problem = carriedProblem(content.carried, keys, opts.previous, now);
  if (problem) return { needsFullRead: problem };

  const ctx: PageContext = {
    siteEnv,
    siteUrl: opts.siteUrl,
    assets: opts.assets,
    csp: siteCsp(siteEnv.images),
    editions,
    keys,
    previous: opts.previous,
    warn: opts.warn,
    pageFiles: schoolPageFiles([...content.schools, ...content.carried]),
    rendered: new WeakMap(),
    sink: opts.onOutput,
    variants,
    carried: [],
    records: new Map(),
    schools: new Map(),
  };
  const { prepared, failed } = prepareSchools(content, { limits, now, pageNav, settingsOf });
  const facts = prepared
    .flatMap((p) => (p.facts ? [p.facts] : []))
    .sort((a, b) => byTitle(a.title, b.title) || byKey('id')(a, b));
  const early = [
    ...LANGS.map((lang) => ({ path: factsFile(lang), contents: JSON.stringify(facts.map((f) => factsIn(f, lang))) })),
    ...calendarFiles(
      facts,
      LANGS.map((lang) => timelineOf(content.site.landing, editions.get(lang)!.copy, lang)),
      now,
      settingsOf(DEFAULT_LANG).timeZone,
    ),
  ];
  opts.onOutput?.files(early);
  // Handed on, they are not held while the pages render (at 10,000 schools ~300 MB of calendars
  // and facts): the write stage skips a file the sink has placed, so only its path stays.
  const files = opts.onOutput ? early.map((f) => ({ path: f.path, contents: '' })) : early;
  const { pages, gridFiles } = districtPages(ctx, { limitedLanding, facts, pageNav, settingsOf });
  failed.push(...schoolPages(ctx, prepared, pages));
  if (failed.length) return { failed };
  pages.sort(byKey('file'));
  ctx.carried.sort(byKey('file'));
  if (navFile) files.push({ path: navFile, contents: navFileContents(ctx, navFile, nav, navJson) });
  files.push(...gridFiles);
  const { carried, records, schools } = ctx;
  return { pages, carried, records, variants, fileAssets, files, schools, facts };
}

/**
 * The editors' landing page and settings of each edition, over the built-in copy. The files they
 * link (the guide, the hero video) are the export's own copies under the asset base, noted in
 * `fileAssets` to be fetched.
 */
function siteEditions(
  content: ValidContent,
  siteEnv: SiteEnv,
  variants: Map<string, string>,
  fileAssets: Map<string, string>,
): PageContext['editions'] {
  // The uploaded logo's variant is the site's, made on every export (not kept with one page's record).
  const siteImages = createImageUrls({ ...siteEnv.images, onVariant: collectVariants(variants) });
  const { imageHost, projectId, dataset } = siteEnv.images;
  const files: FileSrc = (file) => {
    const rel = exportedFilePath(file);
    fileAssets.set(rel, fileUrlOn(imageHost, projectId, dataset, file));
    return `${siteEnv.base}${rel}`;
  };
  return new Map(
    LANGS.map((lang) => [
      lang,
      {
        copy: landingCopy(content.site.landing, lang, files),
        settings: withLogo(siteSettings(content.site.settings, lang, CATALOGUES[lang], files), siteImages),
      },
    ]),
  );
}

/** An edition's timeline with its document's date: the translation's, or the English one's it shows. */
function timelineOf(raw: unknown, copy: LandingCopy, lang: Lang): Timeline {
  const { own, english } = editionLayers(raw, lang);
  const doc = copyLang(copy, 'enrollmentTimeline') ? english : own;
  return { copy, updated: typeof doc?._updatedAt === 'string' ? doc._updatedAt : null };
}

interface DistrictInputs {
  limitedLanding: ValidContent['landing'];
  facts: SchoolFacts[];
  pageNav: NavSchool[] | null;
  settingsOf: (lang: Lang) => SiteSettings;
}

/**
 * Every edition's pages of every kind but the school pages (page-builds.ts: the landing page and
 * 404.html, the all-schools page of a district-sized grid, the compare page, the pages by ZIP
 * code), with the grid's cards files.
 */
function districtPages(
  ctx: PageContext,
  d: DistrictInputs,
): { pages: RenderedPage[]; gridFiles: { path: string; contents: string }[] } {
  const { keys, editions, siteEnv } = ctx;
  const { pageNav, settingsOf, facts } = d;
  // The program groups the grid's tools will list, so the page draws their panel at its height.
  const factsBySlug = new Map(facts.map((f) => [f.slug, f]));
  const groupsOf = (shown: { slug: string }[], lang: Lang) =>
    programGroups(shown.flatMap((c) => (factsBySlug.has(c.slug) ? [factsIn(factsBySlug.get(c.slug)!, lang)] : []))).map(
      (g) => g.category,
    );
  // The photos the grid's tools draw from the cards file (built-images.ts), each a variant the export writes.
  const cardPhotos = withBuiltVariants({ ...siteEnv.images, onVariant: collectVariants(ctx.variants) }, (urls, img) =>
    cardImageVariants(urls, img),
  );
  const inputs = new Map(
    LANGS.map((lang): [Lang, EditionInputs] => {
      // Every listed school's card: the grid lists those it does not hide, the ZIP pages all of them.
      const cards = mapLandingCards(d.limitedLanding, lang);
      const listed = gridCards(cards);
      return [
        lang,
        {
          lang,
          nav: pageNav,
          settings: settingsOf(lang),
          copy: editions.get(lang)!.copy,
          base: siteEnv.base,
          factsSrc: `${siteEnv.base}${factsFile(lang)}`,
          cards,
          listed,
          hidden: cards.filter((c) => isHiddenFromGrid(c.title)),
          // The district's ZIP codes are not translated: the English settings name them.
          zips: settingsOf(DEFAULT_LANG).zipCodes,
          facts,
          // A district-sized grid: the first cards, the rest on the all-schools page.
          grid: landingGrid(listed, lang, siteEnv.base, cardPhotos),
          programGroups: groupsOf(listed, lang),
        },
      ];
    }),
  );
  // A page's key covers its data but the navigation (navKey) and the settings (in `common`).
  const dataKey = (data: PageData) => (keys.keyed ? sha1(JSON.stringify({ ...data, nav: null, settings: null })) : '');
  const pages: RenderedPage[] = [];
  for (const kind of (Object.keys(PAGE_KINDS) as PageKindName[]).map(pageBuild)) {
    for (const lang of LANGS) {
      for (const { route, data, at } of kind.pages?.(inputs.get(lang)!) ?? []) {
        const url = at?.url ?? canonicalPath(route);
        const file = at?.file ?? routeFile(route);
        // Each edition has its own data object: renders are cached by it (see appOf), so 404.html reuses its landing page's.
        const page = renderPage(ctx, { route, url, file, data, indexable: !at, dataKey: dataKey(data) });
        if (!page) continue;
        pages.push(page);
        ctx.sink?.page(page);
      }
    }
  }
  const gridFiles = [...inputs.values()].flatMap((e) => (e.grid.file ? [e.grid.file] : []));
  return { pages, gridFiles };
}

/** Every edition of every school's page into `pages`; the schools whose page threw. */
function schoolPages(ctx: PageContext, prepared: Prepared[], pages: RenderedPage[]): { _id: string; error: string }[] {
  const failed: { _id: string; error: string }[] = [];
  // Read and carried schools in one _id order: carried pages replay their warnings where a full export logs them.
  for (const p of prepared) {
    try {
      const made = ctx.keys.keyed && p.editions.size > 0 ? schoolEditionsJson(p.editions) : null;
      for (const lang of LANGS) {
        const route: RouteMatch = { page: 'school', slug: p.read.slug!, lang };
        const data = p.editions.get(lang) ?? null;
        const page = renderPage(ctx, {
          route,
          url: schoolPath(p.read.slug!, lang),
          file: routeFile(route),
          data,
          school: data ? (data as { school: School }).school : p.school,
          indexable: true,
          // Limit notes are the school's, reported once (on its English page).
          notes: lang === DEFAULT_LANG ? p.notes : [],
          facts: p.facts,
          schoolHash: made?.hash,
          serializedData: made?.json.get(lang),
        });
        if (page) {
          pages.push(page);
          ctx.sink?.page(page);
        }
      }
      // Rendered: its data is no longer held.
      p.editions.clear();
    } catch (err) {
      failed.push({ _id: p.read._id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return failed;
}

/**
 * The shared navigation list, each icon with the variants the families' bundles draw of it
 * (built-images.ts). The icons are self-hosted like any page's images, and recorded like a page's.
 */
function navFileContents(ctx: PageContext, navFile: string, nav: NavSchool[], navJson: string): string {
  const used = new Map<string, string>();
  const icon = withBuiltVariants({ ...ctx.siteEnv.images, onVariant: collectVariants(used) }, (urls, img) =>
    schoolIconVariant(urls, img),
  );
  const contents = JSON.stringify(nav.map((school) => ({ ...school, icon: icon(school.icon) })));
  for (const [src, remote] of used) ctx.variants.set(src, remote);
  const { keys } = ctx;
  if (keys.keyed) ctx.records.set(navFile, keys.recordOf(sha1(JSON.stringify([keys.common, navJson])), [], used));
  return contents;
}
