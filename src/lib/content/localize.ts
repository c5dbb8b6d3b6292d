// A school as one edition shows it, pure: the English school's fields, with each translatable field
// replaced by its translation's when the translation has it (document-level translation, see
// docs/content-model.md "Languages"). Fields that fall back to English are listed in `_fallback`,
// so components mark them lang="en" and screen readers switch voice.
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';
import type { School } from './types.ts';
import { withTranslatedAlt } from '../images/alt-text.ts';
import { translationOf } from './editions.ts';

export { translationOf };

/** What a translation may carry (translatedSchoolFields in queries.ts); everything else is the English school's. */
export const TRANSLATABLE_FIELDS = [
  'title',
  'subtitle',
  'seoDescription',
  'featuredQuote',
  'tourTitle',
  'tourDescription',
  'sectionRepeater',
  'transportation',
  'beforeAfterCare',
  'supportPrograms',
  'admissionsNote',
  'events',
] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

/** Image fields whose alternative text a translation may carry (the picture stays the English school's). */
export const TRANSLATED_ALT_FIELDS = ['logo', 'image', 'mainImage', 'tourImage', 'seoImage'] as const;

/**
 * Blocks whose words live in other documents (accordions, highlights, quotes and videos), which
 * the content model does not translate: on another edition they are English, and marked so.
 */
export const ENGLISH_ONLY_BLOCKS: ReadonlySet<string> = new Set([
  'accordionSection',
  'highlightSection',
  'videoTestimonial',
]);

/** A school row as the queries return it: the English school and its translations. */
export type SchoolRow = School & { translations?: unknown };

const present = (v: unknown): boolean =>
  typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined;

/**
 * The school for the `lang` edition. English: the row without its translations (the English pages'
 * data stays what it was). Another language: each translatable field from the translation, else the
 * English value, named in `_fallback`.
 */
export function localizeSchool(row: SchoolRow, lang: Lang): School {
  const { translations: _, ...school } = row;
  if (lang === DEFAULT_LANG) return school;
  const doc = translationOf(row, lang);
  const out: Record<string, unknown> = { ...school };
  const fallback: TranslatableField[] = [];
  for (const field of TRANSLATABLE_FIELDS) {
    if (doc && present(doc[field])) out[field] = doc[field];
    else if (present(school[field])) fallback.push(field);
  }
  // The vocabulary terms a typed list names belong to that list: the translation's own, or the English.
  if (doc && present(doc.supportPrograms)) out.supportTerms = doc.supportTerms ?? [];
  // Images are the English school's; their words (alt) are the translation's where it has them.
  for (const field of TRANSLATED_ALT_FIELDS) out[field] = withTranslatedAlt(school[field], doc?.[field]);
  if (!fallback.includes('sectionRepeater') && Array.isArray(out.sectionRepeater))
    out.sectionRepeater = out.sectionRepeater.map(markEnglishBlocks);
  return { ...(out as School), _fallback: fallback };
}

/** A translated section's blocks, with the English-only ones marked `_lang: 'en'`. */
function markEnglishBlocks(section: unknown): unknown {
  if (!section || typeof section !== 'object' || !Array.isArray((section as { blocks?: unknown }).blocks))
    return section;
  const blocks = (section as { blocks: unknown[] }).blocks.map((b) =>
    b && typeof b === 'object' && ENGLISH_ONLY_BLOCKS.has(String((b as { _type?: unknown })._type))
      ? { ...b, _lang: DEFAULT_LANG }
      : b,
  );
  return { ...section, blocks };
}

/** Whether the school has a translation into `lang` at all. */
export const hasTranslation = (row: SchoolRow, lang: Lang): boolean => translationOf(row, lang) !== null;

/** 'en' when `field` of the school is English content shown on another edition, else undefined (no attribute). */
export function fallbackLang(
  school: Pick<School, '_fallback'> | null | undefined,
  field: TranslatableField,
): 'en' | undefined {
  return Array.isArray(school?._fallback) && school._fallback.includes(field) ? 'en' : undefined;
}
