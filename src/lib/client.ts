// The public, CDN-backed read client. Browser-safe: it never carries a token.
import { createClient, type SanityClient } from '@sanity/client';
import type { PublicConfig } from '../config/public.ts';

export function createPublicClient(cfg: PublicConfig): SanityClient {
  return createClient({
    projectId: cfg.projectId,
    dataset: cfg.dataset,
    apiVersion: cfg.apiVersion,
    useCdn: cfg.useCdn,
    perspective: 'published',
    ...(cfg.apiHost ? { apiHost: cfg.apiHost, useProjectHostname: false } : {}),
  });
}
