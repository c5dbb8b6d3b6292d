// The district's shared vocabulary, pure: support programs, admission priorities and result
// measures are `vocabularyTerm` documents with a key and a title per language, which each school
// chooses by reference (or, in lists typed before the vocabulary, by the term's key or one of its
// titles). Every page, filter, comparison, facts file and spreadsheet then names a term in the
// page's language, and a filter in the address names it by its key in both editions. A typed entry
// that names no term is shown as written, in the language it was written in.
import { DEFAULT_LANG, LANGS, type Lang } from '../../i18n/messages.ts';

/** What a term names: a support program, an admission priority, a result measure. */
export const TERM_KINDS = ['support', 'priority', 'measure'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** A term's key: lower-case letters and digits in dash-separated words ("iep", "dual-language"). */
export const TERM_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TERM_KEY_MAX = 60;

/** A term as the queries return it (a dereferenced reference, or one a typed entry names). */
export interface TermRow {
  _id?: unknown;
  kind?: unknown;
  key?: unknown;
  title?: unknown;
}

/** A term as a page shows it: its key, and its label in `lang` (absent: the page's language). */
export interface FactTerm {
  key: string;
  label: string;
  lang?: Lang;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

const tokenOfLabel = new Map<string, string>();

/**
 * A label's token, for a typed entry that names no term (and the grid's program filters): lower
 * case, accents dropped, every run of other characters one '-' ("Track & Field" → "track-field").
 * Letters of any script stay, so no label becomes empty unless it has no letters or digits at all.
 */
export function labelToken(label: string, max = 80): string {
  let token = tokenOfLabel.get(label);
  if (token === undefined) {
    token = label
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max);
    // A district repeats a few hundred labels across its schools; the bound keeps hostile content small.
    if (tokenOfLabel.size >= 10_000) tokenOfLabel.clear();
    tokenOfLabel.set(label, token);
  }
  return token;
}

/** A term's title in `lang`, else in English, else its key; `lang` on the result when it is not `lang`. */
export function termLabel(term: TermRow, lang: Lang): FactTerm | null {
  const key = text(term.key);
  if (!TERM_KEY.test(key) || key.length > TERM_KEY_MAX) return null;
  const titles = term.title && typeof term.title === 'object' ? (term.title as Record<string, unknown>) : {};
  const own = text(titles[lang]);
  if (own) return { key, label: own };
  const english = text(titles[DEFAULT_LANG]);
  // Without any title the key is all there is: an identifier, not words of a language.
  if (!english) return { key, label: key };
  return lang === DEFAULT_LANG ? { key, label: english } : { key, label: english, lang: DEFAULT_LANG };
}

const isKind = (term: TermRow, kind: TermKind): boolean => term.kind === kind;

/**
 * The term a typed entry names: its key, or one of its titles in any language, exactly as written
 * (the query finds them the same way: GROQ compares strings exactly).
 */
function termNamed(entry: string, terms: readonly TermRow[]): TermRow | undefined {
  const wanted = entry.trim();
  return (
    terms.find((t) => text(t.key) === wanted) ??
    terms.find((t) => {
      const titles = t.title && typeof t.title === 'object' ? (t.title as Record<string, unknown>) : {};
      return LANGS.some((l) => text(titles[l]) === wanted);
    })
  );
}

export interface TermSources {
  /** The chosen terms, dereferenced (a deleted term comes back null and is skipped). */
  chosen?: unknown;
  /** Entries typed before the vocabulary: a term's key or title, or a name as written. */
  typed?: unknown;
  /** The terms the typed entries name (the query looks them up by key and title). */
  named?: unknown;
  /** The language the typed entries are written in (an English school's, shown on a Spanish page: 'en'). */
  typedLang: Lang;
}

/**
 * The terms of one kind a school lists, in `lang`: the chosen ones first, then the typed ones, each
 * key once. A typed entry naming no term is kept as written, keyed by its label's token.
 */
export function resolveTerms(sources: TermSources, kind: TermKind, lang: Lang): FactTerm[] {
  const rows = (v: unknown): TermRow[] =>
    Array.isArray(v) ? v.filter((t): t is TermRow => !!t && typeof t === 'object' && isKind(t as TermRow, kind)) : [];
  const out: FactTerm[] = [];
  const seen = new Set<string>();
  const add = (term: FactTerm | null) => {
    if (!term?.label || seen.has(term.key)) return;
    seen.add(term.key);
    out.push(term);
  };
  for (const term of rows(sources.chosen)) add(termLabel(term, lang));
  const named = rows(sources.named);
  for (const entry of Array.isArray(sources.typed) ? sources.typed : []) {
    const label = text(entry);
    if (!label) continue;
    const term = termNamed(label, named);
    if (term) add(termLabel(term, lang));
    else add({ key: labelToken(label), label, ...(sources.typedLang !== lang ? { lang: sources.typedLang } : {}) });
  }
  return out;
}

/** Whether a term's key is one the Studio accepts (the validation and the export's reading agree). */
export const isTermKey = (key: unknown): key is string =>
  typeof key === 'string' && TERM_KEY.test(key) && key.length <= TERM_KEY_MAX;
