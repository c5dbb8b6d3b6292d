// The landing page's student video testimonial: the video player loads only on request
// (VideoFacade), the quote is plain text beside it.
import { ASSETS, LANDING_TESTIMONIAL, assetUrl } from '../../config/site.ts';
import { useSiteEnv } from '../../SiteEnv.tsx';
import { VideoFacade } from '../VideoFacade.tsx';

export function TestimonialBanner() {
  const { base } = useSiteEnv();
  const poster = { src: assetUrl(base, ASSETS.heroPoster.src), width: ASSETS.heroPoster.width, height: ASSETS.heroPoster.height };
  return (
    <section className="landing-testimonial" aria-label="Student testimonial">
      <div className="landing-testimonial__inner container">
        <div className="landing-testimonial__video">
          <VideoFacade videoId={LANDING_TESTIMONIAL.videoId} title={LANDING_TESTIMONIAL.title} poster={poster} />
        </div>
        <figure className="landing-testimonial__quote">
          <blockquote>
            <p>“{LANDING_TESTIMONIAL.quote}”</p>
          </blockquote>
          <figcaption>{LANDING_TESTIMONIAL.student}</figcaption>
        </figure>
      </div>
    </section>
  );
}
