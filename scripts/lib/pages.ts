// Every page of the site as HTML: the route table gives the pages and their files, each page gets
// only the data it shows (landing: navigation + cards; school: navigation + that school), so a
// change to one school rewrites its own page and, only when navigation data changes, the others.
import { render, renderSchoolList } from '../../render/render.tsx';
import { createWarnings, type Warnings } from '../../src/lib/warn.ts';
import { CONTENT_LIMITS, limitContent, type ContentLimits } from '../../src/lib/content-limits.ts';
import { showInvisible } from '../../src/lib/slug.ts';
import { renderDocument, serializePageData, type DocumentAssets } from '../../render/document.ts';
import { serializeForScript } from '../../src/lib/serialize.ts';
import { byKey } from '../../src/lib/order.ts';
import { createImageUrls, type ImageVariant } from '../../src/lib/image.ts';
import { byTitle, mapLandingGrid, mapNavigation } from '../../src/lib/mapping.ts';
import { schoolFacts, type FilterCategory, type SchoolFacts } from '../../src/lib/school-facts.ts';
import { programGroups } from '../../src/lib/grid-tools.ts';
import { compareSeo, hreflangAlternates, landingSeo, schoolSeo, zipSeo } from '../../src/lib/seo.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/localize.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../src/i18n/messages.ts';
import { themeColors } from '../../src/lib/theme.ts';
import { landingCopy, type LandingCopy } from '../../src/lib/landing-copy.ts';
import { siteSettings, withLogo, type SiteSettings } from '../../src/lib/site-settings.ts';
import { altNotes, siteAltNotes } from '../../src/lib/alt-warnings.ts';
import { schoolGlance } from '../../src/lib/school-glance.ts';
import { calendarFiles } from './calendar-files.ts';
import { landingGrid, type LandingGrid } from './landing-grid.ts';
import { zipFinder, zipListings } from '../../src/lib/zip-pages.ts';
import { FAMILY_WORDS } from '../../src/i18n/family/index.ts';
import { timelineCalendarFile } from '../../src/lib/calendar-files.ts';
import type { PageData, School } from '../../src/lib/types.ts';
import {
  alternatePaths,
  canonicalPath,
  NOT_FOUND_FILE,
  notFoundFile,
  routeAliases,
  routeFile,
  schoolPath,
  type RouteMatch,
} from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import type { CarriedSchool, SchoolState, ValidContent } from './validate-content.ts';
import { sha1, type PageRecord } from './export-manifest.ts';
import { siteCsp } from '../../render/csp.ts';

/** An image-variant sink filling `used` with the variants a render asks for (self-hosted ones: src !== remote). */
const collectVariants =
  (used: Map<string, string>) =>
  (v: ImageVariant): void => {
    if (v.src !== v.remote) used.set(v.src, v.remote);
  };

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

export interface PageAssets {
  entryUrl: string;
  cssUrls: string[];
  entryPreload: string[];
  schoolPreload: string[];
  /** The compare page's chunk and its own imports (absent: none preloaded). */
  comparePreload?: string[];
  landingPreload?: string[];
  favicon: string | null;
  /** Each other language's entry (its catalogue) and preloads; absent: that edition uses the English entry. */
  editions?: Partial<Record<Lang, { entryUrl: string; entryPreload: string[] }>>;
}

export interface RenderedPage {
  file: string;
  /** Further files with the same bytes (the page's old folder form, see routeAliases). */
  aliases: string[];
  url: string;
  /**
   * The page's bytes (UTF-8), made as soon as it is rendered. Its HTML is a rope of thousands of
   * small strings, and holding 2000 of those until the write kept the collector busy: at 1000
   * schools, bytes instead cut ~0.3-0.5 s of CPU and ~85 MB from a full export.
   */
  html: Buffer;
  route: RouteMatch;
  /** Only for indexable pages: what goes into the sitemap. */
  sitemap: { path: string; lastmod: string | null } | null;
}

