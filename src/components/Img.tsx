// One <img> for every content image: intrinsic width/height so nothing shifts, lazy unless it is
// the page's largest above-the-fold image.
import type { ImageVariant } from '../lib/images/image.ts';
import { useSiteEnv } from '../SiteEnv.tsx';
import { plainText } from '../lib/plain-text.ts';

interface Props {
  variant: ImageVariant | null;
  /** Alt text from the content, or '' for a decorative image. */
  alt: string;
  /** Above the fold: load eagerly with high priority (the LCP candidate). */
  priority?: boolean;
  className?: string;
  sizes?: string;
  /** A srcset value (srcSetOf in lib/images/image.ts); `sizes` says how wide the image is drawn. */
  srcSet?: string;
  /** The alt text's language when it differs from the page's (English words on the Spanish edition). */
  lang?: string;
}

export function Img({ variant, alt, priority = false, className, sizes, srcSet, lang }: Props) {
  const { onPriorityImage } = useSiteEnv();
  if (!variant) return null;
  if (priority) onPriorityImage?.(variant.src);
  return (
    <img
      src={variant.src}
      width={variant.width}
      height={variant.height}
      alt={plainText(alt)}
      lang={lang}
      className={className}
      // `sizes` only describes srcset candidates: alone it is invalid HTML (and React's preload
      // for a priority image would carry an equally invalid imagesizes).
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
