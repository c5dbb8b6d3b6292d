// The credentialed content client of the preview server: no CDN (drafts must be fresh), a pinned
// API version, and the drafts perspective when it holds a token. It is created on the server
// only; the token never reaches a browser. For a page inside the Studio's Presentation tool a
// second client adds stega (click-to-edit): @sanity/client asks the content service for the
// result's source map and hides each string's document and field in invisible characters, which
// @sanity/visual-editing reads in the browser. Never used by the export.
import { createClient, type ClientConfig, type SanityClient } from '@sanity/client';
import type { FilterDefault } from '@sanity/client/stega';
import { PREVIEW_API_VERSION, type PublicConfig } from '../../src/config/public.ts';

export function createPreviewClient(cfg: PublicConfig, token: string | null): SanityClient {
  return createClient(previewClientConfig(cfg, token));
}

function previewClientConfig(cfg: PublicConfig, token: string | null): ClientConfig {
  return {
    projectId: cfg.projectId,
    dataset: cfg.dataset,
    apiVersion: PREVIEW_API_VERSION,
    useCdn: false,
    withCredentials: false,
    perspective: token ? 'drafts' : 'published',
    ...(token ? { token } : {}),
    ...(cfg.apiHost ? { apiHost: cfg.apiHost, useProjectHostname: false } : {}),
  };
}

/**
 * Fields whose strings the site uses as values, not text (compared, parsed, put in a class name, a
 * link or a meta tag): invisible characters there would break the page. A name here covers the
 * field and everything inside it: bell times are read as HH:MM and ZIP codes as five digits,
 * and stega would make both fail their check and vanish from the page. The client's own filter
 * already skips slugs, `_` fields, ids, URLs, dates, colours and `href`/`link`.
 */
export const STEGA_SKIPPED_FIELDS = new Set([
  'tagCategory',
  'twitter',
  'videoId',
  'columns',
  'topPadding',
  'bellTimes',
  'attendanceZipCodes',
  'zipCodes',
]);

const inSkippedField = (path: readonly unknown[]): boolean =>
  path.some((seg) => typeof seg === 'string' && STEGA_SKIPPED_FIELDS.has(seg));

/** Encodes what the client's default would, minus the fields the site uses as values. */
export const stegaFilter: FilterDefault = (props) => {
  if (inSkippedField(props.sourcePath) || inSkippedField(props.resultPath)) return false;
  return props.filterDefault(props);
};

/** The client for Studio sessions: the same reads, with stega pointing edits at `studioUrl`. */
export function createStegaClient(cfg: PublicConfig, token: string | null, studioUrl: string): SanityClient {
  return createClient({ ...previewClientConfig(cfg, token), stega: { enabled: true, studioUrl, filter: stegaFilter } });
}
