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
 * Fields whose strings the site uses as values, not text (compared, put in a class name, a link or
 * a meta tag): invisible characters there would break the page. The client's own filter already
 * skips slugs, `_` fields, ids, URLs, dates, colours and `href`/`link`.
 */
export const STEGA_SKIPPED_FIELDS = new Set(['tagCategory', 'twitter', 'videoId', 'columns', 'topPadding']);

/** Encodes what the client's default would, minus the fields the site uses as values. */
export const stegaFilter: FilterDefault = (props) => {
  const last = props.sourcePath.at(-1);
  if (typeof last === 'string' && STEGA_SKIPPED_FIELDS.has(last)) return false;
  const resultLast = props.resultPath.at(-1);
  if (typeof resultLast === 'string' && STEGA_SKIPPED_FIELDS.has(resultLast)) return false;
  return props.filterDefault(props);
};

/** The client for Studio sessions: the same reads, with stega pointing edits at `studioUrl`. */
export function createStegaClient(cfg: PublicConfig, token: string | null, studioUrl: string): SanityClient {
  return createClient({ ...previewClientConfig(cfg, token), stega: { enabled: true, studioUrl, filter: stegaFilter } });
}
