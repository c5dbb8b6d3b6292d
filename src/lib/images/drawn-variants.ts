// The variants a grid card and a menu's school icon draw, one function each, shared by their
// components and by the export, which builds them for the files the browser loads later (the
// grid's cards, a district-sized navigation list) so the families' bundles can look them up
// (built-images.ts).
import type { SanityImage } from '../content/types.ts';
import type { ImageUrls, ImageVariant } from './built-images.ts';
import { CARD_SIZE, IMAGE_WIDTHS, SRCSET_WIDTHS, srcSetOf } from './image.ts';

/** A school's icon: its logo cropped square at the icon width. */
export const schoolIconVariant = (images: ImageUrls, icon: SanityImage | null | undefined): ImageVariant | null =>
  images.crop(icon, IMAGE_WIDTHS.icon, IMAGE_WIDTHS.icon);

/** A card's photo: the 800x600 crop, with the same 4:3 crop at smaller widths as its srcset (spec section 7). */
export function cardImageVariants(
  images: ImageUrls,
  field: SanityImage | null | undefined,
): { image: ImageVariant | null; srcSet: string | undefined } {
  const image = images.crop(field, CARD_SIZE.width, CARD_SIZE.height);
  const srcSet = image
    ? srcSetOf(
        SRCSET_WIDTHS.card.map((w) => images.crop(field, w, Math.round((w * CARD_SIZE.height) / CARD_SIZE.width))),
      )
    : undefined;
  return { image, srcSet };
}
