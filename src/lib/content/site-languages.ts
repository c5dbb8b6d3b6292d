// The languages a district publishes in: the English site settings' `languages` (content-model.md),
// so adding one is an edit in the Studio, not a change of code. English is first and the
// content's own language; without the field a district publishes English and Spanish. One reading
// of the field for the Studio (its translation menu, its desk, its validation) and the site.

export interface SiteLanguage {
  /** A BCP 47 tag: language, then an optional script and region ('en', 'zh-Hans', 'pt-BR'). */
  id: string;
  /** The language's name in itself ('Español', '中文（简体）', 'العربية'). */
  title: string;
  direction: 'ltr' | 'rtl';
}

export const DEFAULT_SITE_LANGUAGES: readonly SiteLanguage[] = [
  { id: 'en', title: 'English', direction: 'ltr' },
  { id: 'es', title: 'Español', direction: 'ltr' },
];

/** The tags the site takes: a 2–3 letter language, an optional 4-letter script, an optional region. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** What is wrong with a `languages` value, in an editor's words; none: it can be published. */
export function languagesProblems(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return ['Languages must be a list.'];
  if (value.length === 0) return [];
  const problems: string[] = [];
  const seen = new Set<string>();
  value.forEach((entry, i) => {
    const e = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const id = text(e.id);
    const at = `Language ${i + 1}${id ? ` (${id})` : ''}`;
    if (!LANGUAGE_TAG.test(id))
      problems.push(`${at}: the code must be a language tag such as "es", "vi", "zh-Hans" or "pt-BR".`);
    else if (seen.has(id.toLowerCase())) problems.push(`${at}: listed twice.`);
    seen.add(id.toLowerCase());
    if (!text(e.title)) problems.push(`${at}: give the language's name in that language, e.g. "Tiếng Việt".`);
    if (e.direction !== 'ltr' && e.direction !== 'rtl')
      problems.push(`${at}: the direction is left to right or right to left.`);
  });
  if (text((value[0] as Record<string, unknown> | null)?.id) !== 'en')
    problems.unshift('English ("en") comes first: it is the language the content is written in.');
  return problems;
}

/**
 * The languages as the site and the Studio use them: the usable entries, each tag once, English
 * first (added when missing). No list, or no usable entry: the default, English and Spanish.
 */
export function siteLanguagesOf(value: unknown): SiteLanguage[] {
  const usable: SiteLanguage[] = [];
  const seen = new Set<string>();
  for (const entry of Array.isArray(value) ? value : []) {
    const e = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const id = text(e.id);
    const title = text(e.title);
    if (!LANGUAGE_TAG.test(id) || !title || seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    usable.push({ id, title, direction: e.direction === 'rtl' ? 'rtl' : 'ltr' });
  }
  if (usable.length === 0) return [...DEFAULT_SITE_LANGUAGES];
  const english = usable.find((l) => l.id === 'en') ?? DEFAULT_SITE_LANGUAGES[0]!;
  return [english, ...usable.filter((l) => l.id !== 'en')];
}

/** A language's name in itself, for a document's subtitle: the default list's, else its tag. */
export const languageTitle = (id: string | undefined, languages: readonly SiteLanguage[] = DEFAULT_SITE_LANGUAGES) =>
  languages.find((l) => l.id === (id || 'en'))?.title ?? id ?? 'English';
