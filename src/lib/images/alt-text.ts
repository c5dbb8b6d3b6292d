// An image's alternative text as a page writes it, in the page's language: the editors' words,
// '' for a decorative image, and on another edition the translation's words or the English ones
// marked as English (an <img lang="en">), so a screen reader reads them in the right voice.

type Doc = Record<string, unknown>;

const present = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/**
 * An image's alternative text as the page writes it: '' when decorative, the editors' text when
 * set, else `fallback` (the site's own description, e.g. the school's name; '' for none).
 */
export function imageAlt(image: unknown, fallback = ''): string {
  if (!image || typeof image !== 'object') return fallback;
  const img = image as Doc;
  if (img.decorative === true) return '';
  const alt = typeof img.alt === 'string' ? img.alt.trim() : '';
  return alt || fallback;
}

/** 'en' on another edition when the image's alt text is the English document's (see withTranslatedAlt). */
export const altLang = (img: unknown): 'en' | undefined =>
  img && typeof img === 'object' && (img as { _altLang?: unknown })._altLang === 'en' ? 'en' : undefined;

/**
 * The English document's image with the translation's words for it: the translation's alt and
 * decorative switch when it has them, else the English alt marked `_altLang: 'en'`.
 */
export function withTranslatedAlt<T>(english: T, translated: unknown): T {
  if (!english || typeof english !== 'object') return english;
  const t = translated && typeof translated === 'object' ? (translated as Doc) : null;
  if (t && (t.decorative === true || present(t.alt))) return { ...english, alt: t.alt, decorative: t.decorative };
  return present((english as Doc).alt) ? { ...english, _altLang: 'en' } : english;
}
