// The preview's pages, rendered on the server with the export's own render (render/render.tsx) and
// document shell (render/document.ts), so editors see the server render and the hydration that
// families get. The data is what the preview client would otherwise fetch first: navigation and
// landing cards, or the school by slug (published, or with ?livepreview the spec's draft-or-published
// lookup). A read that fails is logged and rendered empty (spec section 8), and the page tells
// the client what failed so it loads that part itself.
import { renderToString } from 'react-dom/server';
import { stegaClean } from '@sanity/client/stega';
import type { FastifyBaseLogger } from 'fastify';
import { render } from '../../render/render.tsx';
import { renderDocument } from '../../render/document.ts';
import { canonicalPath, PAGE_KINDS, type PageData, type PreviewRouteMatch } from '../../src/routes.ts';
import { slugProblem } from '../../src/lib/slug.ts';
import { chooseSource } from '../../src/preview/loading/school-flow.ts';
import { createImageUrls } from '../../src/lib/images/image.ts';
import { landingSeo, schoolSeo } from '../../src/lib/seo.ts';
import { DEFAULT_THEME_COLOR, themeColors } from '../../src/lib/theme.ts';
import type { School } from '../../src/lib/content/types.ts';
import type { PreviewInitial, SiteEnv } from '../../src/SiteEnv.tsx';
import { bannerNote, PreviewBanner } from '../../src/preview/PreviewBanner.tsx';
import { toggleLivepreview } from '../../src/preview/PreviewRoot.tsx';
import { EditorHome } from '../../src/preview/EditorHome.tsx';
import type { EditorSchool } from '../../src/preview/editor-home.ts';
import type { ExportReportSummary, ReportGroup } from '../../src/build/report.ts';
import { readReportSummary } from '../../core/export-report-file.ts';
import type { ContentApi } from './content-api.ts';
import { HttpError } from './upstream.ts';
import { localizeSchool } from '../../src/lib/content/localize.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { DEFAULT_LANG } from '../../src/i18n/messages.ts';
import { landingCopy } from '../../src/lib/content/landing-copy.ts';
import { builtinSettings } from '../../src/lib/content/builtin-settings.ts';
import { schoolGlance } from '../../src/lib/facts/school-glance.ts';
import { PreviewApiError, previewProblem } from '../../src/preview/api.ts';
import type { PreviewBundle } from './preview-bundle.ts';

/**
 * The image host both renders use: root-relative URLs (/images/...), served by the preview's
 * image proxy. The server cannot know the origin the browser sees, and root-relative URLs are
 * the same on both sides, so hydration matches.
 */
export const PREVIEW_IMAGE_HOST = '/';

export interface PreviewPage {
  data: PageData;
  initial: PreviewInitial;
  /** The landing page's editor home; null elsewhere or when it could not be read. */
  editorSchools: EditorSchool[] | null;
  /** The landing page's editor home: what the district has not supplied; null elsewhere or unreadable. */
  editorNotes: ReportGroup[] | null;
  /** The landing page's editor home: the last export's report; null elsewhere or when there is none. */
  lastExport: ExportReportSummary | null;
}

/** Reads what the page at `route` shows, never throwing for content that cannot be read. */
export async function loadPreviewPage(
  api: ContentApi,
  route: PreviewRouteMatch,
  livepreview: boolean,
  log: FastifyBaseLogger,
  exportReport: string | null = null,
): Promise<PreviewPage> {
  const perspective = livepreview ? 'drafts' : 'published';
  const failed: PreviewInitial['failed'] = [];
  let problem: string | null = null;
  type Part = PreviewInitial['failed'][number];
  async function attempt<T>(part: Part, read: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await read();
    } catch (err) {
      log.warn({ reason: (err as Error).message, part }, 'preview: content read failed; the page renders without it');
      failed.push(part);
      if (err instanceof HttpError) problem ??= previewProblem(new PreviewApiError(err.statusCode, err.message));
      return fallback;
    }
  }
  const nav = attempt('nav', () => api.navigation(perspective), []);
  // The editors' words and settings; the built-in ones when they cannot be read.
  const m = CATALOGUES[route.lang];
  const site = attempt('site', () => api.site(perspective, route.lang), {
    copy: landingCopy(null, route.lang),
    settings: builtinSettings(m),
  });
  if (route.page === 'landing') {
    const cards = attempt('cards', () => api.landing(perspective), []);
    const editor = api.editorSchools().catch((err: unknown) => {
      log.warn({ reason: (err as Error).message }, 'preview: the editor home could not be read');
      return null;
    });
    const notes = api.siteReport().catch((err: unknown) => {
      log.warn({ reason: (err as Error).message }, "preview: the editor home's notes could not be read");
      return null;
    });
    const { copy, settings } = await site;
    const data: PageData = { page: 'landing', nav: await nav, cards: await cards, copy, settings };
    return {
      data,
      initial: { status: 'ready', mode: null, failed },
      editorSchools: await editor,
      editorNotes: await notes,
      lastExport: exportReport ? readReportSummary(exportReport) : null,
    };
  }
  let mode: PreviewInitial['mode'] = null;
  const NOT_FOUND = Symbol('not found');
  const school = await attempt<School | null | typeof NOT_FOUND>(
    'school',
    async () => {
      // A slug the route table accepts but the API would refuse cannot name a school.
      if (slugProblem(route.slug)) return NOT_FOUND;
      if (!livepreview) return (await api.schoolBySlug(route.slug, 'published')) ?? NOT_FOUND;
      const found = await api.lookup(route.slug);
      if (!found) return NOT_FOUND;
      const source = chooseSource(found);
      mode = source.mode;
      return (await api.schoolById(source.id, 'drafts')) ?? NOT_FOUND;
    },
    null,
  );
  const status: PreviewInitial['status'] = school === NOT_FOUND ? 'not-found' : school ? 'ready' : 'error';
  const shown = school === NOT_FOUND || school === null ? null : localizeSchool(school, route.lang);
  const { settings } = await site;
  const glance = shown
    ? schoolGlance(shown, { lang: route.lang, locale: m.locale, now: Date.now(), timeZone: settings.timeZone })
    : null;
  const data: PageData = { page: 'school', nav: await nav, school: shown, glance, settings };
  return { data, initial: { status, mode, failed, problem }, editorSchools: null, editorNotes: null, lastExport: null };
}

