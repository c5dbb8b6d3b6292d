// The shape of the built-in landing copy: what the landing page shows, in one language, when the
// dataset has no landingPage document (or leaves a field empty). The export and the preview server
// map it (src/lib/landing-copy.ts); no browser bundle carries it, since every landing page brings
// its words in its data.
export interface Stat {
  value: string;
  label: string;
}
export interface ExternalLink {
  label: string;
  href: string;
}
export interface AdvantagePanel {
  id: string;
  title: string;
  paragraphs: readonly string[];
  links: readonly ExternalLink[];
  defaultOpen?: boolean;
}
export interface AcademicHighlight {
  title: string;
  text: string;
}

export interface LandingBuiltin {
  hero: { headline: string; tagline: string; quote: string; quoteAuthor: string; quoteRole: string };
  /** The landing page's three anchors' titles (ids are fixed in site.ts). */
  landingSections: { advantage: string; academics: string; options: string };
  stats: readonly Stat[];
  advantage: { heading: string; intro: string; statsHeading: string; panels: readonly AdvantagePanel[] };
  academics: { heading: string; intro: string; highlights: readonly AcademicHighlight[] };
  testimonial: { title: string; quote: string; student: string };
  options: { heading: string; intro: string };
}
