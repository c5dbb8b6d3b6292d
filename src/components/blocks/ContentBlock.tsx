// Body text of a section, in one column or (from tablet width) two.
import type { ContentBlock as ContentBlockData } from '../../lib/content/types.ts';
import { RichText } from '../richtext/RichText.tsx';

export function ContentBlock({ block }: { block: ContentBlockData }) {
  return (
    <RichText
      value={block.body}
      className={block.columns === true ? 'block block-content block-content--columns' : 'block block-content'}
    />
  );
}
