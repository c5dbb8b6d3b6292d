// One school in the landing grid: 800x600 crop, title, short description and 'Learn more'.
// The photo is decorative next to the title, so its alt is empty.
import type { LandingCard } from '../../lib/types.ts';
import { CARD_SIZE } from '../../lib/image.ts';
import { schoolPath } from '../../lib/mapping.ts';
import { OPTIONS } from '../../config/site.ts';
import { useImages } from '../../SiteEnv.tsx';
import { Img } from '../Img.tsx';

export function SchoolCard({ card }: { card: LandingCard }) {
  const images = useImages();
  const image = images.crop(card.image, CARD_SIZE.width, CARD_SIZE.height);
  return (
    <article className="school-card">
      {image ? (
        <Img variant={image} alt="" className="school-card__image" sizes="(min-width: 1280px) 380px, (min-width: 768px) 45vw, 100vw" />
      ) : (
        <span className="school-card__image school-card__image--placeholder" aria-hidden="true" />
      )}
      <div className="school-card__body">
        <h3 className="school-card__title">{card.title}</h3>
        {card.description && <p className="school-card__description">{card.description}</p>}
        <a className="school-card__link button" href={schoolPath(card.slug)}>
          {OPTIONS.learnMore}
          <span className="visually-hidden"> about {card.title}</span>
        </a>
      </div>
    </article>
  );
}
