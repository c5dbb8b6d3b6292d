// The top of a school page: hero image, logo, title, subtitle, the distance chip (the header's
// "location": families want "how far is it from me", not coordinates), the shortlist button and
// the featured quote.
import { isValidLocation } from '../../lib/family-tools/distance.ts';
import { isShortlistSlug } from '../../lib/family-tools/shortlist.ts';
import type { School } from '../../lib/content/types.ts';
import { fallbackLang } from '../../lib/content/localize.ts';
import { DistanceChip } from '../DistanceChip.tsx';
import { ShortlistButton } from '../ShortlistButton.tsx';
import { FeaturedQuote } from './FeaturedQuote.tsx';
import { SchoolHero, SchoolLogo } from './SchoolHeaderImages.tsx';

export function SchoolHeader({ school, title }: { school: School; title: string }) {
  const subtitle = typeof school.subtitle === 'string' ? school.subtitle.trim() : '';
  const slug = isShortlistSlug(school.slug) ? school.slug : null;
  return (
    <header className="school-header">
      <SchoolHero school={school} title={title} />
      <div className="school-header__body container">
        <SchoolLogo school={school} title={title} />
        <div className="school-header__text">
          <h1 className="school-header__title" lang={fallbackLang(school, 'title')}>
            {title}
          </h1>
          {subtitle ? (
            <p className="school-header__subtitle" lang={fallbackLang(school, 'subtitle')}>
              {subtitle}
            </p>
          ) : null}
          <div className="school-header__tools">
            {isValidLocation(school.location) ? <DistanceChip location={school.location} /> : null}
            {slug ? <ShortlistButton slug={slug} title={title} /> : null}
          </div>
        </div>
        <FeaturedQuote quote={school.featuredQuote} lang={fallbackLang(school, 'featuredQuote')} />
      </div>
    </header>
  );
}
