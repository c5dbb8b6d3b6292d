// The one place a Node process of this project reads its environment. Every variable a command,
// the preview, the bench or the offline Studio reads is listed in VARIABLES (name, meaning, which
// reader checks it); commands take a snapshot with `processEnv()` and hand that map to the pure
// readers (src/config/public.ts, core/secrets.ts, server/config/preview.ts, core/args.ts parsePort),
// which validate and name the variable at fault. The Studio's browser bundle cannot read Node's
// environment: studio/env.ts is its own one place.

export type Env = Readonly<Record<string, string | undefined>>;

/** Every variable the project reads, and the module that checks it: the settings reference (docs/setup.md). */
export const VARIABLES = {
  SANITY_PROJECT_ID: 'the hosted project; unset means the embedded content service (src/config/public.ts)',
  SANITY_DATASET: 'dataset name, default production (src/config/public.ts)',
  SANITY_API_VERSION: 'API version the site queries with (src/config/public.ts)',
  SANITY_API_HOST: 'any Sanity-compatible API base (src/config/public.ts)',
  SANITY_API_READ_TOKEN: 'the preview reads drafts with it; server only (core/secrets.ts)',
  PREVIEW_SECRET: 'what opens the preview (core/secrets.ts, server/config/preview.ts)',
  PREVIEW_HOST: 'address the preview listens on, default 127.0.0.1 (server/config/preview.ts)',
  PREVIEW_SESSION_HOURS: 'how long a preview session lasts (server/config/preview.ts)',
  PREVIEW_TRUST_PROXY: 'reverse proxies whose X-Forwarded-* the preview reads (server/config/preview.ts)',
  SANITY_STUDIO_URL: 'the Studio that frames the preview (server/config/preview.ts)',
  PORT: 'port of npm start, serve and the preview (core/args.ts parsePort)',
  CONTENT_CACHE_DIR: 'where unpacked dataset tarballs are kept (content-service/sanity-export.ts)',
  EXPORT_TIME_LIMIT_MS: "the export's fetch time limit (scripts/lib/export-run.ts)",
  EXPORT_IMAGE_CACHE_DIR: 'image variant cache of the export (scripts/lib/export-run.ts)',
  EXPORT_MANIFEST_DIR: 'incremental export manifests (core/export-report-file.ts)',
  SOURCE_DATE_EPOCH: "the export's clock for reproducible builds (scripts/lib/export-run.ts)",
  SANITY_STUDIO_PROJECT_ID: "the Studio bundle's project, else SANITY_PROJECT_ID (studio/env.ts)",
  SANITY_STUDIO_DATASET: "the Studio bundle's dataset, else SANITY_DATASET (studio/env.ts)",
  SANITY_STUDIO_API_HOST: 'the API the offline Studio edits: the embedded service (studio/env.ts)',
  SANITY_STUDIO_PREVIEW_URL: 'the preview the Studio frames, default the local one (studio/env.ts)',
  SANITY_STUDIO_TIME_ZONE: 'the offline Studio passes the district time zone to its bundle (studio/env.ts)',
  NODE_ENV: "React's build; the export and the bench use production (scripts/lib/production-env.ts)",
  TEST_JOBS: 'test files run at once, default the number of cores (scripts/run-tests.ts)',
} as const;

/** The process's environment, read here once per call: commands pass this map on, never `process.env`. */
export function processEnv(): Env {
  return process.env;
}

/** NODE_ENV as this process runs (the export's cache keys depend on React's build). */
export function nodeEnv(): string {
  return process.env.NODE_ENV ?? '';
}

/**
 * The environment for a child process: this one's, plus `extra`. `embedded` drops the hosted
 * project's settings (SANITY_*), for children that must use the bundled sample whatever the shell
 * configured.
 */
export function childEnv(extra: Record<string, string> = {}, opts: { embedded?: boolean } = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!(opts.embedded && k.startsWith('SANITY_'))) env[k] = v;
  return { ...env, ...extra };
}

/** What bundlers substitute so browser code and React take their production paths. */
export const PRODUCTION_DEFINE = { 'process.env.NODE_ENV': '"production"' } as const;
