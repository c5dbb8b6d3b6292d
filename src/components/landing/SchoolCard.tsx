// One school in the landing grid: 800x600 crop, title, short description, 'Learn more' and the
// shortlist button; when the grid is sorted by distance, the distance ("2.4 mi").
import type { LandingCard } from '../../lib/content/types.ts';
import { pageHref, schoolPath } from '../../routes.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { CardImage } from './CardImage.tsx';
import { ShortlistButton } from '../ShortlistButton.tsx';

interface SchoolCardProps {
  card: LandingCard;
  /** "2.4 mi" in a list sorted by distance; null: sorted, but the school has no location (it comes last). */
  distance?: string | null;
  /** The distance already says from where (a ZIP page's): no note after it. */
  distanceSaysWhere?: boolean;
  /** Where the distance is from, for screen readers; default "from your location". */
  distanceFrom?: string;
}

export function SchoolCard({ card, distance, distanceSaysWhere = false, distanceFrom }: SchoolCardProps) {
  const { root } = useSiteEnv();
  const m = useMessages();
  return (
    <article className="school-card">
      <CardImage image={card.image} />
      <div className="school-card__body">
        <h3 className="school-card__title">{card.title}</h3>
        {distance ? (
          <p className="school-card__distance">
            <span className="school-card__distance-value">{distance}</span>
            {distanceSaysWhere ? null : <span className="visually-hidden"> {distanceFrom ?? m.options.fromYou}</span>}
          </p>
        ) : distance === null ? (
          <p className="school-card__distance school-card__distance--unknown">{m.options.noLocation}</p>
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
