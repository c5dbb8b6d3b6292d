// The school header's pictures: the hero photo (the page's LCP image, preloaded) and the logo, each
// the content-service image in several widths or the school's static file. Apart from the header
// so the families' bundles keep what the export wrote (src/components/as-written.tsx) and the header's
// buttons hydrate without the image URL builder.
import { IMAGE_WIDTHS, SRCSET_WIDTHS, srcSetOf, type ImageVariant } from '../../lib/images/image.ts';
import { staticAssetUrl } from '../../lib/links.ts';
import type { School } from '../../lib/content/types.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { useImages } from '../useImages.ts';
import { Img } from '../Img.tsx';
import { altLang, imageAlt } from '../../lib/images/alt-text.ts';

/** Static images have no known size; these nominal sizes reserve the space and CSS fits the image in it. */
export const STATIC_HERO_SIZE = { width: 1280, height: 720 } as const;
export const STATIC_LOGO_SIZE = { width: 240, height: 240 } as const;

function staticVariant(raw: unknown, base: string, size: { width: number; height: number }): ImageVariant | null {
  const src = staticAssetUrl(raw, base);
  return src ? { src, remote: src, width: size.width, height: size.height } : null;
}

interface Props {
  school: School;
  title: string;
}

export function SchoolHero({ school, title }: Props) {
  const images = useImages();
  const { base } = useSiteEnv();
  const hero =
    images.width(school.image, IMAGE_WIDTHS.hero) ?? staticVariant(school.staticImage, base, STATIC_HERO_SIZE);
  if (!hero) return null;
  // Only content-service images have other widths; a static image is what it is.
  const srcSet = school.image ? srcSetOf(SRCSET_WIDTHS.hero.map((w) => images.width(school.image, w))) : undefined;
  return (
    <div className="school-header__hero">
      <Img
        variant={hero}
        alt={imageAlt(school.image, title)}
        lang={altLang(school.image)}
        priority
        className="school-header__hero-img"
        srcSet={srcSet}
        sizes="100vw"
      />
    </div>
  );
}

export function SchoolLogo({ school, title }: Props) {
  const images = useImages();
  const { base } = useSiteEnv();
  const m = useMessages();
  const logo = images.width(school.logo, IMAGE_WIDTHS.logo) ?? staticVariant(school.staticLogo, base, STATIC_LOGO_SIZE);
  if (!logo) return null;
  const srcSet = school.logo ? srcSetOf(SRCSET_WIDTHS.logo.map((w) => images.width(school.logo, w))) : undefined;
  return (
    <Img
      variant={logo}
      alt={imageAlt(school.logo, m.school.logoAlt(title))}
      lang={altLang(school.logo)}
      className="school-header__logo"
      srcSet={srcSet}
      sizes="(min-width: 768px) 144px, 136px"
    />
  );
}
