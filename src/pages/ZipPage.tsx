// A ZIP code's page (/zip/{zip}/): the school(s) zoned for it first, then every school open to the
// whole district, nearest first from the ZIP code's centre, then the other programs a family may
// choose (those the landing grid hides), as cards that work without JavaScript.
// It lives in the landing page's chunk: the same cards, and no chunk of its own to wait for.
import { SchoolCard } from '../components/landing/SchoolCard.tsx';
import { ListingPage } from './ListingPage.tsx';
import type { NavSchool, PageCommon, ZipListing, ZipSchool } from '../lib/content/types.ts';

/** A ZIP code's page: its zoned schools first, then those open to the district by distance. */
export interface ZipPageData extends PageCommon {
  page: 'zip';
  nav: NavSchool[] | null;
  listing: ZipListing;
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
  const { listing } = data;
  const w = listing.words;
  return (
    <ListingPage
      nav={data.nav}
      place={{ page: 'zip', zip: listing.zip }}
      className="zip-page"
      titleId="zip-title"
      title={w.title}
      intro={w.intro}
      back={w.back}
    >
      <h2 className="zip-page__heading">{w.zoned}</h2>
      {listing.zoned.length ? <Cards schools={listing.zoned} /> : <p>{w.noZoned}</p>}
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
    </ListingPage>
  );
}
