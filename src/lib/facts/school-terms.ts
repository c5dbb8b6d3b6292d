// A school's facts that are terms of the district's vocabulary, as one edition shows them: its
// support programs, last year's admission priorities and its results (a measure, or a label typed
// without one, with the value, the year and the source that always go with it). Pure; the glance,
// the facts file, the compare table and the open data all read them from here, so they agree.
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';
import { safeHttpUrl } from '../links.ts';
import { fallbackLang } from '../content/localize.ts';
import type { School } from '../content/types.ts';
import { type FactTerm, labelToken, resolveTerms, termLabel, type TermRow } from './vocabulary.ts';

export type { FactTerm } from './vocabulary.ts';

/** One result as the pages show it: what was measured, the figure, its year and its source. */
export interface FactResult {
  measure: FactTerm;
  value: string;
  year: string;
  source: string;
  /** The source's language when it is not the page's (the English school's words on another edition). */
  sourceLang?: Lang;
  sourceUrl: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The school's support programs in `lang`: chosen terms, then the typed list's (the translation's, if it has one). */
export function supportOf(school: School, lang: Lang): FactTerm[] {
  const s = school as School & Record<string, unknown>;
  return resolveTerms(
    {
      chosen: s.support,
      typed: s.supportPrograms,
      named: s.supportTerms,
      typedLang: fallbackLang(school, 'supportPrograms') ?? lang,
    },
    'support',
    lang,
  );
}

/** Who was offered a seat first last year, in order, in `lang`. */
export function prioritiesOf(school: School, lang: Lang): FactTerm[] {
  return resolveTerms({ chosen: obj(school.admissions).priorities, typedLang: lang }, 'priority', lang);
}

/**
 * The school's results in `lang`: each with a measure (a term, else its typed label), a value, a
 * year and a source; an entry missing any of these is left out, as a figure without its year or
 * source would mislead. The typed words are the English school's: marked so on another edition.
 */
export function resultsOf(school: School, lang: Lang): FactResult[] {
  const typedLang = lang === DEFAULT_LANG ? undefined : DEFAULT_LANG;
  const list = Array.isArray(school.results) ? school.results : [];
  const seen = new Set<string>();
  return list.flatMap((raw): FactResult[] => {
    const r = obj(raw);
    const [value, year, source] = [text(r.value), text(r.year), text(r.source)];
    const label = text(r.label);
    const measure =
      (r.measure && obj(r.measure).kind === 'measure' ? termLabel(r.measure as TermRow, lang) : null) ??
      (label ? { key: labelToken(label), label, ...(typedLang ? { lang: typedLang } : {}) } : null);
    if (!measure || !value || !year || !source) return [];
    // Two figures for one measure and year would contradict each other: the first is kept.
    const id = `${measure.key}\0${year}`;
    if (seen.has(id)) return [];
    seen.add(id);
    return [
      {
        measure,
        value,
        year,
        source,
        ...(typedLang ? { sourceLang: typedLang } : {}),
        sourceUrl: safeHttpUrl(r.sourceUrl),
      },
    ];
  });
}
