// The lists that grow with the district (every school, a ZIP code's schools) as pages a phone loads
// at once: at 10,000 schools the all-schools page was 18.7 MB in one piece, and each ZIP code's as
// large. Each page carries its own share of each group and where it is among the pages; the export
// writes them at the addresses src/routes.ts gives ('/schools/page/{n}/'). Pure, so the export and
// the tests cut them the same way.
import { FAMILY_WORDS } from '../../i18n/family/index.ts';
import type { Lang } from '../../i18n/messages.ts';

/**
 * Cards a list page holds: about 2 KB of HTML and data each, so a page stays near 100 KB, well
 * under the 500 KB a page of the site may weigh; a district of up to this many schools keeps one page.
 */
export const LIST_PAGE_CARDS = 48;

/** Where a page of a long list is among its pages, with the words of the way between them. */
export interface ListPager {
  n: number;
  of: number;
  words: { label: string; prev: string; next: string; status: string };
}

/**
 * Groups of items (the zoned schools, then the open ones, then the others) cut into pages of `size`
 * items in their order: each page holds each group's share, possibly none. At least one page.
 */
export function groupPages<G extends Record<string, readonly unknown[]>>(groups: G, size = LIST_PAGE_CARDS): G[] {
  const keys = Object.keys(groups) as (keyof G)[];
  const total = keys.reduce((sum, k) => sum + groups[k]!.length, 0);
  const pages: G[] = [];
  for (let start = 0; start < Math.max(total, 1); start += size) {
    let at = 0;
    const page = {} as Record<keyof G, unknown[]>;
    for (const k of keys) {
      const items = groups[k]!;
      page[k] = items.slice(Math.max(0, start - at), Math.max(0, start + size - at));
      at += items.length;
    }
    pages.push(page as unknown as G);
  }
  return pages;
}

/** Page `n` of `of` in `lang`'s words; null for a list of one page, which shows no way between pages. */
export function listPager(n: number, of: number, lang: Lang): ListPager | null {
  if (of <= 1) return null;
  const w = FAMILY_WORDS[lang].pager;
  return { n, of, words: { label: w.label, prev: w.prev, next: w.next, status: w.status(n, of) } };
}

/** A page's title: the list's own, with its place among the pages after the first ("…: Page 2 of 5"). */
export const listPageTitle = (title: string, pager: ListPager | null | undefined): string =>
  pager && pager.n > 1 ? `${title}: ${pager.words.status}` : title;
