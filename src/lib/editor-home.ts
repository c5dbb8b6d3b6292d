// The editors' home in the preview: which schools exist and in what state, from the raw school
// documents (a published one and a `drafts.` one per school at most). Pure, so the preview server
// and the browser agree and a test can walk every case.
import { DRAFTS_PREFIX, publishedIdOf } from './queries.ts';
import { byTitle } from './mapping.ts';
import { byCodeUnits } from './order.ts';

/** Published only, a draft over the published school, or a draft never published (404 for families). */
export type EditorSchoolState = 'published' | 'draft' | 'draft-only';

export interface EditorSchool {
  id: string;
  /** The title an editor is working on: the draft's when there is one. */
  title: string;
  slug: string | null;
  state: EditorSchoolState;
}

export interface EditorSchoolRow {
  _id: string;
  title?: string | null;
  slug?: string | null;
}

export const EDITOR_STATE_LABEL: Record<EditorSchoolState, string> = {
  published: 'Published',
  draft: 'Draft changes',
  'draft-only': 'Draft only, not published',
};

/** One entry per school, in the landing grid's title order; rows that are not objects with an _id are ignored. */
export function editorSchools(rows: readonly unknown[] | null | undefined): EditorSchool[] {
  const byId = new Map<string, { published?: EditorSchoolRow; draft?: EditorSchoolRow }>();
  for (const row of rows ?? []) {
    if (!row || typeof row !== 'object' || typeof (row as EditorSchoolRow)._id !== 'string') continue;
    const r = row as EditorSchoolRow;
    // Versions (releases) are not editors' drafts; only the published id and its drafts. id count.
    if (r._id.includes('.') && !r._id.startsWith(DRAFTS_PREFIX)) continue;
    const id = publishedIdOf(r._id);
    const entry = byId.get(id) ?? {};
    if (r._id === id) entry.published = r;
    else entry.draft = r;
    byId.set(id, entry);
  }
  const list: EditorSchool[] = [];
  for (const [id, { published, draft }] of byId) {
    const shown = draft ?? published!;
    const title = typeof shown.title === 'string' && shown.title.trim() ? shown.title.trim() : id;
    const slug = typeof shown.slug === 'string' && shown.slug ? shown.slug : null;
    list.push({ id, title, slug, state: !draft ? 'published' : published ? 'draft' : 'draft-only' });
  }
  return list.sort((a, b) => byTitle(a.title, b.title) || byCodeUnits(a.id, b.id));
}
