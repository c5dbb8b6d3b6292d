// The top of a school page: hero image, logo, title, subtitle, the distance chip (the header's
// "location": families want "how far is it from me", not coordinates), the shortlist button and
// the featured quote.
import { IMAGE_WIDTHS, SRCSET_WIDTHS, srcSetOf, type ImageVariant } from '../../lib/image.ts';
import { isValidLocation } from '../../lib/distance.ts';
import { staticAssetUrl } from '../../lib/links.ts';
import { isShortlistSlug } from '../../lib/shortlist.ts';
import type { School } from '../../lib/types.ts';
import { useImages, useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { fallbackLang } from '../../lib/localize.ts';
import { DistanceChip } from '../DistanceChip.tsx';
import { Img } from '../Img.tsx';
import { ShortlistButton } from '../ShortlistButton.tsx';
import { FeaturedQuote } from './FeaturedQuote.tsx';
import { altLang, imageAlt } from '../../lib/alt-text.ts';

/** Static images have no known size; these nominal sizes reserve the space and CSS fits the image in it. */
export const STATIC_HERO_SIZE = { width: 1280, height: 720 } as const;
export const STATIC_LOGO_SIZE = { width: 240, height: 240 } as const;

function staticVariant(raw: unknown, base: string, size: { width: number; height: number }): ImageVariant | null {
  const src = staticAssetUrl(raw, base);
  return src ? { src, remote: src, width: size.width, height: size.height } : null;
}

export function SchoolHeader({ school, title }: { school: School; title: string }) {
  const images = useImages();
  const { base } = useSiteEnv();
  const m = useMessages();
  const hero =
    images.width(school.image, IMAGE_WIDTHS.hero) ?? staticVariant(school.staticImage, base, STATIC_HERO_SIZE);
  const logo = images.width(school.logo, IMAGE_WIDTHS.logo) ?? staticVariant(school.staticLogo, base, STATIC_LOGO_SIZE);
  // Only content-service images have other widths; a static image is what it is.
  const heroSet =
    school.image && hero ? srcSetOf(SRCSET_WIDTHS.hero.map((w) => images.width(school.image, w))) : undefined;
  const logoSet =
    school.logo && logo ? srcSetOf(SRCSET_WIDTHS.logo.map((w) => images.width(school.logo, w))) : undefined;
  const subtitle = typeof school.subtitle === 'string' ? school.subtitle.trim() : '';
  const slug = isShortlistSlug(school.slug) ? school.slug : null;
  return (
    <header className="school-header">
      {hero ? (
        <div className="school-header__hero">
          <Img
            variant={hero}
            alt={imageAlt(school.image, title)}
            lang={altLang(school.image)}
            priority
            className="school-header__hero-img"
            srcSet={heroSet}
            sizes="100vw"
          />
        </div>
      ) : null}
      <div className="school-header__body container">
        {logo ? (
          <Img
            variant={logo}
            alt={imageAlt(school.logo, m.school.logoAlt(title))}
            lang={altLang(school.logo)}
            className="school-header__logo"
            srcSet={logoSet}
            sizes="(min-width: 768px) 144px, 136px"
          />
        ) : null}
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
