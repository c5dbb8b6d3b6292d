// The editors' home in the preview: which schools exist and in what state, from the raw school
// documents (a published one and a `drafts.` one per school at most), each in its language: a
// translation is named as one and previewed at its English school's address, found through the
// translation links. Pure, so the preview server and the browser agree and a test can walk every case.
import { DEFAULT_LANG, LANGS, type Lang } from '../i18n/messages.ts';
import { DRAFTS_PREFIX, publishedIdOf } from '../lib/content/queries.ts';
import { byTitle } from '../lib/content/mapping.ts';
import { byCodeUnits } from '../lib/order.ts';

/** Published only, a draft over the published school, or a draft never published (404 for families). */
export type EditorSchoolState = 'published' | 'draft' | 'draft-only';

export interface EditorSchool {
  id: string;
  /** The title an editor is working on: the draft's when there is one. */
  title: string;
  /** The address its page is previewed at (a translation: its English school's), or null. */
  slug: string | null;
  state: EditorSchoolState;
  /** The edition the document is written for. */
  lang: Lang;
}

export interface EditorSchoolRow {
  _id: string;
  title?: string | null;
  slug?: string | null;
  language?: string | null;
}

/** One entry of a translation.metadata document: which document is the `lang` version in `group`. */
export interface TranslationLink {
  lang?: string | null;
  ref?: string | null;
  group?: string | null;
}

const langOf = (language: unknown): Lang => LANGS.find((l) => l === language && l !== DEFAULT_LANG) ?? DEFAULT_LANG;

/** For each translation's id, the id of the English document it translates. */
function englishOf(links: readonly unknown[]): Map<string, string> {
  const groups = new Map<string, TranslationLink[]>();
  for (const link of links) {
    const l = link as TranslationLink | null;
    if (!l || typeof l.group !== 'string' || typeof l.ref !== 'string') continue;
    groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
  }
  const out = new Map<string, string>();
  for (const entries of groups.values()) {
    const english = entries.find((e) => e.lang === DEFAULT_LANG)?.ref;
    if (english) for (const e of entries) if (e.ref !== english) out.set(publishedIdOf(e.ref!), publishedIdOf(english));
  }
  return out;
}

export const EDITOR_STATE_LABEL: Record<EditorSchoolState, string> = {
  published: 'Published',
  draft: 'Draft changes',
  'draft-only': 'Draft only, not published',
};

/**
 * One entry per school document and its draft, in the landing grid's title order (a translation
 * after its English school); rows that are not objects with an _id are ignored.
 */
export function editorSchools(
  rows: readonly unknown[] | null | undefined,
  links: readonly unknown[] | null | undefined = [],
): EditorSchool[] {
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
  const slugOf = (row: EditorSchoolRow | undefined): string | null =>
    typeof row?.slug === 'string' && row.slug ? row.slug : null;
  const english = englishOf(links ?? []);
  const list: EditorSchool[] = [];
  for (const [id, { published, draft }] of byId) {
    const shown = draft ?? published!;
    const title = typeof shown.title === 'string' && shown.title.trim() ? shown.title.trim() : id;
    const lang = langOf(shown.language);
    const englishId = english.get(id);
    const original = englishId ? byId.get(englishId) : undefined;
    // A translation has no address of its own: its English school's, published or draft.
    const slug = lang === DEFAULT_LANG ? slugOf(shown) : (slugOf(original?.draft) ?? slugOf(original?.published));
    list.push({ id, title, slug, lang, state: !draft ? 'published' : published ? 'draft' : 'draft-only' });
  }
  return list.sort(
    (a, b) => byTitle(a.title, b.title) || LANGS.indexOf(a.lang) - LANGS.indexOf(b.lang) || byCodeUnits(a.id, b.id),
  );
}
