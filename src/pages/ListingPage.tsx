// The frame of the pages that list schools as cards (a ZIP code's, every school's): heading,
// introduction, the lists, and the way back to the guide's grid.
import type { ReactNode } from 'react';
import { Layout } from '../components/Layout.tsx';
import { landingPath, pageHref, type Place } from '../routes.ts';
import type { NavSchool } from '../lib/content/types.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';

interface ListingPageProps {
  nav: NavSchool[] | null;
  /** The page itself, for the language switcher. */
  place: Place;
  /** The section's own class, and its heading's id. */
  className: string;
  titleId: string;
  title: string;
  intro: string;
  back: string;
  children: ReactNode;
}

export function ListingPage({ nav, place, className, titleId, title, intro, back, children }: ListingPageProps) {
  const { root } = useSiteEnv();
  const m = useMessages();
  return (
    <Layout nav={nav} place={place}>
      <section className={`landing-section ${className}`} aria-labelledby={titleId}>
        <div className="container">
          <h1 id={titleId} className="landing-section__title">
            {title}
          </h1>
          <p className="landing-section__intro">{intro}</p>
          {children}
          <p className="zip-page__back">
            <a href={pageHref(root, `${landingPath(m.lang)}#options`)}>{back}</a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
