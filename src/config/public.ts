// Public content-service settings: safe to ship to the browser. The read token lives in
// core/secrets.ts and must never be imported from src/.

export interface PublicConfig {
  /** Sanity project id; 'embedded' for the bundled local service. */
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** Any Sanity-compatible API base (e.g. http://127.0.0.1:4000); null means Sanity's own hosts. */
  apiHost: string | null;
  /** Where images are served: the image CDN or the embedded service's /images. */
  imageHost: string;
  useCdn: boolean;
}

/** The API version the credentialed (preview/listen) client is pinned to. */
export const PREVIEW_API_VERSION = '2025-02-19';
export const DEFAULT_DATASET = 'production';
export const DEFAULT_API_VERSION = '2025-02-19';
export const EMBEDDED_PROJECT_ID = 'embedded';
export const SANITY_IMAGE_HOST = 'https://cdn.sanity.io';

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

const PROJECT_ID = /^[a-z0-9][-a-z0-9]{0,63}$/;
const DATASET = /^[a-z0-9][-\w]{0,63}$/;
const API_VERSION = /^(1|X|\d{4}-\d{2}-\d{2})$/;

/**
 * Reads and validates the public settings from an environment map. Returns null when no hosted
 * project is configured (SANITY_PROJECT_ID unset): callers then start the embedded service.
 * Throws ConfigError naming the variable at fault.
 */
export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig | null {
  const projectId = env.SANITY_PROJECT_ID?.trim();
  if (!projectId) return null;
  if (!PROJECT_ID.test(projectId)) throw new ConfigError('SANITY_PROJECT_ID', `"${projectId}" is not a valid project id (lowercase letters, digits and dashes)`);
  const dataset = env.SANITY_DATASET?.trim() || DEFAULT_DATASET;
  if (!DATASET.test(dataset)) throw new ConfigError('SANITY_DATASET', `"${dataset}" is not a valid dataset name`);
  const apiVersion = (env.SANITY_API_VERSION?.trim() || DEFAULT_API_VERSION).replace(/^v/, '');
  if (!API_VERSION.test(apiVersion)) throw new ConfigError('SANITY_API_VERSION', `"${apiVersion}" is not an API version like 2025-02-19`);
  const apiHost = env.SANITY_API_HOST?.trim() || null;
  if (apiHost !== null) {
    let url: URL;
    try { url = new URL(apiHost); } catch { throw new ConfigError('SANITY_API_HOST', `"${apiHost}" is not an absolute URL`); }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('SANITY_API_HOST', 'must be an http(s) URL');
  }
  const host = apiHost?.replace(/\/+$/, '') ?? null;
  return { projectId, dataset, apiVersion, apiHost: host, imageHost: host ?? SANITY_IMAGE_HOST, useCdn: true };
}

/** Settings for the embedded content service listening at `url`. */
export function embeddedConfig(url: string, dataset = DEFAULT_DATASET): PublicConfig {
  const host = url.replace(/\/+$/, '');
  return { projectId: EMBEDDED_PROJECT_ID, dataset, apiVersion: DEFAULT_API_VERSION, apiHost: host, imageHost: host, useCdn: true };
}
