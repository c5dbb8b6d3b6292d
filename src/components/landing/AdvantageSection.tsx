// 'The District Advantage': statistics and the five collapsible panels, some with links to
// district pages (those open in the same tab: they are the district's own site).
import { useMessages } from '../../SiteEnv.tsx';
import { Accordion } from '../Accordion.tsx';
import { StatsList } from './StatsList.tsx';

export function AdvantageSection({ id }: { id: string }) {
  const { advantage: ADVANTAGE, stats: STATS } = useMessages();
  return (
    <section id={id} className="landing-section landing-advantage" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title">
          {ADVANTAGE.heading}
        </h2>
        <p className="landing-section__intro">{ADVANTAGE.intro}</p>
        <StatsList stats={STATS} heading={ADVANTAGE.statsHeading} />
        <div className="landing-advantage__panels">
          {ADVANTAGE.panels.map((panel) => (
            <Accordion key={panel.id} title={panel.title} defaultOpen={panel.defaultOpen ?? false} headingLevel={3}>
              {panel.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {panel.links.length > 0 && (
                <ul className="landing-advantage__links">
                  {panel.links.map((link) => (
                    <li key={link.href}>
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