export interface RenderPreviewOptions {
  url: string;
  route: PreviewRouteMatch;
  page: PreviewPage;
  livepreview: boolean;
  /** Path and query of the request, for the banner's live-preview toggle. */
  href: string;
  images: { projectId: string; dataset: string };
  bundle: PreviewBundle;
  favicon: string | null;
}

/** The preview page's HTML: the export's document around the app and the preview banner. */
export function renderPreviewPage(opts: RenderPreviewOptions): string {
  const { data, initial } = opts.page;
  const env: SiteEnv = {
    images: { ...opts.images, imageHost: PREVIEW_IMAGE_HOST },
    base: '/',
    ...(opts.route.lang !== DEFAULT_LANG ? { lang: opts.route.lang, messages: CATALOGUES[opts.route.lang] } : {}),
    preview: {
      livepreview: opts.livepreview,
      initial,
      ...(opts.page.editorSchools ? { editorSchools: opts.page.editorSchools } : {}),
      ...(opts.page.editorNotes ? { editorNotes: opts.page.editorNotes } : {}),
      ...(opts.page.lastExport ? { lastExport: opts.page.lastExport } : {}),
    },
  };
  const school = data.page === 'school' ? data.school : null;
  // The head holds no stega (a Studio session's strings carry it): titles and meta tags are not
  // clickable, and the Studio shows the title as the page's name. Cleaned before the head is made:
  // its whitespace rules would break the invisible runs into pieces no cleaner recognises.
  const plain = stegaClean({
    school,
    district: data.settings?.districtName,
    headline: data.page === 'landing' ? data.copy.headline : undefined,
  });
  // The banner and the editor home come first inside the root, as the client's PreviewRoot renders
  // them; they have no text neighbours, so the renders joined are the one render the client hydrates.
  const banner = renderToString(
    <>
      <PreviewBanner
        livepreview={opts.livepreview}
        mode={initial.mode}
        connection={null}
        note={bannerNote(initial.status, initial.problem)}
        toggleHref={toggleLivepreview(opts.href, !opts.livepreview)}
      />
      <EditorHome schools={opts.page.editorSchools} notes={opts.page.editorNotes} lastExport={opts.page.lastExport} />
    </>,
  );
  const appHtml = banner + render(opts.url, data, env);
  const ctx = {
    siteUrl: null,
    base: env.base,
    urls: createImageUrls(env.images),
    messages: CATALOGUES[opts.route.lang],
    district: plain.district,
    headline: plain.headline,
    poster: data.page === 'landing' ? data.copy.heroPoster : null,
  };
  const seo = plain.school ? schoolSeo(plain.school, canonicalPath(opts.route), ctx) : landingSeo(null, ctx);
  return renderDocument({
    appHtml,
    data,
    env,
    seo: { ...seo, title: `Preview · ${seo.title}` },
    themeColor: school ? themeColors(school.color).color : (data.settings?.themeColor ?? DEFAULT_THEME_COLOR),
    assets: {
      css: opts.bundle.styles,
      entry: opts.bundle.script,
      modulePreload: [...opts.bundle.entryPreload, ...(opts.bundle.pagePreload[PAGE_KINDS[data.page].module] ?? [])],
      favicon: opts.favicon,
    },
    robots: 'noindex, nofollow',
    lang: opts.route.lang,
  });
}
