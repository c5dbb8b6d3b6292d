// A group of collapsible panels with an optional heading, in one or two columns.
import type {
  Accordion as AccordionData,
  AccordionSectionBlock as AccordionSectionData,
} from '../../lib/content/types.ts';
import { Accordion } from '../Accordion.tsx';
import { RichText } from '../richtext/RichText.tsx';

const hasTitle = (a: AccordionData | null | undefined): a is AccordionData & { accordionTitle: string } =>
  !!a && typeof a === 'object' && typeof a.accordionTitle === 'string' && a.accordionTitle.trim() !== '';

export function AccordionSectionBlock({ block }: { block: AccordionSectionData }) {
  // A panel without a title would be a nameless button: skipped, like deleted (null) references.
  const accordions = (Array.isArray(block.accordions) ? block.accordions : []).filter(hasTitle);
  const title = typeof block.sectionTitle === 'string' ? block.sectionTitle.trim() : '';
  if (accordions.length === 0 && title === '') return null;
  const classes = ['block', 'block-accordions'];
  if (block.columns === true) classes.push('block-accordions--columns');
  if (block.topPadding === true) classes.push('block-accordions--top-padding');
  return (
    <div className={classes.join(' ')}>
      {title !== '' ? <h3 className="block-accordions__title">{title}</h3> : null}
      <div className="block-accordions__list">
        {accordions.map((a, i) => (
          <Accordion
            key={a._id ?? i}
            title={a.accordionTitle.trim()}
            defaultOpen={a.defaultOpen === true}
            headingLevel={title !== '' ? 4 : 3}
          >
            <RichText value={a.accordionContent} />
          </Accordion>
        ))}
      </div>
    </div>
  );
}
