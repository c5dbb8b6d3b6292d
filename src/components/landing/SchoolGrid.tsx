// 'Your School. Your Choice.': the grid of schools, in the order mapping.ts gives (sorted by
// title, non-choice entries hidden).
import type { LandingCard } from '../../lib/types.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { SchoolCard } from './SchoolCard.tsx';

export function SchoolGrid({ id, cards }: { id: string; cards: LandingCard[] }) {
  const OPTIONS = useMessages().options;
  return (
    <section id={id} className="landing-section landing-options" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title">
          {OPTIONS.heading}
        </h2>
        <p className="landing-section__intro">{OPTIONS.intro}</p>
        {cards.length === 0 ? (
          <p className="landing-options__empty" role="status">
            {OPTIONS.empty}
          </p>
        ) : (
          <ul className="school-grid">
            {cards.map((card) => (
              <li key={card.id || card.slug} className="school-grid__item">
                <SchoolCard card={card} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
