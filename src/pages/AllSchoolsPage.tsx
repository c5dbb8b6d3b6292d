// Every school on one page (/schools/): where the landing grid's "See all N schools" leads when a
// district has more schools than the grid's first cards. Plain cards that work without
// JavaScript, then the schools the grid hides (counted too); the sorting and filtering tools stay on the landing page, which loads every card for
// them. It lives in the landing page's chunk: the same cards, no chunk of its own.
import { SchoolCard } from '../components/landing/SchoolCard.tsx';
import { ListingPage } from './ListingPage.tsx';
import type { LandingCard, NavSchool, PageCommon } from '../lib/content/types.ts';

/** The page listing every school (/schools/): the landing grid's cards, all of them, with no tools. */
export interface AllSchoolsPageData extends PageCommon {
  page: 'schools';
  nav: NavSchool[] | null;
  cards: LandingCard[];
  /** The schools the landing grid hides (spec: "Innovation Center", …), listed after the others. */
  other?: LandingCard[];
  words: { title: string; intro: string; other?: string; back: string };
}

function Cards({ cards }: { cards: LandingCard[] }) {
  return (
    <ul className="school-grid">
      {cards.map((card) => (
        <li key={card.id || card.slug} className="school-grid__item">
          <SchoolCard card={card} />
        </li>
      ))}
    </ul>
  );
}

export function AllSchoolsPage({ data }: { data: AllSchoolsPageData }) {
  const w = data.words;
  return (
    <ListingPage
      nav={data.nav}
      place={{ page: 'schools' }}
      className="all-schools"
      titleId="all-schools-title"
      title={w.title}
      intro={w.intro}
      back={w.back}
    >
      <Cards cards={data.cards} />
      {data.other?.length ? (
        <>
          <h2 className="zip-page__heading">{w.other}</h2>
          <Cards cards={data.other} />
        </>
      ) : null}
    </ListingPage>
  );
}
