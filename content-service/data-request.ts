// What every data route (query, doc, mutate) checks and reads the same way: the API version and
// dataset in its path, the perspective it asks for, and the origin and project its asset URLs are
// written for.
import type { FastifyReply } from 'fastify';
import type { Static } from '@fastify/type-provider-typebox';
import { API_VERSION_RE, notFound } from './http.ts';
import type { DataParams, DataQuery } from './schemas.ts';
import type { Perspective } from './documents.ts';
import { EMBEDDED_PROJECT } from './sanity-export.ts';

/** What every data route's handler reads besides its body: path, options and credentials. */
export interface DataRequest {
  params: Static<typeof DataParams>;
  query: Static<typeof DataQuery>;
  headers: { authorization?: string | undefined; [name: string]: string | string[] | undefined };
  protocol: string;
  ip: string;
}

/** Whether the path names a known API version and this dataset; otherwise the 404 is sent. */
export function checkPath(req: Pick<DataRequest, 'params'>, reply: FastifyReply, dataset: string): boolean {
  if (!API_VERSION_RE.test(req.params.apiVersion)) {
    notFound(reply, `unknown API version "${req.params.apiVersion}"`);
    return false;
  }
  if (req.params.dataset !== dataset) {
    notFound(reply, `Dataset "${req.params.dataset}" not found`);
    return false;
  }
  return true;
}

const PROJECT_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The origin a client reached this service at, and the project it names (header), for asset URLs. */
export function assetContext(req: { headers: Record<string, string | string[] | undefined>; protocol: string }): {
  origin: string;
  project: string;
} {
  const rawHost = req.headers.host;
  const host = typeof rawHost === 'string' && /^[A-Za-z0-9.[\]:-]+$/.test(rawHost) ? rawHost : '127.0.0.1';
  const header = req.headers['x-sanity-project-id'];
  const project = typeof header === 'string' && PROJECT_RE.test(header) ? header : EMBEDDED_PROJECT;
  return { origin: `${req.protocol}://${host}`, project };
}

/** API versions from this date query the published perspective by default; older ones raw (as hosted). */
export const PUBLISHED_DEFAULT_FROM = '2025-02-19';

export function perspectiveOf(raw: string | undefined, apiVersion: string): Perspective | null {
  if (raw === undefined || raw === '') {
    const date = apiVersion.slice(1);
    // v1 is the oldest API; vX is the experimental latest, so it follows the newest default.
    const modern = apiVersion === 'vX' || (/^\d{4}-\d{2}-\d{2}$/.test(date) && date >= PUBLISHED_DEFAULT_FROM);
    return modern ? 'published' : 'raw';
  }
  if (raw === 'published') return 'published';
  if (raw === 'drafts' || raw === 'previewDrafts') return 'drafts';
  if (raw === 'raw') return 'raw';
  return null;
}
