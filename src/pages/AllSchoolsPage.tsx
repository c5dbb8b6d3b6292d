// Every school (/schools/): where the landing grid's "See all N schools" leads when a district has
// more schools than the grid's first cards. Plain cards that work without JavaScript, then the
// schools the grid hides (counted too), a page at a time when they are more than a page holds
// (/schools/page/{n}/); the sorting and filtering tools stay on the landing page, which loads every
// card for them. Its own chunk, preloaded with the page; the landing page never loads it.
import { SchoolCard } from '../components/landing/SchoolCard.tsx';
import { ListingPage } from './ListingPage.tsx';
import { Pager } from '../components/Pager.tsx';
import type { ListPager } from '../lib/family-tools/list-pages.ts';
import { allSchoolsPath, listPage } from '../routes.ts';
import { useMessages } from '../SiteEnv.tsx';
import type { LandingCard, NavSchool, PageCommon } from '../lib/content/types.ts';

/** The page listing every school (/schools/): the landing grid's cards, all of them, with no tools. */
export interface AllSchoolsPageData extends PageCommon {
  page: 'schools';
  nav: NavSchool[] | null;
  cards: LandingCard[];
  /** The schools the landing grid hides (spec: "Innovation Center", …), listed after the others. */
  other?: LandingCard[];
  words: { title: string; intro: string; other?: string; back: string };
  /** This page's place among the list's pages (absent: the list is one page). */
  pager?: ListPager | null;
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
  const { lang } = useMessages();
  return (
    <ListingPage
      nav={data.nav}
      place={{ page: 'schools', ...listPage(data.pager?.n) }}
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
      {data.pager ? <Pager pager={data.pager} hrefOf={(k) => allSchoolsPath(lang, k)} /> : null}
    </ListingPage>
  );
}
