// Pure mapping from query rows to what components show: navigation order and the landing grid.
import type { LandingCard, LandingSchoolRow, NavigationSchoolRow, NavSchool } from './types.ts';
import { byCodeUnits, byKey } from '../order.ts';
import { schoolPath } from '../../routes.ts';
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';
import { translationOf } from './localize.ts';
import { withTranslatedAlt } from '../images/alt-text.ts';

/** Titles containing any of these are not schools families choose, so the landing grid hides them. */
export const HIDDEN_TITLE_PARTS = ['Innovation Center', 'Career Elevation', 'Guide'] as const;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
// One collator: localeCompare with options builds a new one per call, which made sorting a
// 1000-school district take half a second.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
/** Title order for every list of schools (menus, grid, the preview's editor home). */
export const byTitle = (a: string, b: string): number => collator.compare(a, b) || byCodeUnits(a, b);
// Two schools with one title still get one order, whatever order the rows came in (the export
// merges rows of an incremental read into the previous ones).
const byId = byKey('_id');

/** Navigation: non-charter schools first, then charter; alphabetical within each group. */
export function mapNavigation(rows: readonly (NavigationSchoolRow | null)[] | null | undefined): NavSchool[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(
      (r): r is NavigationSchoolRow =>
        !!r && typeof r === 'object' && typeof r.slug === 'string' && r.slug !== '' && typeof r.title === 'string',
    )
    .map((r) => ({ row: r, charter: r.isCharter === true }))
    .sort((a, b) => Number(a.charter) - Number(b.charter) || byTitle(a.row.title!, b.row.title!) || byId(a.row, b.row))
    .map(({ row }) => ({
      id: row._id,
      name: row.title!,
      description: text(row.subtitle),
      link: schoolPath(row.slug!),
      icon: row.logo ?? null,
      ...(!row.logo && typeof row.staticLogo === 'string' && row.staticLogo.trim()
        ? { staticIcon: row.staticLogo.trim() }
        : {}),
    }));
}

/**
 * The navigation list read back from the export's shared file (SiteEnv.navSrc). The file is ours,
 * but a host may answer with something else (an HTML error page parses as no JSON at all; a stale
 * or hand-edited file may not be a list): anything that is not a usable entry is dropped, and only
 * site-relative school links survive.
 */
export function parseNavList(json: unknown): NavSchool[] {
  if (!Array.isArray(json)) throw new Error('the navigation file does not hold a list');
  return json.flatMap((e: unknown): NavSchool[] => {
    if (!e || typeof e !== 'object') return [];
    const { id, name, description, link, icon, staticIcon } = e as Record<string, unknown>;
    if (typeof name !== 'string' || typeof link !== 'string' || !link.startsWith(schoolPath(''))) return [];
    return [
      {
        id: text(id),
        name,
        description: text(description),
        link,
        icon: icon && typeof icon === 'object' ? (icon as NavSchool['icon']) : null,
        ...(typeof staticIcon === 'string' ? { staticIcon } : {}),
      },
    ];
  });
}

export function isHiddenFromGrid(title: string): boolean {
  return HIDDEN_TITLE_PARTS.some((part) => title.includes(part));
}

/**
 * Every listed school's card, sorted by title, those the grid hides included (the ZIP pages list
 * them in a group of their own). On another edition than English a card's description is its
 * translation's, else the English one (marked).
 */
export function mapLandingCards(
  rows: readonly (LandingSchoolRow | null)[] | null | undefined,
  lang: Lang = DEFAULT_LANG,
): LandingCard[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(
      (r): r is LandingSchoolRow =>
        !!r && typeof r === 'object' && typeof r.slug === 'string' && r.slug !== '' && typeof r.title === 'string',
    )
    .sort((a, b) => byTitle(a.title!, b.title!) || byId(a, b))
    .map((r) => {
      const card: LandingCard = {
        id: r._id,
        title: r.title!,
        slug: r.slug!,
        description: text(r.seoDescription),
        image: r.mainImage ?? null,
      };
      if (lang === DEFAULT_LANG) return card;
      const translation = translationOf(r, lang);
      const localized = { ...card, image: withTranslatedAlt(card.image, translation?.mainImage) };
      if (!card.description) return localized;
      const own = text(translation?.seoDescription).trim();
      return own ? { ...localized, description: own } : { ...localized, descriptionLang: 'en' as const };
    });
}

/** Landing grid: every card by title, hiding titles that contain the hidden parts (spec section 2). */
export const gridCards = (cards: readonly LandingCard[]): LandingCard[] =>
  cards.filter((c) => !isHiddenFromGrid(c.title));

/** The landing grid's cards of `lang`'s edition from the rows (mapLandingCards, then gridCards). */
export function mapLandingGrid(
  rows: readonly (LandingSchoolRow | null)[] | null | undefined,
  lang: Lang = DEFAULT_LANG,
): LandingCard[] {
  return gridCards(mapLandingCards(rows, lang));
}
