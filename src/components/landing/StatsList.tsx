// The six headline statistics (spec section 9), value first so it reads "12 High school focus programs".
import type { Stat } from '../../i18n/messages.ts';

export function StatsList({ stats, heading }: { stats: readonly Stat[]; heading: string }) {
  return (
    <div className="landing-stats">
      <h3 className="landing-stats__heading visually-hidden">{heading}</h3>
      <ul className="landing-stats__list">
        {stats.map((s) => (
          <li key={s.label} className="landing-stats__item">
            <span className="landing-stats__value">{s.value}</span>{' '}
            <span className="landing-stats__label">{s.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
