// The preview API's fixed, named reads. The credentialed client stays on the server; the browser
// can only ask for these shapes with validated parameters, never send GROQ of its own.
import type { SanityClient } from '@sanity/client';
import {
  draftIdOf,
  draftLookupQuery,
  editorSchoolsQuery,
  landingSchoolsQuery,
  navigationSchoolsQuery,
  publishedIdOf,
  schoolByIdQuery,
  schoolBySlugQuery,
  schoolIdsBySlugQuery,
  siteDocumentsQuery,
} from '../../src/lib/content/queries.ts';
import { landingCopy, type LandingCopy } from '../../src/lib/content/landing-copy.ts';
import { siteSettings, withLogo, type SiteSettings } from '../../src/build/site-settings.ts';
import { createImageUrls } from '../../src/lib/images/image.ts';
import type { PublicConfig } from '../../src/config/public.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import type { Lang } from '../../src/i18n/messages.ts';
import { mapLandingGrid, mapNavigation } from '../../src/lib/content/mapping.ts';
import type {
  LandingCard,
  LandingSchoolRow,
  NavSchool,
  NavigationSchoolRow,
  School,
} from '../../src/lib/content/types.ts';
import type { SchoolLookup } from '../../src/preview/loading/school-flow.ts';
import { editorSchools, type EditorSchool } from '../../src/preview/editor-home.ts';
import { siteAltNotes } from '../../src/build/alt-warnings.ts';
import type { SiteDocuments } from '../../src/lib/content/editions.ts';
import { groupWarnings, type ReportGroup } from '../../src/build/report.ts';
import { siteNotes } from '../../src/build/site-notes.ts';
import { type FileSrc, fileUrlOn } from '../../src/lib/content/site-files.ts';
import { upstreamError } from './upstream.ts';

/** 'published' is what families will see after the next export; 'drafts' overlays unpublished edits. */
export type Perspective = 'published' | 'drafts';

export interface ContentApi {
  navigation(perspective: Perspective): Promise<NavSchool[]>;
  landing(perspective: Perspective): Promise<LandingCard[]>;
  schoolBySlug(slug: string, perspective: Perspective): Promise<School | null>;
  lookup(slug: string): Promise<SchoolLookup | null>;
  /**
   * The school with this id (its published or its `drafts.` form) as `perspective` shows it: with
   * 'drafts' its draft if it has one, and every document it references in their drafts too.
   */
  schoolById(id: string, perspective: Perspective): Promise<School | null>;
  /** Every school, published and draft, with its state: the editor home. */
  editorSchools(): Promise<EditorSchool[]>;
  /** What the district has not supplied of its site (drafts included), grouped: the editor home. */
  siteReport(): Promise<ReportGroup[]>;
  /** The landing page's words and the site settings of the `lang` edition. */
  site(perspective: Perspective, lang: Lang): Promise<SiteCopy>;
}

/** What every page of an edition shows besides its own data: the settings, and the landing page's words. */
export interface SiteCopy {
  copy: LandingCopy;
  settings: SiteSettings;
}

/**
 * The preview's images are served by its own proxy under /images/ (root-relative, the same on the
 * server and in the browser): the uploaded logo's address is made for that host.
 */
const PREVIEW_IMAGES = (config: Pick<PublicConfig, 'projectId' | 'dataset'>) =>
  createImageUrls({ projectId: config.projectId, dataset: config.dataset, imageHost: '/' });

/** The district's files (guide, hero video) through the same proxy, under /files/. */
const PREVIEW_FILES =
  (config: Pick<PublicConfig, 'projectId' | 'dataset'>): FileSrc =>
  (file) =>
    fileUrlOn('/', config.projectId, config.dataset, file);

export function createContentApi(client: SanityClient): ContentApi {
  const { projectId = 'embedded', dataset = 'production' } = client.config();
  const images = PREVIEW_IMAGES({ projectId, dataset });
  const files = PREVIEW_FILES({ projectId, dataset });
  const run = async <T>(
    query: string,
    params: Record<string, unknown>,
    perspective: 'published' | 'drafts' | 'raw',
  ): Promise<T> => {
    try {
      return await client.fetch<T>(query, params, { perspective });
    } catch (err) {
      throw upstreamError(err);
    }
  };

  return {
    async navigation(perspective) {
      return mapNavigation(await run<NavigationSchoolRow[] | null>(navigationSchoolsQuery, {}, perspective));
    },
    async landing(perspective) {
      return mapLandingGrid(await run<LandingSchoolRow[] | null>(landingSchoolsQuery, {}, perspective));
    },
    async schoolBySlug(slug, perspective) {
      const school = await run<School | null>(schoolBySlugQuery, { slug }, perspective);
      return school && typeof school === 'object' ? school : null;
    },
    async lookup(slug) {
      const ids = await run<unknown>(schoolIdsBySlugQuery, { slug }, 'raw');
      const list = Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
      if (list.length === 0) return null;
      // Prefer a published id (the draft may have been renamed), else the draft-only school's.
      const id = publishedIdOf(list.find((x) => x === publishedIdOf(x)) ?? list[0]!);
      const draftId = draftIdOf(id);
      // The spec's draft lookup, by id with the drafts. prefix: also finds a draft whose slug changed.
      const found = await run<unknown>(draftLookupQuery, { draftId }, 'raw');
      return { id, draftId, hasDraft: found === draftId, hasPublished: list.includes(id) };
    },
    async schoolById(id, perspective) {
      // A perspective shows every document under its published id (a draft included).
      const doc = await run<School | null>(schoolByIdQuery, { id: publishedIdOf(id) }, perspective);
      return doc && typeof doc === 'object' && doc._type === 'school' ? doc : null;
    },
    async editorSchools() {
      const got = await run<{ schools?: unknown; links?: unknown } | null>(editorSchoolsQuery, {}, 'raw');
      const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
      return editorSchools(list(got?.schools), list(got?.links));
    },
    async site(perspective, lang) {
      const got =
        (await run<{ landing?: unknown; settings?: unknown } | null>(siteDocumentsQuery, {}, perspective)) ?? {};
      const m = CATALOGUES[lang];
      return {
        copy: landingCopy(got.landing ?? null, lang, files),
        settings: withLogo(siteSettings(got.settings ?? null, lang, m, files), images),
      };
    },
    async siteReport() {
      const got = (await run<SiteDocuments | null>(siteDocumentsQuery, {}, 'drafts')) ?? {};
      return groupWarnings([...siteNotes(got), ...siteAltNotes(got)]);
    },
  };
}