/** A page whose inputs are unchanged since the previous export: its file is carried over from out/. */
export interface CarriedPage {
  file: string;
  aliases: string[];
  url: string;
  route: RouteMatch;
  sitemap: RenderedPage['sitemap'];
  record: PageRecord;
}

export interface RenderedSite {
  /** Every page rendered now (all of them unless `previous` was given). */
  pages: RenderedPage[];
  /** Pages carried over unchanged from the previous export (only with `previous`). */
  carried: CarriedPage[];
  /** With `codeVersion`: each page's key and what its render reported, for the next export's manifest. */
  records: Map<string, PageRecord>;
  /** Other files the pages link to (the shared navigation JSON, the facts), by path relative to the asset base. */
  files: { path: string; contents: string }[];
  /** Every exported school's facts, by title: the facts file's content, and the open data's. */
  facts: SchoolFacts[];
  /** Self-hosted variants the pages use: src → remote URL. */
  variants: Map<string, string>;
  /** With `codeVersion`: each school's data hash and sitemap date, for the next incremental read. */
  schools: Map<string, SchoolState>;
}

/** An incremental export's answer when it cannot prove its result current: read everything instead. */
export interface NeedsFullRead {
  needsFullRead: string;
}

/**
 * Schools whose page threw while rendering (content the renderer could not cope with). Nothing
 * is rendered for the site then: the caller drops them, so no page links to them, and builds again.
 */
export interface RenderFailed {
  failed: { _id: string; error: string }[];
}

/** A school ready to render: its editions' data cut to the limits (none when carried over), the notes of that cut, its facts. */
interface Prepared {
  read: School | CarriedSchool;
  school: School | CarriedSchool;
  /** Each edition's page data (empty when carried over). */
  editions: Map<Lang, PageData>;
  notes: string[];
  facts: SchoolFacts | null;
  /** The hash over every edition's data (absent when carried over or unkeyed). */
  hash?: string;
  /**
   * Each edition's data as the page embeds it, when it was serialised for the hash: kept until
   * the page is rendered rather than serialised twice (~60 ms of a 1000-school export, for ~35 MB held).
   */
  json?: Map<Lang, string>;
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
   * Receives what components report while a page renders (unknown block types, bad crops...),
   * prefixed with the page's file, so an editor learns which page has the problem. Each page has
   * its own sink, so unknown content warns once per kind per page: every page with a problem is
   * named, and the log does not depend on which pages an incremental export rendered.
   * Default: the console.
   */
  warn?: (msg: string) => void;
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
  const variants = new Map<string, string>();
  const limits = opts.limits ?? CONTENT_LIMITS;
  // The rows repeat school fields (title, subtitle, description): cut the same way, the warning is the school page's.
  const limitRow = <T extends object>(row: T): T => limitContent(row, limits).value;
  const nav = mapNavigation(content.nav.map(limitRow));
  const limitedLanding = content.landing.map(limitRow);
  const cards = mapLandingGrid(limitedLanding);
  const carried: CarriedPage[] = [];
  const records = new Map<string, PageRecord>();
  // A district-sized navigation list ships once, as a file the browser loads after hydration (see
  // useNavigation.ts), instead of twice in every page's HTML and once in its data. Its name is
  // fixed, not hashed, so pages do not depend on the list: editing a school's title rewrites the
  // file, the landing page and that school's page, not every page.
  const navJson = serializeForScript(nav);
  const navFile = navJson.length > NAV_INLINE_MAX_BYTES ? NAV_FILE : null;
  const siteEnv: SiteEnv = navFile ? { ...opts.env, navSrc: `${opts.env.base}${navFile}` } : opts.env;
  const csp = siteCsp(siteEnv.images);
  const pageNav = navFile ? null : nav;
  // The catalogue of each edition (not serialised: the edition's own browser entry brings it).
  const langEnv = (lang: Lang): Partial<SiteEnv> => (lang === DEFAULT_LANG ? {} : { messages: CATALOGUES[lang], lang });
  // The editors' landing page and settings of each edition, over the built-in copy.
  // The uploaded logo's variant is the site's, made on every export (not kept with one page's record).
  const siteImages = createImageUrls({ ...siteEnv.images, onVariant: collectVariants(variants) });
  const editions = new Map<Lang, { copy: LandingCopy; settings: SiteSettings }>(
    LANGS.map((lang) => [
      lang,
      {
        copy: landingCopy(content.site.landing, lang),
        settings: withLogo(siteSettings(content.site.settings, lang, CATALOGUES[lang]), siteImages),
      },
    ]),
  );
  const settingsOf = (lang: Lang): SiteSettings => editions.get(lang)!.settings;
  // Site-wide, so said on every export (not kept with one page's record).
  if (!content.site.landing)
    opts.warn?.(
      'landingPage: no landing page document in the dataset: the built-in copy is shown (docs/content-model.md)',
    );
  for (const note of siteAltNotes(content.site)) opts.warn?.(note);

