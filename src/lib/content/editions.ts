// What the landing page's words and the site settings share: one document per language, read for
// an edition field by field from the edition's own document, else the English one (named in
// `_fallback`, so components mark it lang="en"), else the site's built-in copy of that language.
// The two mappings are apart (landing-copy.ts, site-settings.ts) so a browser loads only its page's.
import type { Lang } from '../../i18n/messages.ts';
import { DEFAULT_LANG } from '../../i18n/messages.ts';
import { safeLinkHref } from '../links.ts';

/** A link as the site shows it. */
export interface SiteLink {
  key: string;
  label: string;
  href: string;
}

/** An image with the words a screen reader says for it ('' when decorative). */
export interface AltImage {
  _type?: string;
  asset?: { _ref?: string; _type?: string } | null;
  hotspot?: { x?: number; y?: number; width?: number; height?: number } | null;
  crop?: { top?: number; bottom?: number; left?: number; right?: number } | null;
  alt?: string | null;
  decorative?: boolean | null;
}

/** The two documents as siteDocumentsQuery returns them (each with its translations), unchecked. */
export interface SiteDocuments {
  landing?: unknown;
  settings?: unknown;
  /** Every translated landing page and settings document the read can see (linked or not). */
  editions?: unknown;
  /** Ids of translation links with a dot, which only a read with a token sees. */
  hiddenLinks?: unknown;
}

export type Doc = Record<string, unknown>;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const present = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.trim() !== ''
    : Array.isArray(v)
      ? v.length > 0
      : !!v && typeof v === 'object' && Object.values(v as Doc).some(present);
export const asDoc = (v: unknown): Doc | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : null);
export const list = (v: unknown): Doc[] => (Array.isArray(v) ? v.filter((x): x is Doc => asDoc(x) !== null) : []);
export const keyOf = (d: Doc, i: number, prefix: string): string =>
  typeof d._key === 'string' ? d._key : `${prefix}-${i}`;

/**
 * One edition's values: for each field the first document in `layers` that has it, whole (a link's
 * label and address, a quote and its author, belong together). Fields named in `bySubField` are
 * lists of independent words filled one sub-field at a time (sectionTitles with one title set keeps
 * the other two). Fields whose value came from `english` while the edition has its own document
 * layer are listed as fallback.
 */
export function layered(
  layers: (Doc | null)[],
  english: Doc | null,
  fields: readonly string[],
  bySubField: readonly string[] = [],
) {
  const out: Doc = {};
  const fallback: string[] = [];
  for (const field of fields) {
    const from = layers.find((d) => d && present(d[field])) ?? null;
    if (!from) continue;
    if (from === english && english !== layers[0]) fallback.push(field);
    if (!bySubField.includes(field) || !asDoc(from[field])) {
      out[field] = from[field];
      continue;
    }
    const merged: Doc = {};
    for (const d of layers) {
      const o = asDoc(d?.[field]);
      if (o) for (const [k, v] of Object.entries(o)) if (!(k in merged) && present(v)) merged[k] = v;
    }
    out[field] = merged;
  }
  return { out, fallback };
}

/** Editors' links with a label and an address the link allow-list accepts (links.ts); others are left out. */
export const links = (v: unknown, prefix: string): SiteLink[] =>
  list(v)
    .map((l, i) => ({ key: keyOf(l, i, prefix), label: str(l.label).trim(), href: safeLinkHref(l.href) ?? '' }))
    .filter((l) => l.label && l.href);

/** The documents of an edition: its own, the English one (when another edition), the built-in copy. */
export function editionLayers(raw: unknown, lang: Lang): { own: Doc | null; english: Doc | null } {
  const english = asDoc(raw);
  if (lang === DEFAULT_LANG) return { own: english, english };
  return { own: english ? translationOf(english, lang) : null, english };
}

/** 'en' when `field` of the copy or settings is the English document's, shown on another edition. */
export const copyLang = (copy: { _fallback?: string[] }, field: string): 'en' | undefined =>
  copy._fallback?.includes(field) ? 'en' : undefined;

/** The `lang` translation's fields of a row (`translations` as the queries project them), or null. */
export function translationOf(row: { translations?: unknown }, lang: Lang): Record<string, unknown> | null {
  if (!Array.isArray(row.translations)) return null;
  const entry = row.translations.find((t) => !!t && typeof t === 'object' && (t as { lang?: unknown }).lang === lang);
  const doc = (entry as { doc?: unknown } | undefined)?.doc;
  return doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : null;
}
