// What the export's page building hands on: the pages rendered now and carried over, with what
// the next export needs to carry them again. Apart from pages.ts so the modules that build a page
// and the export that writes them share the types without importing each other.
import type { Lang } from '../../src/i18n/messages.ts';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import type { RouteMatch } from '../../src/routes.ts';
import type { PageRecord } from './export-manifest.ts';
import type { SchoolState } from './validate-content.ts';

export interface PageAssets {
  entryUrl: string;
  cssUrls: string[];
  entryPreload: string[];
  /** By page module (src/routes.ts): its chunk and its own imports (absent: none preloaded). */
  pagePreload: Record<string, string[]>;
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
  /**
   * Other files the pages link to (the shared navigation JSON, the facts), by path relative to the
   * asset base. Those handed to BuildPagesOptions.onOutput as they were made read as empty here.
   */
  files: { path: string; contents: string }[];
  /** Every exported school's facts, by title: the facts file's content, and the open data's. */
  facts: SchoolFacts[];
  /** Self-hosted variants the pages use: src → remote URL. */
  variants: Map<string, string>;
  /** The district's files the pages link (guide, hero video): path relative to the asset base → remote URL. */
  fileAssets: Map<string, string>;
  /** With `codeVersion`: each school's data hash and sitemap date, for the next incremental read. */
  schools: Map<string, SchoolState>;
}

/** What takes the site's output while it is built (see BuildPagesOptions.onOutput). */
export interface SiteOutputSink {
  page(page: RenderedPage): void;
  /** Files by path relative to the asset base, like RenderedSite.files. */
  files(files: RenderedSite['files']): void;
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
