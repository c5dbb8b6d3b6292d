// Public content-service settings: safe to ship to the browser. The read token lives in
// core/secrets.ts and must never be imported from src/.
import { InputError } from '../lib/input-error.ts';

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

const PROJECT_ID = /^[a-z0-9][-a-z0-9]{0,63}$/;
/** Sanity's rule for dataset names: the config readers and the embedded service all check this one. */
export const DATASET_NAME = /^[a-z0-9][-\w]{0,63}$/;
const API_VERSION = /^(1|X|\d{4}-\d{2}-\d{2})$/;

/**
 * Reads and validates the public settings from an environment map. Returns null when no hosted
 * project is configured (SANITY_PROJECT_ID unset): callers then start the embedded service.
 * Throws InputError naming the variable at fault.
 */
export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig | null {
  const projectId = env.SANITY_PROJECT_ID?.trim();
  if (!projectId) return null;
  if (!PROJECT_ID.test(projectId))
    throw new InputError(
      `"${projectId}" is not a valid project id (lowercase letters, digits and dashes)`,
      'SANITY_PROJECT_ID',
    );
  const dataset = readDataset(env);
  const apiVersion = (env.SANITY_API_VERSION?.trim() || DEFAULT_API_VERSION).replace(/^v/, '');
  if (!API_VERSION.test(apiVersion))
    throw new InputError(`"${apiVersion}" is not an API version like 2025-02-19`, 'SANITY_API_VERSION');
  const apiHost = env.SANITY_API_HOST?.trim() || null;
  if (apiHost !== null) {
    let url: URL;
    try {
      url = new URL(apiHost);
    } catch {
      throw new InputError(`"${apiHost}" is not an absolute URL`, 'SANITY_API_HOST');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new InputError('must be an http(s) URL', 'SANITY_API_HOST');
  }
  const host = apiHost?.replace(/\/+$/, '') ?? null;
  return { projectId, dataset, apiVersion, apiHost: host, imageHost: host ?? SANITY_IMAGE_HOST, useCdn: true };
}

/** SANITY_DATASET, or the default when unset; throws InputError naming the variable. */
export function readDataset(env: Record<string, string | undefined>): string {
  const dataset = env.SANITY_DATASET?.trim() || DEFAULT_DATASET;
  if (!DATASET_NAME.test(dataset)) throw new InputError(`"${dataset}" is not a valid dataset name`, 'SANITY_DATASET');
  return dataset;
}

/** Settings for the embedded content service listening at `url`. */
export function embeddedConfig(url: string, dataset = DEFAULT_DATASET): PublicConfig {
  const host = url.replace(/\/+$/, '');
  return {
    projectId: EMBEDDED_PROJECT_ID,
    dataset,
    apiVersion: DEFAULT_API_VERSION,
    apiHost: host,
    imageHost: host,
    useCdn: true,
  };
}
