// The export's half of the page registry (src/routes.ts): for each page kind, the pages an edition
// gets and their data, and the page's SEO. School pages are made one school at a time
// (scripts/lib/pages.ts, each with its own key and failure); every other kind is made here from
// what the export knows of the edition. Adding a page kind: its route in src/routes.ts, its
// component in src/pages/, its words, and its entry here.
import { compareSeo, landingSeo, schoolSeo, zipSeo, type PageSeo, type SeoContext } from '../../src/lib/seo.ts';
import { themeColors } from '../../src/lib/theme.ts';
import { groupPages, listPager, listPageTitle, type ListPager } from '../../src/lib/family-tools/list-pages.ts';
import { zipFinder, zipListings } from '../../src/build/zip-pages.ts';
import { FAMILY_WORDS } from '../../src/i18n/family/index.ts';
import { timelineCalendarFile } from '../../src/lib/calendar/calendar-paths.ts';
import type { Lang } from '../../src/i18n/messages.ts';
import type { LandingCopy } from '../../src/lib/content/landing-copy.ts';
import type { SiteSettings } from '../../src/build/site-settings.ts';
import type { FilterCategory, SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import type { LandingCard, NavSchool } from '../../src/lib/content/types.ts';
import { listPage, notFoundFile, type DataOf, type PageKindName, type RouteMatch } from '../../src/routes.ts';
import type { LandingGrid } from './landing-grid.ts';

/** What the export knows of one edition when it makes the district's pages. */
export interface EditionInputs {
  lang: Lang;
  /** The menus' schools as every page carries them (null: loaded from the shared list file). */
  nav: NavSchool[] | null;
  settings: SiteSettings;
  copy: LandingCopy;
  /** The asset base ('/' or '/repo/'). */
  base: string;
  /** The edition's facts file's URL. */
  factsSrc: string;
  /** Every listed school's card: the grid's and those it hides. */
  cards: LandingCard[];
  /** The cards the landing grid lists (all of them, not only those it shows first). */
  listed: LandingCard[];
  /** The cards the landing grid hides (spec: "Innovation Center", …). */
  hidden: LandingCard[];
  /** The district's ZIP codes (the English settings name them: they are not translated). */
  zips: SiteSettings['zipCodes'];
  facts: SchoolFacts[];
  /** The landing grid: its first cards, or all of them. */
  grid: LandingGrid;
  /** The program groups the grid's tools will list (drawn at their height before the facts load). */
  programGroups: FilterCategory[];
}

/** One page an edition gets. Only a page at its own address is indexable (404.html shows the landing page). */
export interface PageOut<K extends PageKindName> {
  route: Extract<RouteMatch, { page: K }>;
  data: DataOf<K>;
  /** Another file and address than the route's (404.html). */
  at?: { file: string; url: string };
}

export interface PageBuild<K extends PageKindName> {
  /** The pages of one edition (absent: school pages, made per school). */
  pages?(e: EditionInputs): PageOut<K>[];
  /** The page's title, description, canonical link and social card (`indexable` false: 404.html). */
  seo(data: DataOf<K>, canonical: string, ctx: SeoContext, indexable: boolean): PageSeo;
  /** The browser's theme colour, when not the edition's. */
  themeColor?(data: DataOf<K>): string | null;
}

/** Page `i` (0-based) of `of`: its pager; none for a list of one page, whose data has no such field. */
function pagerOf(i: number, of: number, lang: Lang): { pager?: ListPager } {
  const pager = listPager(i + 1, of, lang);
  return pager ? { pager } : {};
}

/** A kind's entry, for code that handles pages of any kind. */
export const pageBuild = (page: PageKindName): PageBuild<PageKindName> => PAGE_BUILDS[page] as PageBuild<PageKindName>;

const PAGE_BUILDS: { [K in PageKindName]: PageBuild<K> } = {
  landing: {
    pages: (e) => {
      const route = { page: 'landing', lang: e.lang } as const;
      const data: DataOf<'landing'> = {
        page: 'landing',
        nav: e.nav,
        cards: e.grid.cards,
        ...(e.grid.more ? { more: e.grid.more } : {}),
        factsSrc: e.factsSrc,
        programGroups: e.programGroups,
        copy: e.copy,
        zipFinder: e.zips.length ? zipFinder(e.zips, e.lang) : null,
        timeline: e.copy.enrollmentTimeline.length
          ? { ...FAMILY_WORDS[e.lang].timeline, src: `${e.base}${timelineCalendarFile(e.lang)}` }
          : null,
        settings: e.settings,
      };
      // Static hosts serve 404.html for any path without a file: the edition's landing page there.
      // A miss under /es/ is answered in Spanish: '/es/404.html', which `npm start`, Cloudflare Pages
      // (the nearest 404.html) and Netlify (the `_redirects` rule) serve for it.
      const notFound = notFoundFile(e.lang);
      return [
        { route, data },
        { route, data, at: { file: notFound, url: `/${notFound}` } },
      ];
    },
    seo: (_data, canonical, ctx, indexable) => landingSeo(indexable ? canonical : null, ctx),
  },
  // Every school, when the landing grid shows only its first cards (landing-grid.ts), a page at a time.
  schools: {
    pages: (e) => {
      if (!e.grid.more) return [];
      const words = FAMILY_WORDS[e.lang].allSchools;
      const { listed, hidden } = e;
      const pages = groupPages({ cards: listed, other: hidden });
      return pages.map(({ cards, other }, i) => ({
        route: { page: 'schools', lang: e.lang, ...listPage(i + 1) },
        data: {
          page: 'schools',
          nav: e.nav,
          cards,
          ...(other.length ? { other } : {}),
          words: {
            title: words.title,
            intro: words.intro(listed.length + hidden.length, hidden.length),
            other: words.other,
            back: words.back,
          },
          ...pagerOf(i, pages.length, e.lang),
          settings: e.settings,
        },
      }));
    },
    seo: (data, canonical, ctx) =>
      zipSeo({ ...data.words, title: listPageTitle(data.words.title, data.pager) }, canonical, ctx),
  },
  // One compare page per edition for every choice of schools: the browser reads them from its
  // address and loads the same facts file as the grid's tools.
  compare: {
    pages: (e) => [
      {
        route: { page: 'compare', lang: e.lang },
        data: {
          page: 'compare',
          nav: e.nav,
          factsSrc: e.factsSrc,
          factWords: FAMILY_WORDS[e.lang].compare,
          settings: e.settings,
        },
      },
    ],
    seo: (_data, canonical, ctx) => compareSeo(canonical, ctx),
  },
  // One page per district ZIP code: its zoned schools, then the open ones by distance.
  zip: {
    pages: (e) =>
      zipListings(e.zips, e.cards, e.facts, e.lang).flatMap((listing) => {
        const pages = groupPages({ zoned: listing.zoned, open: listing.open, other: listing.other });
        return pages.map((groups, i) => ({
          route: { page: 'zip', zip: listing.zip, lang: e.lang, ...listPage(i + 1) },
          data: {
            page: 'zip',
            nav: e.nav,
            listing: { ...listing, ...groups },
            ...pagerOf(i, pages.length, e.lang),
            settings: e.settings,
          },
        }));
      }),
    seo: (data, canonical, ctx) =>
      zipSeo({ ...data.listing.words, title: listPageTitle(data.listing.words.title, data.pager) }, canonical, ctx),
  },
  school: {
    seo: (data, canonical, ctx, indexable) =>
      data.school ? schoolSeo(data.school, canonical, ctx) : landingSeo(indexable ? canonical : null, ctx),
    themeColor: (data) => (data.school ? themeColors(data.school.color).color : null),
  },
};
