// The landing page's student video testimonial: the video player loads only on request
// (VideoFacade), the quote is plain text beside it. The poster is the editors' (testimonial.poster,
// else the landing page's hero poster), in smaller copies for phones; without one, none.
import { srcSetOf } from '../../lib/images/image.ts';
import { copyLang } from '../../lib/content/editions.ts';
import type { LandingCopy } from '../../lib/content/landing-copy.ts';
import { useMessages } from '../../SiteEnv.tsx';
import { useImages } from '../useImages.ts';
import { DRAWN_IN_BROWSER } from '../../lib/images/built-images.ts';
import { VideoFacade, type VideoFacadeProps } from '../VideoFacade.tsx';
import { ContentLang } from '../content-lang.ts';

const SIZES = '(min-width: 1200px) 680px, (min-width: 768px) 60vw, calc(100vw - 2rem)';
const POSTER_WIDTHS = [480, 800, 1280] as const;

function usePoster(image: LandingCopy['testimonial']['poster']): VideoFacadeProps['poster'] {
  const images = useImages(DRAWN_IN_BROWSER);
  if (!image) return null;
  const variants = POSTER_WIDTHS.map((w) => images.width(image, w));
  const main = variants[variants.length - 1];
  return main
    ? { src: main.src, width: main.width, height: main.height, srcSet: srcSetOf(variants), sizes: SIZES }
    : null;
}

export function TestimonialBanner({ copy }: { copy: LandingCopy }) {
  const { testimonial: labels } = useMessages();
  const testimonial = copy.testimonial;
  const poster = usePoster(testimonial.poster);
  if (!testimonial.videoId && !testimonial.quote) return null;
  const lang = copyLang(copy, 'testimonial');
  return (
    <section className="landing-testimonial" aria-label={labels.label}>
      <div className="landing-testimonial__inner container">
        {testimonial.videoId ? (
          <div className="landing-testimonial__video" lang={lang}>
            {/* The video's title is the district's words; the play button's the page's (content-lang.ts). */}
            <ContentLang.Provider value={lang}>
              <VideoFacade videoId={testimonial.videoId} title={testimonial.title} poster={poster} />
            </ContentLang.Provider>
          </div>
        ) : null}
        {testimonial.quote ? (
          <figure className="landing-testimonial__quote" lang={lang}>
            <blockquote>
              <p>“{testimonial.quote}”</p>
            </blockquote>
            {testimonial.student ? <figcaption>{testimonial.student}</figcaption> : null}
          </figure>
        ) : null}
      </div>
    </section>
  );
}
