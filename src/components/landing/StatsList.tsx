// The headline statistics (spec section 9), value first so it reads "12 High school focus programs".
import type { LandingCopy } from '../../lib/content/landing-copy.ts';

interface StatsListProps {
  stats: LandingCopy['stats'];
  heading: string;
  /** The figures' language and the heading's, each where it is not the page's. */
  lang?: string;
  headingLang?: string;
}

export function StatsList({ stats, heading, lang, headingLang }: StatsListProps) {
  return (
    <div className="landing-stats">
      <h3 className="landing-stats__heading visually-hidden" lang={headingLang}>
        {heading}
      </h3>
      <ul className="landing-stats__list" lang={lang}>
        {stats.map((s) => (
          <li key={s.key} className="landing-stats__item">
            <span className="landing-stats__value">{s.value}</span>{' '}
            <span className="landing-stats__label">{s.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
