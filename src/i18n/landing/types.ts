// The shape of the built-in landing copy: what the landing page shows, in one language, where the
// dataset has no landingPage document (or leaves a field empty). Only neutral words that name no
// district: the headings and the spec's headline. What a district says of itself (its intro, figures,
// panels, quote, testimonial, highlights) is its own content, and without it those parts are left
// out. The export and the preview server map it (src/lib/content/landing-copy.ts); no families' bundle
// carries it, since every landing page brings its words in its data.
export interface LandingBuiltin {
  hero: { headline: string; tagline: string };
  /** The landing page's three anchors' titles (ids are fixed in site.ts). */
  landingSections: { advantage: string; academics: string; options: string };
  advantage: { statsHeading: string };
  options: { heading: string; intro: string };
}
