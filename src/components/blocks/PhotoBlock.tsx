// One photo across the section, 900 wide, with the editors' alternative text (none: decorative).
// Sanity's standard `image` is shown the same way, in a section or between paragraphs of rich text.
import { IMAGE_WIDTHS } from '../../lib/images/image.ts';
import type { ImageBlock, PhotoBlock as PhotoBlockData } from '../../lib/content/types.ts';
import { useImages } from '../useImages.ts';
import { Img } from '../Img.tsx';
import { imageAlt } from '../../lib/images/alt-text.ts';

export function PhotoBlock({ block }: { block: PhotoBlockData | ImageBlock }) {
  const variant = useImages().width(block, IMAGE_WIDTHS.medium);
  if (!variant) return null;
  return (
    <figure className="block block-photo">
      <Img variant={variant} alt={imageAlt(block)} sizes="(min-width: 960px) 900px, 100vw" />
    </figure>
  );
}
