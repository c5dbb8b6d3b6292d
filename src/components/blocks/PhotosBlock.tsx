// A strip of photos in slightly rotated frames; the rotation cycles through 5 patterns (spec section 9)
// so neighbouring frames never tilt the same way.
import { IMAGE_WIDTHS } from '../../lib/images/image.ts';
import { isUsableImage } from '../../lib/images/image-ref.ts';
import type { PhotosBlock as PhotosBlockData } from '../../lib/content/types.ts';
import { useImages } from '../useImages.ts';
import { Img } from '../Img.tsx';
import { imageAlt } from '../../lib/images/alt-text.ts';

export const ROTATION_PATTERNS = 5;

/** Frame class for the n-th shown photo (0-based): photo-frame--r1 ... photo-frame--r5, then again. */
export const rotationClass = (index: number): string => `photo-frame--r${(index % ROTATION_PATTERNS) + 1}`;

export function PhotosBlock({ block }: { block: PhotosBlockData }) {
  const images = useImages();
  const photos = (Array.isArray(block.photoReel) ? block.photoReel : []).filter(isUsableImage);
  if (photos.length === 0) return null;
  return (
    <ul className="block block-photos">
      {photos.map((photo, i) => (
        <li key={i} className={`photo-frame ${rotationClass(i)}`}>
          <Img
            variant={images.width(photo, IMAGE_WIDTHS.photo)}
            alt={imageAlt(photo)}
            sizes="(min-width: 768px) 320px, 80vw"
          />
        </li>
      ))}
    </ul>
  );
}
