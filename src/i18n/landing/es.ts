// The Spanish built-in landing copy, written for families rather than word for word, naming no
// district; shown where a dataset has no Spanish landingPage document.
import type { LandingBuiltin } from './types.ts';

export const es: LandingBuiltin = {
  hero: {
    headline: 'Guía de escuelas intermedias',
    tagline: 'Un mundo de posibilidades empieza aquí',
  },
  landingSections: {
    advantage: 'Lo que ofrece el distrito',
    academics: 'Preparación académica',
    options: 'Escuelas intermedias',
  },
  advantage: { statsHeading: 'En cifras' },
  options: {
    heading: 'Su escuela. Su decisión.',
    intro: 'Conozca cada escuela intermedia y encuentre la que mejor le queda a su hijo o hija.',
  },
};
