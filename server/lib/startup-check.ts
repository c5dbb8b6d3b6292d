// What the preview server checks before it says it is ready: that the content service accepts the
// read token (a refused token stops the start with a clear message, instead of a server that says
// "ready" and pages that cannot load), and which school to name in the start message's link.
// A service that cannot be reached yet is not fatal: pages recover by themselves when it answers.
import type { SanityClient } from '@sanity/client';
import { createContentApi } from './content-api.ts';
import { upstreamError } from './upstream.ts';
import type { EditorSchool } from '../../src/preview/editor-home.ts';

export type StartupCheck =
  | { ok: true; schools: EditorSchool[] }
  | { ok: false; refused: true; message: string }
  | { ok: false; refused: false; message: string };

export async function checkContentAccess(client: SanityClient): Promise<StartupCheck> {
  try {
    // A raw read of drafts needs the token's read rights: a wrong token is refused here (401/403).
    const schools = await createContentApi(client.withConfig({ maxRetries: 0 })).editorSchools();
    return { ok: true, schools };
  } catch (err) {
    const e = upstreamError(err);
    const refused = /refused the preview credentials/.test(e.message);
    return { ok: false, refused, message: e.detail ?? e.message };
  }
}

/** The school the start message links to: one with a draft (what an editor previews), else the first. */
export function exampleSchool(schools: readonly EditorSchool[]): EditorSchool | null {
  return schools.find((s) => s.state !== 'published' && s.slug) ?? schools.find((s) => s.slug) ?? null;
}
