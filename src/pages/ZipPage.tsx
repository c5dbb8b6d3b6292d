// A ZIP code's page (/zip/{zip}/): the school(s) zoned for it first, then every school open to the
// whole district, nearest first from the ZIP code's centre, then the other programs a family may
// choose (those the landing grid hides), as cards that work without JavaScript.
// Its own chunk, preloaded with the page; the landing page never loads it. More
// schools than a page holds are listed a page at a time (/zip/{zip}/page/{n}/), the zoned ones first.
import { SchoolCard } from '../components/landing/SchoolCard.tsx';
import { ListingPage } from './ListingPage.tsx';
import { Pager } from '../components/Pager.tsx';
import type { ListPager } from '../lib/family-tools/list-pages.ts';
import { listPage, zipPath } from '../routes.ts';
import { useMessages } from '../SiteEnv.tsx';
import type { NavSchool, PageCommon, ZipListing, ZipSchool } from '../lib/content/types.ts';

/** A ZIP code's page: its zoned schools first, then those open to the district by distance. */
export interface ZipPageData extends PageCommon {
  page: 'zip';
  nav: NavSchool[] | null;
  listing: ZipListing;
  /** This page's place among the listing's pages (absent: the listing is one page). */
  pager?: ListPager | null;
}

function Cards({ schools }: { schools: ZipSchool[] }) {
  return (
    <ul className="school-grid">
      {schools.map((s) => (
        <li key={s.card.id || s.card.slug} className="school-grid__item">
          <SchoolCard card={s.card} distance={s.distance} distanceSaysWhere />
        </li>
      ))}
    </ul>
  );
}

export function ZipPage({ data }: { data: ZipPageData }) {
  const { listing, pager } = data;
  const w = listing.words;
  const { lang } = useMessages();
  // The zoned schools come first: the first page says when there are none, a further page shows them only when it holds some.
  const first = !pager || pager.n === 1;
  return (
    <ListingPage
      nav={data.nav}
      place={{ page: 'zip', zip: listing.zip, ...listPage(pager?.n) }}
      className="zip-page"
      titleId="zip-title"
      title={w.title}
      intro={w.intro}
      back={w.back}
    >
      {first || listing.zoned.length ? (
        <>
          <h2 className="zip-page__heading">{w.zoned}</h2>
          {listing.zoned.length ? <Cards schools={listing.zoned} /> : <p>{w.noZoned}</p>}
        </>
      ) : null}
      {listing.open.length ? (
        <>
          <h2 className="zip-page__heading">{w.open}</h2>
          <Cards schools={listing.open} />
        </>
      ) : null}
      {listing.other.length ? (
        <>
          <h2 className="zip-page__heading">{w.other}</h2>
          <p>{w.otherIntro}</p>
          <Cards schools={listing.other} />
        </>
      ) : null}
      {pager ? <Pager pager={pager} hrefOf={(k) => zipPath(listing.zip, lang, k)} /> : null}
    </ListingPage>
  );
}
