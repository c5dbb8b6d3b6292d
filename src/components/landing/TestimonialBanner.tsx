// The landing page's student video testimonial: the video player loads only on request
// (VideoFacade), the quote is plain text beside it.
import { ASSETS, LANDING_TESTIMONIAL, assetUrl, posterVariantPath } from '../../config/site.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { VideoFacade } from '../VideoFacade.tsx';

export function TestimonialBanner() {
  const { base, preview } = useSiteEnv();
  const { testimonial } = useMessages();
  // The smaller copies exist in exports only; the editors' preview serves public/ as it is.
  const srcSet = preview
    ? undefined
    : [
        ...ASSETS.heroPosterWidths.map((w) => `${assetUrl(base, posterVariantPath(w))} ${w}w`),
        `${assetUrl(base, ASSETS.heroPoster.src)} ${ASSETS.heroPoster.width}w`,
      ].join(', ');
  const poster = {
    src: assetUrl(base, ASSETS.heroPoster.src),
    width: ASSETS.heroPoster.width,
    height: ASSETS.heroPoster.height,
    srcSet,
    sizes: '(min-width: 1200px) 680px, (min-width: 768px) 60vw, calc(100vw - 2rem)',
  };
  return (
    <section className="landing-testimonial" aria-label={testimonial.label}>
      <div className="landing-testimonial__inner container">
        <div className="landing-testimonial__video">
          <VideoFacade videoId={LANDING_TESTIMONIAL.videoId} title={testimonial.title} poster={poster} />
        </div>
        <figure className="landing-testimonial__quote">
          <blockquote>
            <p>“{testimonial.quote}”</p>
          </blockquote>
          <figcaption>{testimonial.student}</figcaption>
        </figure>
      </div>
    </section>
  );
}
