// The landing page's opening: headline, tagline and the superintendent's quote over the
// background video (the video is decoration; all text is in the HTML).
import { copyLang } from '../../lib/content/editions.ts';
import type { LandingCopy } from '../../lib/content/landing-copy.ts';
import { HeroVideo } from './HeroVideo.tsx';

export function LandingHero({ copy }: { copy: LandingCopy }) {
  const quote = copy.superintendentQuote;
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <HeroVideo sources={copy.heroVideo} />
      <div className="landing-hero__content container">
        <h1 id="landing-hero-title" className="landing-hero__title" lang={copyLang(copy, 'headline')}>
          {copy.headline}
        </h1>
        {copy.tagline ? (
          <p className="landing-hero__tagline" lang={copyLang(copy, 'tagline')}>
            {copy.tagline}
          </p>
        ) : null}
        {quote.quote ? (
          <figure className="landing-hero__quote" lang={copyLang(copy, 'superintendentQuote')}>
            <blockquote>
              <p>“{quote.quote}”</p>
            </blockquote>
            <figcaption>
              <span className="landing-hero__quote-author">{quote.name}</span>
              <span className="landing-hero__quote-role">{quote.title}</span>
            </figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}
