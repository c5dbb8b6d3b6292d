// The photo's place on the card of a school without one (CardImage.tsx and its families' stand-in).
export const CardImagePlaceholder = () => (
  <span className="school-card__image school-card__image--placeholder" aria-hidden="true" />
);