  // Everything a page's HTML depends on besides its own data, hashed once.
  const keyed = opts.codeVersion !== undefined;
  // With self-hosted images the image host shapes only the remote URLs the images are fetched
  // from, not the HTML, and the embedded service's host is a new loopback port on every run: it is
  // left out of the key, and remote URLs are recorded without it and re-based when replayed.
  const { onVariant: _, ...imageSettings } = opts.env.images;
  const host = imageSettings.selfHostBase ? imageSettings.imageHost : '';
  const common = keyed
    ? sha1(
        JSON.stringify([
          opts.codeVersion,
          { ...imageSettings, imageHost: host ? '' : imageSettings.imageHost },
          opts.env.base,
          opts.env.preview ?? null,
          siteEnv.navSrc ?? null,
          opts.siteUrl,
          opts.assets,
          // Every page shows the settings: a settings edit re-renders every page.
          LANGS.map(settingsOf),
        ]),
      )
    : '';
  const unhost = (remote: string) => (host && remote.startsWith(host) ? `\0${remote.slice(host.length)}` : remote);
  const rehost = (remote: string) => (remote.startsWith('\0') ? host + remote.slice(1) : remote);
  /** What the next export needs to carry a render over: its key, warnings and variants (host-free). */
  const recordOf = (key: string, warnings: string[], used: Map<string, string>): PageRecord => ({
    key,
    warnings,
    used: [...used].map(([src, remote]) => [src, unhost(remote)]),
  });
  /** A carried render's variants, on this run's image host. */
  const replayVariants = (record: PageRecord) => {
    for (const [src, remote] of record.used) variants.set(src, rehost(remote));
  };
  const navKey = keyed ? sha1(JSON.stringify(pageNav)) : '';
  // The check of carried schools below and the render ask for the same keys: each is hashed once.
  const keys = new Map<string, { url: string; indexable: boolean; hash: string; key: string }>();
  const keyOf = (url: string, file: string, indexable: boolean, hash: string) => {
    if (!keyed) return '';
    const k = keys.get(file);
    if (k && k.url === url && k.indexable === indexable && k.hash === hash) return k.key;
    const key = sha1(JSON.stringify([common, navKey, url, file, indexable, hash]));
    keys.set(file, { url, indexable, hash, key });
    return key;
  };
  // A carried school's state hash covers every edition of its page, so each edition's key checks.
  const stale = content.carried
    .flatMap((c) => LANGS.map((lang) => ({ c, route: { page: 'school', slug: c.slug, lang } as RouteMatch })))
    .find(({ c, route }) => {
      const file = routeFile(route);
      return !keyed || opts.previous?.get(file)?.key !== keyOf(canonicalPath(route), file, true, c.state.hash);
    });
  if (stale) {
    return { needsFullRead: `${routeFile(stale.route)}: not read, and its page is not current` };
  }
  // A carried page listing an event that is over since would show it: read everything again.
  const now = opts.now ?? Date.now();
  const past = content.carried.find((c) => c.state.facts?.events?.some((e) => Date.parse(e.end) <= now));
  if (past) return { needsFullRead: `school ${JSON.stringify(past._id)}: an event it lists is over` };

