// 'Academic Preparation': the numbered highlights from the landing page's words.
import { padNumber } from '../../lib/content/sections.ts';
import { copyLang } from '../../lib/content/editions.ts';
import type { LandingCopy } from '../../lib/content/landing-copy.ts';

export function AcademicSection({ id, copy }: { id: string; copy: LandingCopy }) {
  return (
    <section id={id} className="landing-section landing-academics" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title" lang={copyLang(copy, 'sectionTitles')}>
          {copy.sectionTitles.academics}
        </h2>
        {copy.academicsIntro ? (
          <p className="landing-section__intro" lang={copyLang(copy, 'academicsIntro')}>
            {copy.academicsIntro}
          </p>
        ) : null}
        <ul className="landing-academics__list" lang={copyLang(copy, 'academicHighlights')}>
          {copy.academicHighlights.map((h, i) => (
            <li key={h.key} className="landing-academics__item">
              <span className="landing-academics__number" aria-hidden="true">
                {padNumber(i + 1)}
              </span>
              <h3 className="landing-academics__title">{h.title}</h3>
              {h.text ? <p>{h.text}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
