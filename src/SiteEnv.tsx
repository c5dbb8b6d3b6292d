// The render environment shared by the export, the preview server and the browser: where images
// come from and the asset base path. Passed explicitly so rendering stays pure.
import type { EditorSchool } from './preview/editor-home.ts';
import type { ExportReportSummary, ReportGroup } from './build/report.ts';
import { createContext, useContext, type ReactNode } from 'react';
import type { ImageSettings } from './lib/images/image.ts';
import { consoleWarnings, type Warnings } from './lib/warn.ts';
import { FALLBACK_MESSAGES } from './i18n/fallback.ts';
import type { Lang, Messages } from './i18n/messages.ts';
import { builtinSettings, type SiteSettings } from './lib/content/builtin-settings.ts';

export interface SiteEnv {
  images: ImageSettings;
  /** Asset base path, always ending in '/': '/' or e.g. '/wp-content/themes/district/'. */
  base: string;
  /**
   * The path the site's pages are served under, ending in '/': '/' (when absent) or e.g. '/repo/'
   * for a GitHub project site. Every internal page link carries it (see pageHref in routes.ts).
   */
  root?: string;
  /** Set on the editors' preview server only. */
  preview?: PreviewEnv | null;
  /**
   * URL of the navigation's school list as one shared JSON file, set by the export for a
   * district-sized list: pages then carry no list (nav is null) and the browser loads it once
   * after hydration (see useNavigation.ts). Without JavaScript the menus link to the landing grid.
   */
  navSrc?: string | null;
  /** Where components report unknown content (the export gives each page its own); default the console. */
  warnings?: Warnings | null;
  /**
   * The page's message catalogue (its language: messages.lang). Not serialised: the browser entry
   * of the page's language brings its own (src/entry-client*.tsx). Absent: English (server and tests).
   */
  messages?: Messages | null;
  /** The page's language when not English, serialised for the preview's entry (which has every catalogue). */
  lang?: Lang;
  /**
   * The edition's site settings (district name, logo, navigation and footer links), from the page's
   * data (App.tsx puts them here); absent: the built-in settings of the page's language.
   */
  settings?: SiteSettings | null;
  /** Server render: told the src of the page's priority (LCP) image, which the document preloads. */
  onPriorityImage?: ((src: string) => void) | null;
}

/**
 * The preview's mode and, on pages the preview server rendered, what that render showed, so the
 * preview client hydrates the same tree and then carries on from the server's data.
 */
export interface PreviewEnv {
  livepreview: boolean;
  initial?: PreviewInitial | null;
  /** On the landing page: every school and its state, for the editor home (null when unreadable). */
  editorSchools?: EditorSchool[] | null;
  /** On the landing page: what the district has not supplied, grouped (src/build/site-notes.ts). */
  editorNotes?: ReportGroup[] | null;
  /** On the landing page: the last export's report (its summary), when the preview can read it. */
  lastExport?: ExportReportSummary | null;
}

export interface PreviewInitial {
  /** The school the server rendered: found, not found, or not loadable (content service down). */
  status: 'ready' | 'not-found' | 'error';
  /** With livepreview: whether the draft or the published school was shown. */
  mode: 'draft' | 'published' | null;
  /** What the server could not load and rendered empty: the client loads it itself, as it always did. */
  failed: ('nav' | 'cards' | 'school' | 'site')[];
  /** Why the school could not be loaded, in an editor's words (a refused token, a service down). */
  problem?: string | null;
}

export const defaultSiteEnv: SiteEnv = {
  images: { projectId: 'embedded', dataset: 'production', imageHost: '' },
  base: '/',
  preview: null,
};

const SiteEnvContext = createContext<SiteEnv>(defaultSiteEnv);

export function SiteEnvProvider({ env, children }: { env: SiteEnv; children: ReactNode }) {
  return <SiteEnvContext.Provider value={env}>{children}</SiteEnvContext.Provider>;
}

export const useSiteEnv = (): SiteEnv => useContext(SiteEnvContext);

/** The warning sink of the current render. */
export const useWarnings = (): Warnings => useSiteEnv().warnings ?? consoleWarnings();

/** The current page's message catalogue. */
export function useMessages(): Messages {
  const m = useSiteEnv().messages ?? FALLBACK_MESSAGES;
  if (!m) throw new Error('SiteEnv.messages: no message catalogue for this page');
  return m;
}

const builtins = new WeakMap<Messages, SiteSettings>();

/** The current edition's site settings: the page's, else the built-in ones of its language. */
export function useSettings(): SiteSettings {
  const env = useSiteEnv();
  const m = useMessages();
  if (env.settings) return env.settings;
  let s = builtins.get(m);
  if (!s) {
    s = builtinSettings(m);
    builtins.set(m, s);
  }
  return s;
}
