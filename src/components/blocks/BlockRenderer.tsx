// The block-type -> component map for section blocks. Unknown types render nothing visible and log
// one warning per type; null entries (deleted references) are skipped. Content never crashes the page.
import type { ComponentType } from 'react';
import type { Block, KnownBlock } from '../../lib/content/types.ts';
import { useWarnings } from '../../SiteEnv.tsx';
import { AccordionSectionBlock } from './AccordionSectionBlock.tsx';
import { ContentBlock } from './ContentBlock.tsx';
import { HighlightSectionBlock } from './HighlightSectionBlock.tsx';
import { PhotoBlock } from './PhotoBlock.tsx';
import { PhotosBlock } from './PhotosBlock.tsx';
import { TagListBlock } from './TagListBlock.tsx';
import { VideoTestimonialBlock } from './VideoTestimonialBlock.tsx';
import { ContentLang } from '../content-lang.ts';

type BlockMap = { [T in KnownBlock['_type']]: ComponentType<{ block: Extract<KnownBlock, { _type: T }> }> };

export const blockComponents: BlockMap = {
  content: ContentBlock,
  photo: PhotoBlock,
  image: PhotoBlock,
  photos: PhotosBlock,
  accordionSection: AccordionSectionBlock,
  videoTestimonial: VideoTestimonialBlock,
  highlightSection: HighlightSectionBlock,
  tagList: TagListBlock,
};

/** The component for a block type; own keys only, so "constructor" or "__proto__" stay unknown. */
export function componentFor(type: string): ComponentType<{ block: KnownBlock }> | null {
  return Object.hasOwn(blockComponents, type)
    ? (blockComponents[type as KnownBlock['_type']] as ComponentType<{ block: KnownBlock }>)
    : null;
}

export function BlockRenderer({ block }: { block: Block | null | undefined }) {
  const warnings = useWarnings();
  if (!block || typeof block !== 'object' || typeof block._type !== 'string') return null;
  const Component = componentFor(block._type);
  if (!Component) {
    const name = block._type.slice(0, 60);
    warnings.once(`block:${name}`, {
      kind: 'unknown-block',
      message: `block: unknown block type ${JSON.stringify(name)}; nothing is shown for it`,
    });
    return null;
  }
  // English content inside a translated section (localize.ts marks it): its own language, for screen readers.
  if ((block as { _lang?: unknown })._lang === 'en')
    return (
      <div lang="en">
        <ContentLang.Provider value="en">
          <Component block={block as KnownBlock} />
        </ContentLang.Provider>
      </div>
    );
  return <Component block={block as KnownBlock} />;
}
