// The export's one read of the content: every published school plus the navigation and landing
// rows, through the same public client and queries the browser uses, with retries on transient
// failures (the client's own retries are switched off so the limit and backoff are ours alone).
import type { PublicConfig } from '../../src/config/public.ts';
import { createPublicClient } from '../../src/lib/client.ts';
import { allSchoolsQuery, landingSchoolsQuery, navigationSchoolsQuery } from '../../src/lib/queries.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/types.ts';
import { withRetry, type RetryOptions } from './retry.ts';

export interface FetchedContent {
  nav: unknown;
  landing: unknown;
  schools: unknown;
}

export interface RawContent {
  nav: (NavigationSchoolRow | null)[];
  landing: (LandingSchoolRow | null)[];
  schools: (School | null)[];
}

export class ContentShapeError extends Error {
  constructor(query: string, got: unknown) {
    super(`${query} returned ${got === null ? 'null' : typeof got} instead of a list`);
    this.name = 'ContentShapeError';
  }
}

export async function fetchContent(config: PublicConfig, retry: RetryOptions, requestTimeoutMs = 30_000): Promise<RawContent> {
  const client = createPublicClient(config, { maxRetries: 0, timeout: requestTimeoutMs });
  const query = <T>(name: string, groq: string) =>
    withRetry(`query ${name}`, (signal) => client.fetch<T>(groq, {}, { signal }), retry);
  const [nav, landing, schools] = await Promise.all([
    query<unknown>('navigationSchools', navigationSchoolsQuery),
    query<unknown>('landingSchools', landingSchoolsQuery),
    query<unknown>('allSchools', allSchoolsQuery),
  ]);
  // A misconfigured host can answer 200 with something else entirely; that is a fetch failure.
  if (!Array.isArray(nav)) throw new ContentShapeError('navigationSchools', nav);
  if (!Array.isArray(landing)) throw new ContentShapeError('landingSchools', landing);
  if (!Array.isArray(schools)) throw new ContentShapeError('allSchools', schools);
  return { nav, landing, schools } as RawContent;
}
