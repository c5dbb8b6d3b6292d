// Parameter checks for the preview API: a bad slug or id is a 400 with a reason, before any
// request reaches the content service.
import { MAX_SLUG_LENGTH, slugProblem } from '../../src/lib/slug.ts';
import { HttpError } from './upstream.ts';

/** Document ids the API accepts: a published id or its drafts. twin. */
export const DOCUMENT_ID_PATTERN = /^(drafts\.)?[A-Za-z0-9._-]{1,128}$/;

export function requireSlug(raw: unknown): string {
  // Same rule as the route table and the export (src/lib/slug.ts), so every page the export can
  // build can be previewed, and nothing that could not be a path segment reaches a query.
  const problem = slugProblem(raw);
  if (problem) {
    const shown =
      typeof raw === 'string' && raw.length > MAX_SLUG_LENGTH ? `${raw.length} characters` : JSON.stringify(raw);
    throw new HttpError(400, 'bad request', `slug ${shown} is not valid: ${problem}`);
  }
  return raw as string;
}

export function requireDocumentId(raw: unknown, name = 'id'): string {
  if (typeof raw !== 'string' || !DOCUMENT_ID_PATTERN.test(raw) || raw.startsWith('drafts.drafts.')) {
    const shown =
      typeof raw === 'string' ? (raw.length > 140 ? `${raw.length} characters` : JSON.stringify(raw)) : 'missing';
    throw new HttpError(
      400,
      'bad request',
      `${name} ${shown} is not a document id (letters, digits, ".", "_", "-"; at most 128, optionally prefixed "drafts.")`,
    );
  }
  return raw;
}
