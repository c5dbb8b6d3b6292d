// A student's video testimonial: the quote as text (readable without playing anything) beside a
// video facade whose poster is the block's background image at 1920 wide.
import { IMAGE_WIDTHS } from '../../lib/images/image.ts';
import type { VideoTestimonialBlock as VideoTestimonialData } from '../../lib/content/types.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { useImages } from '../useImages.ts';
import { DRAWN_IN_BROWSER } from '../../lib/images/built-images.ts';
import { VideoFacade } from '../VideoFacade.tsx';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function VideoTestimonialBlock({ block }: { block: VideoTestimonialData }) {
  const m = useMessages().school;
  const poster = useImages(DRAWN_IN_BROWSER).width(block.backgroundImage, IMAGE_WIDTHS.full);
  const quote = text(block.testimonial?.quote);
  const student = text(block.testimonial?.student);
  const year = text(block.testimonial?.year);
  const videoId = text(block.video?.videoId);
  const title = text(block.video?.title) || (student ? m.videoFrom(student) : m.videoFallback);
  if (!quote && !videoId) return null;
  const cite = [student, year].filter(Boolean).join(', ');
  return (
    <figure className="block block-video-testimonial">
      {videoId ? <VideoFacade videoId={videoId} title={title} poster={poster} /> : null}
      {quote ? (
        <>
          <blockquote className="block-video-testimonial__quote">
            <p>{quote}</p>
          </blockquote>
          {cite ? <figcaption className="block-video-testimonial__cite">{cite}</figcaption> : null}
        </>
      ) : null}
    </figure>
  );
}
