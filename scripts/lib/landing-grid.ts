// How much of a district the landing grid carries. A landing page listing every school was ~1.8 MB
// at 1000 schools (every card's HTML and its data for hydration), most of it below the fold of a
// phone. Past GRID_FIRST_CARDS the page carries the first cards and a link to the all-schools page
// (/schools/, plain cards, complete without JavaScript); the grid's tools load every card from a
// content-hashed file per edition, cached for good, when the grid nears the window.
import { GRID_FIRST_CARDS } from '../../src/lib/family-tools/grid-cards.ts';
import { FAMILY_WORDS } from '../../src/i18n/family/index.ts';
import type { Lang } from '../../src/i18n/messages.ts';
import { allSchoolsPath } from '../../src/routes.ts';
import type { GridMore, LandingCard, SanityImage } from '../../src/lib/content/types.ts';
import { sha1 } from './export-manifest.ts';

export interface LandingGrid {
  /** The cards the landing page shows and carries. */
  cards: LandingCard[];
  /** Absent when the page shows every card. */
  more: GridMore | null;
  /** The cards file (relative to the asset base), with `more`; each photo with its variants (`photo`). */
  file: { path: string; contents: string } | null;
}

/** The landing grid of one edition, from every card it would list. */
export function landingGrid(
  cards: LandingCard[],
  lang: Lang,
  base: string,
  photo: (image: SanityImage | null) => SanityImage | null,
): LandingGrid {
  if (cards.length <= GRID_FIRST_CARDS) return { cards, more: null, file: null };
  const contents = JSON.stringify(cards.map((card) => ({ ...card, image: photo(card.image) })));
  const path = `data/grid-${lang}-${sha1(contents).slice(0, 8)}.json`;
  return {
    cards: cards.slice(0, GRID_FIRST_CARDS),
    more: {
      total: cards.length,
      href: allSchoolsPath(lang),
      label: FAMILY_WORDS[lang].allSchools.seeAll(cards.length),
      cardsSrc: `${base}${path}`,
    },
    file: { path, contents },
  };
}
