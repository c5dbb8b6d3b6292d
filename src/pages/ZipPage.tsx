// A ZIP code's page (/zip/{zip}/): the school(s) zoned for it first, then every school open to the
// whole district, nearest first from the ZIP code's centre, as cards that work without JavaScript.
// It lives in the landing page's chunk: the same cards, and no chunk of its own to wait for.
import { Layout } from '../components/Layout.tsx';
import { SchoolCard } from '../components/landing/SchoolCard.tsx';
import { landingPath, pageHref } from '../routes.ts';
import type { ZipSchool } from '../lib/types.ts';
import type { ZipPageData } from '../lib/types.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';

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
  const { root } = useSiteEnv();
  const m = useMessages();
  const { listing } = data;
  const w = listing.words;
  return (
    <Layout nav={data.nav}>
      <section className="landing-section zip-page" aria-labelledby="zip-title">
        <div className="container">
          <h1 id="zip-title" className="landing-section__title">
            {w.title}
          </h1>
          <p className="landing-section__intro">{w.intro}</p>
          <h2 className="zip-page__heading">{w.zoned}</h2>
          {listing.zoned.length ? <Cards schools={listing.zoned} /> : <p>{w.noZoned}</p>}
          {listing.open.length ? (
            <>
              <h2 className="zip-page__heading">{w.open}</h2>
              <Cards schools={listing.open} />
            </>
          ) : null}
          <p className="zip-page__back">
            <a href={pageHref(root, `${landingPath(m.lang)}#options`)}>{w.back}</a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
