// A grid card's photo: the 800x600 crop with its smaller copies, or a placeholder when the school
// has none. Its own module so the families' bundles can keep the photos the export wrote and
// build image URLs only for a card the grid's tools show later (src/components/after-hydration.tsx).
// The photo is decorative next to the card's title, so its alt is empty unless an editor wrote one.
import { cardImageVariants } from '../../lib/images/drawn-variants.ts';
import type { SanityImage } from '../../lib/content/types.ts';
import { altLang, imageAlt } from '../../lib/images/alt-text.ts';
import { useImages } from '../useImages.ts';
import { DRAWN_IN_BROWSER } from '../../lib/images/built-images.ts';
import { Img } from '../Img.tsx';
import { CardImagePlaceholder } from './CardImagePlaceholder.tsx';

export function CardImage({ image: field }: { image: SanityImage | null }) {
  const { image, srcSet } = cardImageVariants(useImages(DRAWN_IN_BROWSER), field);
  if (!image) return <CardImagePlaceholder />;
  return (
    <Img
      variant={image}
      alt={imageAlt(field)}
      lang={altLang(field)}
      className="school-card__image"
      srcSet={srcSet}
      sizes="(min-width: 1280px) 380px, (min-width: 768px) 45vw, calc(100vw - 2rem)"
    />
  );
}
