// The browser's client for the preview server's own API (same origin, session cookie). It only
// knows the fixed named endpoints; the credentialed content client never reaches the browser.
import type { LandingCard, NavSchool, School } from '../lib/content/types.ts';
import type { SchoolLookup } from './loading/school-flow.ts';
import type { EditorSchool } from './editor-home.ts';
import type { ExportReportSummary, ReportGroup } from '../build/report.ts';
import type { LandingCopy } from '../lib/content/landing-copy.ts';
import type { SiteSettings } from '../lib/content/builtin-settings.ts';
import type { Lang } from '../i18n/messages.ts';

export class PreviewApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PreviewApiError';
  }
}

export type Perspective = 'published' | 'drafts';

export interface PreviewApi {
  navigation(perspective: Perspective): Promise<NavSchool[]>;
  landing(perspective: Perspective): Promise<LandingCard[]>;
  /** Published school by slug (what families will see after the next export); null if none. */
  schoolBySlug(slug: string): Promise<School | null>;
  lookup(slug: string): Promise<SchoolLookup | null>;
  /** The school with this id (published or drafts. form) as the perspective shows it; null if none. */
  document(id: string, perspective: Perspective): Promise<School | null>;
  /** Every school and its state, and what the district has not supplied, for the editor home (a landing page reached without a reload). */
  editorHome(): Promise<{ schools: EditorSchool[]; notes: ReportGroup[]; lastExport: ExportReportSummary | null }>;
  /** The landing page's words and the site settings of an edition. */
  site(perspective: Perspective, lang: Lang): Promise<{ copy: LandingCopy; settings: SiteSettings } | null>;
  /** URL of the change stream for a school. */
  eventsUrl(id: string): string;
  /** URL of the change stream for every school (the menus' and the landing grid's rows). */
  schoolsEventsUrl(): string;
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export function createPreviewApi(fetchImpl: FetchLike = (u, i) => fetch(u, i), origin = ''): PreviewApi {
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await fetchImpl(origin + path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (res.status === 404) return null;
    if (!res.ok) {
      let detail = '';
      try {
        const body = (await res.json()) as { error?: string; message?: string };
        detail = [body.error, body.message].filter(Boolean).join(': ');
      } catch {
        /* not JSON */
      }
      throw new PreviewApiError(
        res.status,
        `preview API ${path} answered ${res.status}${detail ? ` (${detail})` : ''}`,
      );
    }
    return (await res.json()) as T;
  };
  const enc = encodeURIComponent;
  return {
    async navigation(p) {
      return (await get<{ schools: NavSchool[] }>(`/api/navigation?perspective=${p}`))?.schools ?? [];
    },
    async landing(p) {
      return (await get<{ cards: LandingCard[] }>(`/api/landing?perspective=${p}`))?.cards ?? [];
    },
    async schoolBySlug(slug) {
      return (await get<{ school: School }>(`/api/schools/${enc(slug)}`))?.school ?? null;
    },
    lookup: (slug) => get<SchoolLookup>(`/api/schools/${enc(slug)}/lookup`),
    async document(id, p) {
      return (await get<{ school: School }>(`/api/documents/${enc(id)}?perspective=${p}`))?.school ?? null;
    },
    async editorHome() {
      const got = await get<{
        schools?: EditorSchool[];
        notes?: ReportGroup[];
        lastExport?: ExportReportSummary | null;
      }>('/api/editor-schools');
      return { schools: got?.schools ?? [], notes: got?.notes ?? [], lastExport: got?.lastExport ?? null };
    },
    site: (p, lang) => get<{ copy: LandingCopy; settings: SiteSettings }>(`/api/site?perspective=${p}&lang=${lang}`),
    eventsUrl: (id) => `${origin}/api/events?id=${enc(id)}`,
    schoolsEventsUrl: () => `${origin}/api/events?scope=schools`,
  };
}

/**
 * What an editor should know about a failed preview request, for the banner: the preview server
 * answers 503 when it cannot reach the content service and 502 when the service refuses its token.
 */
export function previewProblem(err: unknown): string | null {
  if (err instanceof PreviewApiError) {
    if (err.status === 401) return 'your preview session has ended: open the preview link again';
    if (err.status === 502 && /refused the preview credentials/.test(err.message))
      return 'the content service refused the preview’s read token: give the preview server a token with read rights and restart it';
    if (err.status === 503 || err.status === 502)
      return 'the content service is not answering: this page fills in by itself when it is back';
    return null;
  }
  // fetch itself failed: the preview server (or the network to it) is down.
  if (err instanceof TypeError) return 'the preview server is not answering: is npm run preview still running?';
  return null;
}
