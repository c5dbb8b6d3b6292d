// The public, CDN-backed read client. Browser-safe: it never carries a token.
import { createClient, type SanityClient } from '@sanity/client';
import type { PublicConfig } from '../config/public.ts';

/**
 * Request behaviour a caller with its own retry policy (the export) needs to set. These must be
 * given at creation: @sanity/client builds its requester then, so withConfig({ maxRetries })
 * would not switch its built-in retries off.
 */
export interface PublicClientOptions {
  maxRetries?: number;
  timeout?: number;
}

export function createPublicClient(cfg: PublicConfig, options: PublicClientOptions = {}): SanityClient {
  return createClient({
    projectId: cfg.projectId,
    dataset: cfg.dataset,
    apiVersion: cfg.apiVersion,
    useCdn: cfg.useCdn,
    perspective: 'published',
    ...(cfg.apiHost ? { apiHost: cfg.apiHost, useProjectHostname: false } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  });
}
