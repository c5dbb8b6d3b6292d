// One numbered section of a school page: "01 Academics" as its h2, then its blocks. An untranslated
// section is lang="en"; its blocks mark their interface words with the page's language (content-lang.ts).
import type { SectionModel } from '../../lib/content/sections.ts';
import { BlockRenderer } from '../blocks/BlockRenderer.tsx';
import { ContentLang } from '../content-lang.ts';

export function SchoolSection({ section }: { section: SectionModel }) {
  return (
    // tabIndex -1: the section menu moves focus here after scrolling, for keyboard users.
    <section id={section.id} className="school-section" tabIndex={-1} lang={section.lang}>
      <div className="container">
        <h2 className="school-section__heading">
          <span className="school-section__num">{section.label}</span> {section.title}
        </h2>
        <div className="school-section__blocks">
          <ContentLang.Provider value={section.lang}>
            {section.blocks.map((block, i) => (
              <BlockRenderer key={i} block={block} />
            ))}
          </ContentLang.Provider>
        </div>
      </div>
    </section>
  );
}
