// Pure model of a school page's sections: which sections render, their numbers, safe anchor ids
// and the section-menu entries. Kept out of components so numbering and id rules are tested directly.
import type { Block, NavLink, School } from './types.ts';
import { fallbackLang } from './localize.ts';

/** The tour section's anchor, number and heading are fixed by the spec, whatever the section count. */
export const TOUR_ID = 'tours';
export const TOUR_NUMBER = 6;
export const TOUR_HEADING = 'Tours';

/** Ids the page itself uses (landmarks, the tour section), which content must not take. */
export const RESERVED_IDS: readonly string[] = [TOUR_ID, 'main', 'root', 'top', 'content'];

const MAX_ID_LENGTH = 64;

/** "1" -> "01": section numbers are zero-padded to 2 digits. */
export const padNumber = (n: number): string => String(n).padStart(2, '0');

/**
 * An anchor id reduced to [A-Za-z0-9_-] (spaces become "-"), or null when nothing usable remains.
 * Content ids end up in id="" and href="#...": nothing else may pass.
 */
export function sanitizeAnchorId(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const id = raw
    .trim()
    .replace(/^#/, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ID_LENGTH);
  return id === '' ? null : id;
}

export interface SectionModel {
  /** React key and anchor id: unique on the page. */
  id: string;
  number: number;
  /** "01" */
  label: string;
  title: string;
  blocks: Block[];
  /** 'en' when the section is English content shown on another edition (src/lib/content/localize.ts). */
  lang?: string;
}

/** What sections.ts names itself, in the page's language (the catalogue's school.section and school.tours). */
export interface SectionWords {
  section: (n: number) => string;
  tours: string;
}
const ENGLISH_WORDS: SectionWords = { section: (n) => `Section ${n}`, tours: TOUR_HEADING };

const isBlock = (b: unknown): b is Block =>
  !!b && typeof b === 'object' && typeof (b as { _type?: unknown })._type === 'string';

/**
 * The sections to render, in order, numbered from 1. Null or malformed entries, and sections with
 * neither a title nor a block, are skipped; a section without a title is called "Section N" so its
 * heading and menu entry are never empty. Ids come from `href` when it survives sanitising and is not
 * taken, else `section-N`; duplicates get "-2", "-3"...
 */
export function schoolSections(school: School | null | undefined, words: SectionWords = ENGLISH_WORDS): SectionModel[] {
  const raw = Array.isArray(school?.sectionRepeater) ? school.sectionRepeater : [];
  const used = new Set<string>(RESERVED_IDS);
  const unique = (id: string): string => {
    let candidate = id;
    for (let i = 2; used.has(candidate); i++) candidate = `${id}-${i}`;
    used.add(candidate);
    return candidate;
  };
  const out: SectionModel[] = [];
  for (const section of raw) {
    if (!section || typeof section !== 'object') continue;
    const title = typeof section.title === 'string' ? section.title.trim() : '';
    const blocks = Array.isArray(section.blocks) ? section.blocks.filter(isBlock) : [];
    if (title === '' && blocks.length === 0) continue;
    const number = out.length + 1;
    const wanted = sanitizeAnchorId(section.href);
    const id = unique(wanted !== null && !used.has(wanted) ? wanted : `section-${number}`);
    const lang = fallbackLang(school, 'sectionRepeater');
    out.push({
      id,
      number,
      label: padNumber(number),
      title: title || words.section(number),
      blocks,
      ...(lang && title ? { lang } : {}),
    });
  }
  return out;
}

/** The tour section shows unless showTourSection is exactly false. */
export const isTourShown = (school: School | null | undefined): boolean => !!school && school.showTourSection !== false;

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Menu entries: every section, plus "Tours" (numbered 6) when the tour shows and has a tour title. */
export function sectionMenuItems(
  school: School | null | undefined,
  sections: SectionModel[] = schoolSections(school),
  words: SectionWords = ENGLISH_WORDS,
): NavLink[] {
  const items: NavLink[] = sections.map((s) => ({
    id: s.id,
    title: s.title,
    number: s.number,
    ...(s.lang ? { lang: s.lang } : {}),
  }));
  if (isTourShown(school) && hasText(school?.tourTitle))
    items.push({ id: TOUR_ID, title: words.tours, number: TOUR_NUMBER });
  return items;
}
