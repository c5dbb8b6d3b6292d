// The landing page's opening: headline, tagline and the superintendent's quote over the
// background video (the video is decoration; all text is in the HTML).
import { useMessages } from '../../SiteEnv.tsx';
import { HeroVideo } from './HeroVideo.tsx';

export function LandingHero() {
  const HERO = useMessages().hero;
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <HeroVideo />
      <div className="landing-hero__content container">
        <h1 id="landing-hero-title" className="landing-hero__title">
          {HERO.headline}
        </h1>
        <p className="landing-hero__tagline">{HERO.tagline}</p>
        <figure className="landing-hero__quote">
          <blockquote>
            <p>“{HERO.quote}”</p>
          </blockquote>
          <figcaption>
            <span className="landing-hero__quote-author">{HERO.quoteAuthor}</span>
            <span className="landing-hero__quote-role">{HERO.quoteRole}</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
