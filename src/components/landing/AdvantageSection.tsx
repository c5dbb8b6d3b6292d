// 'The District Advantage': statistics and the collapsible panels, some with links to district
// pages (those open in the same tab: they are the district's own site).
import { copyLang } from '../../lib/content/editions.ts';
import type { LandingCopy } from '../../lib/content/landing-copy.ts';
import { Accordion } from '../Accordion.tsx';
import { PanelText } from './PanelText.tsx';
import { StatsList } from './StatsList.tsx';

export function AdvantageSection({ id, copy }: { id: string; copy: LandingCopy }) {
  const panelsLang = copyLang(copy, 'panels');
  return (
    <section id={id} className="landing-section landing-advantage" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title" lang={copyLang(copy, 'sectionTitles')}>
          {copy.sectionTitles.advantage}
        </h2>
        {copy.advantageIntro ? (
          <p className="landing-section__intro" lang={copyLang(copy, 'advantageIntro')}>
            {copy.advantageIntro}
          </p>
        ) : null}
        {copy.stats.length > 0 ? (
          <StatsList
            stats={copy.stats}
            heading={copy.statsHeading}
            lang={copyLang(copy, 'stats')}
            headingLang={copyLang(copy, 'statsHeading')}
          />
        ) : null}
        <div className="landing-advantage__panels" lang={panelsLang}>
          {copy.panels.map((panel) => (
            <Accordion key={panel.key} title={panel.title} defaultOpen={panel.defaultOpen} headingLevel={3}>
              <PanelText value={panel.body} />
              {panel.links.length > 0 && (
                <ul className="landing-advantage__links">
                  {panel.links.map((link) => (
                    <li key={link.key}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </Accordion>
          ))}
        </div>
      </div>
    </section>
  );
}
