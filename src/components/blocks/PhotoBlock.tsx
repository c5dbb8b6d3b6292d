// One photo across the section, 900 wide. The content has no alt field, so photos are decorative.
import { IMAGE_WIDTHS } from '../../lib/image.ts';
import type { PhotoBlock as PhotoBlockData } from '../../lib/types.ts';
import { useImages } from '../../SiteEnv.tsx';
import { Img } from '../Img.tsx';

export function PhotoBlock({ block }: { block: PhotoBlockData }) {
  const variant = useImages().width(block, IMAGE_WIDTHS.medium);
  if (!variant) return null;
  return (
    <figure className="block block-photo">
      <Img variant={variant} alt="" sizes="(min-width: 960px) 900px, 100vw" />
    </figure>
  );
}
