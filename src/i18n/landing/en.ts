// The English built-in landing copy: the product spec's headline, tagline and headings, in words
// that name no district.
import type { LandingBuiltin } from './types.ts';

export const en: LandingBuiltin = {
  hero: {
    headline: 'Guide to Middle School Options',
    tagline: 'Step into a world of possibility',
  },
  landingSections: {
    advantage: 'The District Advantage',
    academics: 'Academic Preparation',
    options: 'Middle School Options',
  },
  advantage: { statsHeading: 'By the numbers' },
  options: {
    heading: 'Your School. Your Choice.',
    intro: 'Explore each middle school to find the right fit for your student.',
  },
};
