// translation.metadata documents as the translation plugin's older versions wrote them: each
// entry's language only in its `_key` ({ _key: "es", value }), where version 6 reads `language`.
// On such a document the plugin sees no translation at all: its "+ Español" makes a second Spanish
// document while the site keeps showing the first. Both ways to bring the entries up to date (the
// migration for a hosted dataset, the offline Studio's start) find them here.
import { DEFAULT_SITE_LANGUAGES } from '../../../src/lib/content/site-languages.ts';

interface Entry {
  _key?: unknown;
  language?: unknown;
}

// Those versions predate a district's own languages: their entries were English and Spanish.
const LANGUAGE_IDS = new Set(DEFAULT_SITE_LANGUAGES.map((l) => l.id));

/** The `_key`s of a metadata document's entries that name their language only there. */
export function olderEntryKeys(doc: object | null | undefined): string[] {
  const translations = (doc as { translations?: unknown } | null | undefined)?.translations;
  const entries = Array.isArray(translations) ? (translations as Entry[]) : [];
  return entries
    .filter((e) => e && typeof e._key === 'string' && LANGUAGE_IDS.has(e._key) && (e.language ?? '') === '')
    .map((e) => e._key as string);
}

/** The GROQ filter of metadata documents with such entries. */
export const OLDER_LINKS_FILTER = `_type == "translation.metadata" && count(translations[!defined(language) || language == ""]) > 0`;