  const schools = new Map<string, SchoolState>();
  // A slug ending in '.html' would put its old folder form where another school's page file is
  // ('a' → schools/a.html, 'a.html' → schools/a.html/index.html): the page file wins.
  const pageFiles = new Set(
    [...content.schools, ...content.carried].flatMap((s) =>
      LANGS.map((lang) => routeFile({ page: 'school', slug: s.slug!, lang })),
    ),
  );
  const aliasesOf = (route: RouteMatch): string[] =>
    routeAliases(route).filter((a) => !pageFiles.has(a.slice(0, a.lastIndexOf('/'))));
  // `school` is the data read now, or a carried school's state (its key was checked above); a page
  // without a school is keyed by `dataKey`.
  const renderPage = (
    route: RouteMatch,
    url: string,
    file: string,
    data: PageData | null,
    school: School | CarriedSchool | null,
    indexable: boolean,
    dataKey: string,
    notes: readonly string[] = [],
    facts: SchoolFacts | null = null,
    /** The school's hash over all its editions' data (the page key and the next export's state). */
    schoolHash?: string,
    /** `data` serialised already (for the school's hash). */
    serializedData?: string,
  ): RenderedPage | null => {
    const aliases = aliasesOf(route);
    const carriedState = school && data === null ? (school as CarriedSchool).state : null;
    // The page's embedded data is serialised once, and only when needed: its hash keys the page
    // when no school hash does, and a rendered page embeds it (a carried landing page needs neither).
    let serialized: string | null = serializedData ?? null;
    const dataJson = () => {
      serialized ??= serializePageData(data!);
      return serialized;
    };
    const readState = (): SchoolState => ({
      hash: keyed ? (schoolHash ?? sha1(dataJson())) : '',
      lastmod: lastmodOf(school as School),
      facts,
    });
    const state = carriedState ?? (school ? readState() : null);
    if (school && state) schools.set(school._id, state);
    const sitemap = indexable ? { path: canonicalPath(route), lastmod: state ? state.lastmod : null } : null;
    const key = keyOf(url, file, indexable, state ? state.hash : dataKey);
    const before = opts.previous?.get(file);
    if (keyed && before && before.key === key) {
      for (const w of before.warnings) opts.warn?.(w);
      replayVariants(before);
      carried.push({ file, aliases, url, route, sitemap, record: before });
      records.set(file, before);
      return null;
    }
    const warnings: string[] = [];
    const report = opts.warn;
    const sink = createWarnings(
      report
        ? (msg) => {
            warnings.push(`${file}: ${msg}`);
            report(`${file}: ${msg}`);
          }
        : (msg) => console.warn(msg),
    );
    // Reported through the page's sink, so a carried page replays them like its render's own.
    for (const note of notes) sink.always(note);
    const page = renderOne(route, url, data!, dataJson(), school as School | null, indexable, sink);
    if (keyed) records.set(file, recordOf(key, warnings, page.used));
    return { file, aliases, url, html: Buffer.from(page.html), route, sitemap };
  };

