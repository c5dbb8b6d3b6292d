// Which project and dataset the Studio edits. Read in one place by sanity.config.ts and
// sanity.cli.ts, and checked by `npm run studio` before Sanity starts, so a missing project id is
// one clear sentence instead of a stack trace from inside the Studio.
// SANITY_STUDIO_* are the names Sanity's bundler passes to the browser; the site's own
// SANITY_PROJECT_ID / SANITY_DATASET are accepted too, so one .env serves both.

export const DEFAULT_DATASET = 'production';
const PROJECT_ID = /^[a-z0-9][-a-z0-9]{0,63}$/;
const DATASET = /^[a-z0-9][-\w]{0,63}$/;

export interface StudioEnv {
  projectId: string;
  dataset: string;
}

/** The project and dataset, or an error message naming what to set. */
export function readStudioEnv(env: Record<string, string | undefined>): StudioEnv | { error: string } {
  const projectId = (env.SANITY_STUDIO_PROJECT_ID || env.SANITY_PROJECT_ID || '').trim();
  if (!projectId) {
    return {
      error:
        'No Sanity project: set SANITY_PROJECT_ID (or SANITY_STUDIO_PROJECT_ID) to your project id from sanity.io/manage, e.g. SANITY_PROJECT_ID=abc123xy npm run studio (docs/setup.md); or edit a dataset folder offline: npm run studio -- --content content/sample (docs/studio.md).',
    };
  }
  if (!PROJECT_ID.test(projectId))
    return {
      error: `SANITY_PROJECT_ID: "${projectId}" is not a valid project id (lowercase letters, digits and dashes)`,
    };
  const dataset = (env.SANITY_STUDIO_DATASET || env.SANITY_DATASET || '').trim() || DEFAULT_DATASET;
  if (!DATASET.test(dataset)) return { error: `SANITY_DATASET: "${dataset}" is not a valid dataset name` };
  return { projectId, dataset };
}

/** For the config files: the settings, or a thrown error with the same message. */
export function studioEnv(): StudioEnv {
  const read = readStudioEnv({
    // Spelled out so Sanity's bundler can replace each one in the browser build.
    SANITY_STUDIO_PROJECT_ID: process.env.SANITY_STUDIO_PROJECT_ID,
    SANITY_STUDIO_DATASET: process.env.SANITY_STUDIO_DATASET,
    SANITY_PROJECT_ID: fromNode('SANITY_PROJECT_ID'),
    SANITY_DATASET: fromNode('SANITY_DATASET'),
  });
  if ('error' in read) throw new Error(read.error);
  return read;
}

/** A variable only Node has: the browser build has no `process`, and gets SANITY_STUDIO_* instead. */
function fromNode(name: string): string | undefined {
  try {
    return process.env[name];
  } catch {
    return undefined;
  }
}

/** SANITY_STUDIO_API_HOST: the embedded content service the offline Studio edits; undefined for sanity.io. */
export function studioApiHost(): string | undefined {
  return process.env.SANITY_STUDIO_API_HOST || undefined;
}

/** SANITY_STUDIO_PREVIEW_URL: the preview Presentation frames, default the local preview server. */
export function studioPreviewUrl(): string {
  return process.env.SANITY_STUDIO_PREVIEW_URL || 'http://127.0.0.1:3000';
}

/** The content model's default district time zone (siteSettings.timeZone, docs/content-model.md). */
export const DEFAULT_TIME_ZONE = 'America/Denver';

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The district's time zone, in which the Studio shows and takes event times (families read them
 * in it, whatever the editor's computer says): SANITY_STUDIO_TIME_ZONE, which the offline Studio
 * sets from the dataset's siteSettings.timeZone, else the content model's default.
 */
export function studioTimeZone(zone: string | undefined = process.env.SANITY_STUDIO_TIME_ZONE): string {
  const z = zone?.trim();
  return z && isTimeZone(z) ? z : DEFAULT_TIME_ZONE;
}
