// One school in the landing grid: 800x600 crop, title, short description, 'Learn more' and the
// shortlist button; when the grid is sorted by distance, the distance ("2.4 mi").
// The photo is decorative next to the title, so its alt is empty.
import type { LandingCard } from '../../lib/types.ts';
import { CARD_SIZE, SRCSET_WIDTHS, srcSetOf } from '../../lib/image.ts';
import { pageHref, schoolPath } from '../../routes.ts';
import { useImages, useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { Img } from '../Img.tsx';
import { ShortlistButton } from '../ShortlistButton.tsx';
import { altLang, imageAlt } from '../../lib/alt-text.ts';

interface SchoolCardProps {
  card: LandingCard;
  distance?: string | null;
  /** The distance already says from where (a ZIP page's): no "from your location" after it. */
  distanceSaysWhere?: boolean;
}

export function SchoolCard({ card, distance, distanceSaysWhere = false }: SchoolCardProps) {
  const images = useImages();
  const { root } = useSiteEnv();
  const m = useMessages();
  const image = images.crop(card.image, CARD_SIZE.width, CARD_SIZE.height);
  // Same 4:3 crop at smaller widths; 800x600 stays the default src (spec section 7).
  const srcSet = image
    ? srcSetOf(
        SRCSET_WIDTHS.card.map((w) => images.crop(card.image, w, Math.round((w * CARD_SIZE.height) / CARD_SIZE.width))),
      )
    : undefined;
  return (
    <article className="school-card">
      {image ? (
        <Img
          variant={image}
          alt={imageAlt(card.image)}
          lang={altLang(card.image)}
          className="school-card__image"
          srcSet={srcSet}
          sizes="(min-width: 1280px) 380px, (min-width: 768px) 45vw, calc(100vw - 2rem)"
        />
      ) : (
        <span className="school-card__image school-card__image--placeholder" aria-hidden="true" />
      )}
      <div className="school-card__body">
        <h3 className="school-card__title">{card.title}</h3>
        {distance ? (
          <p className="school-card__distance">
            <span className="school-card__distance-value">{distance}</span>
            {distanceSaysWhere ? null : <span className="visually-hidden"> {m.options.fromYou}</span>}
          </p>
        ) : null}
        {card.description && (
          <p className="school-card__description" lang={card.descriptionLang}>
            {card.description}
          </p>
        )}
        <div className="school-card__actions">
          <a className="school-card__link button" href={pageHref(root, schoolPath(card.slug, m.lang))}>
            {m.options.learnMore}
            <span className="visually-hidden">
              {m.options.learnMoreAbout}
              {card.title}
            </span>
          </a>
          <ShortlistButton slug={card.slug} title={card.title} />
        </div>
      </div>
    </article>
  );
}