  // The landing page and 404.html show the same data: the app is rendered once for both.
  const rendered = new WeakMap<PageData, { appHtml: string; used: Map<string, string>; lcp: string | null }>();
  const renderOne = (
    route: RouteMatch,
    url: string,
    data: PageData,
    dataJson: string,
    school: School | null,
    indexable: boolean,
    warnings: Warnings,
  ): { html: string; used: Map<string, string> } => {
    let app = rendered.get(data);
    if (!app) {
      const used = new Map<string, string>();
      // The first priority image is the page's LCP candidate, preloaded by the document.
      let lcp: string | null = null;
      const onPriorityImage = (src: string) => {
        lcp ??= src;
      };
      const images = { ...siteEnv.images, onVariant: collectVariants(used) };
      const appHtml = render(url, data, { ...siteEnv, ...langEnv(route.lang), warnings, onPriorityImage, images });
      app = { appHtml, used, lcp };
      rendered.set(data, app);
    }
    const { appHtml, lcp } = app;
    const used = new Map(app.used);
    // The social card image is a variant too (self-hosted like the page's own).
    const env: SiteEnv = { ...siteEnv, images: { ...siteEnv.images, onVariant: collectVariants(used) } };
    const messages = CATALOGUES[route.lang];
    const edition = editions.get(route.lang)!;
    const ctx = {
      siteUrl: opts.siteUrl,
      base: env.base,
      urls: createImageUrls(env.images, warnings.always),
      messages,
      district: edition.settings.districtName,
      headline: edition.copy.headline,
    };
    const seo = school
      ? schoolSeo(school, canonicalPath(route), ctx)
      : data.page === 'compare'
        ? compareSeo(canonicalPath(route), ctx)
        : data.page === 'zip' || data.page === 'schools'
          ? zipSeo(data.page === 'zip' ? data.listing.words : data.words, canonicalPath(route), ctx)
          : landingSeo(indexable ? canonicalPath(route) : null, ctx);
    // hreflang on indexable pages only (every edition of a page names all of them, itself included).
    const alternates = indexable ? hreflangAlternates(opts.siteUrl, alternatePaths(route)) : [];
    if (alternates.length) seo.alternates = alternates;
    const entry = route.lang === DEFAULT_LANG ? undefined : opts.assets.editions?.[route.lang];
    const assets: DocumentAssets = {
      css: opts.assets.cssUrls,
      entry: entry?.entryUrl ?? opts.assets.entryUrl,
      modulePreload: [
        ...(entry?.entryPreload ?? opts.assets.entryPreload),
        ...(data.page === 'school' ? opts.assets.schoolPreload : []),
        ...(data.page === 'compare' ? (opts.assets.comparePreload ?? []) : []),
        ...(['landing', 'zip', 'schools'].includes(data.page) ? (opts.assets.landingPreload ?? []) : []),
      ],
      favicon: opts.assets.favicon,
    };
    const html = renderDocument({
      appHtml,
      data,
      env,
      seo,
      themeColor: school ? themeColors(school.color).color : edition.settings.themeColor,
      assets,
      lcpImage: lcp ? { src: lcp } : null,
      noindex: !indexable,
      dataJson,
      csp,
      lang: messages.lang,
    });
    for (const [src, remote] of used) variants.set(src, remote);
    return { html, used };
  };

