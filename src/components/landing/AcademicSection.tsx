// 'Academic Preparation': the three highlights from the site configuration.
import { useMessages } from '../../SiteEnv.tsx';
import { padNumber } from '../../lib/sections.ts';

export function AcademicSection({ id }: { id: string }) {
  const ACADEMICS = useMessages().academics;
  return (
    <section id={id} className="landing-section landing-academics" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title">
          {ACADEMICS.heading}
        </h2>
        <p className="landing-section__intro">{ACADEMICS.intro}</p>
        <ul className="landing-academics__list">
          {ACADEMICS.highlights.map((h, i) => (
            <li key={h.title} className="landing-academics__item">
              <span className="landing-academics__number" aria-hidden="true">
                {padNumber(i + 1)}
              </span>
              <h3 className="landing-academics__title">{h.title}</h3>
              <p>{h.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
