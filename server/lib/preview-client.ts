// The credentialed content client of the preview server: no CDN (drafts must be fresh), a pinned
// API version, and the drafts perspective when it holds a token. It is created on the server
// only; the token never reaches a browser.
import { createClient, type SanityClient } from '@sanity/client';
import { PREVIEW_API_VERSION, type PublicConfig } from '../../src/config/public.ts';

export function createPreviewClient(cfg: PublicConfig, token: string | null): SanityClient {
  return createClient({
    projectId: cfg.projectId,
    dataset: cfg.dataset,
    apiVersion: PREVIEW_API_VERSION,
    useCdn: false,
    withCredentials: false,
    perspective: token ? 'drafts' : 'published',
    ...(token ? { token } : {}),
    ...(cfg.apiHost ? { apiHost: cfg.apiHost, useProjectHostname: false } : {}),
  });
}
