// Decides where content comes from for the export and the preview server: the hosted project
// when SANITY_PROJECT_ID is set, otherwise the embedded content service started in-process over
// a dataset folder, with a fresh random token so the preview's credentialed client can read drafts.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from './paths.ts';
import { embeddedConfig, readDataset, readPublicConfig, type PublicConfig } from '../src/config/public.ts';
import { readSecrets } from './secrets.ts';
import { processEnv } from './environment.ts';

export interface ContentSource {
  config: PublicConfig;
  token: string | null;
  embedded: boolean;
  /** Opened with `readsInProcess`: queries answered in this process (published documents, no token). */
  readPublished?: (query: string, params?: Record<string, unknown>) => Promise<unknown>;
  close(): Promise<void>;
}

export { DEFAULT_CONTENT_DIR, REPO_ROOT };
// The cheap --content check (no extraction), for commands that validate their flags before starting.
export { contentFormatOf, isTarball } from '../content-service/sanity-export.ts';

export async function openContentSource(opts: {
  contentDir?: string;
  env?: Record<string, string | undefined>;
  /** Follow edits of dataset.ndjson (embedded only; default true). */
  watch?: boolean;
  /** Warnings of the embedded service (malformed lines...); default console.warn. */
  log?: (message: string) => void;
  /**
   * The caller reads published documents through `readPublished` (the export): the embedded
   * service answers them in this process instead of in query workers holding copies of the dataset.
   */
  readsInProcess?: boolean;
}): Promise<ContentSource> {
  const env = opts.env ?? processEnv();
  const hosted = readPublicConfig(env);
  const { readToken } = readSecrets(env);
  if (hosted) return { config: hosted, token: readToken, embedded: false, close: async () => {} };

  const dataset = readDataset(env);
  const contentDir = opts.contentDir ? resolve(REPO_ROOT, opts.contentDir) : DEFAULT_CONTENT_DIR;
  // Loaded only here: a hosted export or preview never pays for groq-js, sharp and the service.
  const { resolveDatasetFolder, startContentService } = await import('../content-service/index.ts');
  resolveDatasetFolder(contentDir, opts.log ? { log: opts.log } : {}); // fail before starting anything, naming the path
  const token = randomBytes(32).toString('base64url');
  const service = await startContentService({
    contentDir,
    token,
    dataset,
    host: '127.0.0.1',
    port: 0,
    watch: opts.watch ?? true,
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.readsInProcess ? { readsInProcess: true } : {}),
  });
  return {
    config: embeddedConfig(service.url, dataset),
    token,
    embedded: true,
    ...(service.readPublished ? { readPublished: service.readPublished } : {}),
    close: () => service.close(),
  };
}
