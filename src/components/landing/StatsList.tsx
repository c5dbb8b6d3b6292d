// The headline statistics (spec section 9), value first so it reads "12 High school focus programs".
import type { LandingCopy } from '../../lib/landing-copy.ts';

export function StatsList({ stats, heading, lang }: { stats: LandingCopy['stats']; heading: string; lang?: string }) {
  return (
    <div className="landing-stats" lang={lang}>
      <h3 className="landing-stats__heading visually-hidden">{heading}</h3>
      <ul className="landing-stats__list">
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