  // Each school is cut to the content limits first: its pages, key, hash and facts are the limited
  // data's. Every edition of a school is prepared together; the facts are the English edition's
  // (one facts file for every edition, see README "The Spanish edition").
  const hashed = (editions: Map<Lang, PageData>) => {
    const json = new Map(LANGS.map((lang) => [lang, serializePageData(editions.get(lang)!)]));
    return { json, hash: sha1([...json.values()].join('\n')) };
  };
  const carriedSchools = new Set<School | CarriedSchool>(content.carried);
  const failed: RenderFailed['failed'] = [];
  const prepared: Prepared[] = [];
  for (const read of [...content.schools, ...content.carried].sort(byKey('_id'))) {
    if (carriedSchools.has(read)) {
      const { facts } = (read as CarriedSchool).state;
      prepared.push({ read, school: read, editions: new Map(), notes: [], facts });
      continue;
    }
    try {
      const limited = limitContent(read as SchoolRow, limits);
      const pageData = new Map<Lang, PageData>();
      for (const lang of LANGS) {
        const localized = localizeSchool(limited.value, lang);
        const { timeZone } = settingsOf(lang);
        const glance = schoolGlance(localized, { lang, locale: CATALOGUES[lang].locale, now, timeZone });
        pageData.set(lang, { page: 'school', nav: pageNav, school: localized, glance, settings: settingsOf(lang) });
      }
      const school = (pageData.get(DEFAULT_LANG) as { school: School }).school;
      prepared.push({
        read,
        school,
        editions: pageData,
        notes: [
          ...limited.breaches.map(
            (b) =>
              `school ${showInvisible(JSON.stringify(read._id))}: field ${b.field}: ${b.problem} (docs/content-model.md)`,
          ),
          ...altNotes(limited.value),
        ],
        facts: schoolFacts(school, now),
        ...(keyed ? hashed(pageData) : {}),
      });
    } catch (err) {
      failed.push({ _id: read._id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const facts = prepared
    .flatMap((p) => (p.facts ? [p.facts] : []))
    .sort((a, b) => byTitle(a.title, b.title) || byKey('id')(a, b));
  const factsJson = JSON.stringify(facts);
  const factsSrc = `${siteEnv.base}${FACTS_FILE}`;

  // The program groups the grid's tools will list, so the page draws their panel at its height.
  const factsBySlug = new Map(facts.map((f) => [f.slug, f]));
  const groupsOf = (shown: { slug: string }[]) =>
    programGroups(shown.flatMap((c) => factsBySlug.get(c.slug) ?? [])).map((g) => g.category);
  const toolGroups = groupsOf(cards);
  const landing: RouteMatch = { page: 'landing', lang: DEFAULT_LANG };
  // The district's ZIP codes are not translated: the English settings name them.
  const zips = settingsOf(DEFAULT_LANG).zipCodes;
  // A district-sized grid: the first cards, the rest on the all-schools page (landing-grid.ts).
  const grids = new Map<Lang, LandingGrid>();
  const landingOf = (lang: Lang, langCards: typeof cards, groups: FilterCategory[]): PageData => {
    const grid = landingGrid(langCards, lang, siteEnv.base, { nav: pageNav, settings: settingsOf(lang) });
    grids.set(lang, grid);
    return landingWith(lang, grid, groups);
  };
  const landingWith = (lang: Lang, grid: LandingGrid, groups: FilterCategory[]): PageData => ({
    page: 'landing',
    nav: pageNav,
    cards: grid.cards,
    ...(grid.more ? { more: grid.more } : {}),
    factsSrc,
    programGroups: groups,
    copy: editions.get(lang)!.copy,
    zipFinder: zips.length ? zipFinder(zips, lang) : null,
    timeline: editions.get(lang)!.copy.enrollmentTimeline.length
      ? { ...FAMILY_WORDS[lang].timeline, src: `${siteEnv.base}${timelineCalendarFile(lang)}` }
      : null,
    settings: settingsOf(lang),
  });
  // A page's key covers its data but the navigation (navKey) and the settings (in `common`).
  const dataKey = (data: PageData) => (keyed ? sha1(JSON.stringify({ ...data, nav: null, settings: null })) : '');
  const landingData = landingOf(DEFAULT_LANG, cards, toolGroups);
  const landingKey = dataKey(landingData);
  const pages: RenderedPage[] = [];
  const add = (page: RenderedPage | null) => {
    if (page) pages.push(page);
  };
  add(renderPage(landing, '/', routeFile(landing), landingData, null, true, landingKey));
  // Static hosts serve 404.html for any path without a file: the spec shows the landing page there,
  // in English; its language switcher links to the Spanish edition's landing page.
  add(renderPage(landing, `/${NOT_FOUND_FILE}`, NOT_FOUND_FILE, landingData, null, false, landingKey));
  for (const lang of LANGS.filter((l) => l !== DEFAULT_LANG)) {
    const route: RouteMatch = { page: 'landing', lang };
    const langCards = mapLandingGrid(limitedLanding, lang);
    const langGroups = groupsOf(langCards);
    const data = landingOf(lang, langCards, langGroups);
    const langKey = dataKey(data);
    add(renderPage(route, canonicalPath(route), routeFile(route), data, null, true, langKey));
    // A miss under /es/ is answered in Spanish: '/es/404.html', which `npm start`, Cloudflare Pages
    // (the nearest 404.html) and Netlify (the `_redirects` rule) serve for it.
    const notFound = notFoundFile(lang);
    add(renderPage(route, `/${notFound}`, notFound, data, null, false, langKey));
  }
  for (const [lang, grid] of grids) {
    if (!grid.allSchools) continue;
    const route: RouteMatch = { page: 'schools', lang };
    add(
      renderPage(route, canonicalPath(route), routeFile(route), grid.allSchools, null, true, dataKey(grid.allSchools)),
    );
  }
  // One compare page per edition for every choice of schools: the browser reads them from its
  // address and loads the same facts file as the grid's tools.
  // Each edition gets its own data object: renders are cached by it (see renderOne).
  const compareKey = keyed ? sha1(JSON.stringify(['compare', factsSrc])) : '';
  for (const lang of LANGS) {
    const compare: RouteMatch = { page: 'compare', lang };
    const factWords = FAMILY_WORDS[lang].compare;
    const data: PageData = { page: 'compare', nav: pageNav, factsSrc, factWords, settings: settingsOf(lang) };
    add(renderPage(compare, canonicalPath(compare), routeFile(compare), data, null, true, compareKey));
  }
  // One page per district ZIP code and edition: its zoned schools, then the open ones by distance.
  for (const lang of LANGS) {
    const langCards = lang === DEFAULT_LANG ? cards : mapLandingGrid(limitedLanding, lang);
    for (const listing of zipListings(zips, langCards, facts, lang)) {
      const route: RouteMatch = { page: 'zip', zip: listing.zip, lang };
      const data: PageData = { page: 'zip', nav: pageNav, listing, settings: settingsOf(lang) };
      add(renderPage(route, canonicalPath(route), routeFile(route), data, null, true, dataKey(data)));
    }
  }
  // Read and carried schools in one _id order: carried pages replay their warnings where a full export logs them.
  for (const p of prepared) {
    try {
      for (const lang of LANGS) {
        const route: RouteMatch = { page: 'school', slug: p.read.slug!, lang };
        const data = p.editions.get(lang) ?? null;
        const shown = data ? (data as { school: School }).school : p.school;
        // Limit notes are the school's, reported once (on its English page).
        const own = lang === DEFAULT_LANG ? p.notes : [];
        const url = schoolPath(p.read.slug!, lang);
        add(renderPage(route, url, routeFile(route), data, shown, true, '', own, p.facts, p.hash, p.json?.get(lang)));
        p.json?.delete(lang); // rendered: no longer held
      }
    } catch (err) {
      failed.push({ _id: p.read._id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (failed.length) return { failed };
  pages.sort(byKey('file'));
  carried.sort(byKey('file'));
  // The shared list's icons are self-hosted like any page's images: the variants its render asks
  // for. They are recorded like a page's, so an unchanged list is not rendered again (~60 ms at 1000).
  if (navFile) {
    const key = keyed ? sha1(JSON.stringify([common, navJson])) : '';
    const before = opts.previous?.get(navFile);
    if (keyed && before?.key === key) {
      replayVariants(before);
      records.set(navFile, before);
    } else {
      const used = new Map<string, string>();
      renderSchoolList(nav, { ...siteEnv, images: { ...siteEnv.images, onVariant: collectVariants(used) } });
      for (const [src, remote] of used) variants.set(src, remote);
      if (keyed) records.set(navFile, recordOf(key, [], used));
    }
  }
  const files = [
    { path: FACTS_FILE, contents: factsJson },
    ...calendarFiles(
      facts,
      LANGS.map((lang) => editions.get(lang)!.copy),
    ),
  ];
  if (navFile) files.push({ path: navFile, contents: navJson });
  for (const grid of grids.values()) if (grid.file) files.push(grid.file);
  return { pages, carried, records, variants, files, schools, facts };
}
