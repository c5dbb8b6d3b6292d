// The Spanish built-in landing copy, written for families rather than word for word; shown where
// a dataset has no Spanish landingPage document.
import { DISTRICT_SITE } from '../../config/site.ts';
import type { LandingBuiltin } from './types.ts';

export const es: LandingBuiltin = {
  hero: {
    headline: 'Guía de escuelas intermedias',
    tagline: 'Un mundo de posibilidades empieza aquí',
    quote:
      'En la escuela intermedia la curiosidad se convierte en rumbo. En cada una de nuestras escuelas, los estudiantes ' +
      'encuentran adultos que se preocupan por ellos, clases que los retan y espacio para descubrir lo que les apasiona. ' +
      'Y salen listos para la secundaria y mucho más.',
    quoteAuthor: 'Dra. Elena Marsh',
    quoteRole: 'Superintendente, Cedar Valley Public Schools',
  },
  landingSections: {
    advantage: 'Lo que ofrece el distrito',
    academics: 'Preparación académica',
    options: 'Escuelas intermedias',
  },
  stats: [
    { value: '12', label: 'programas especializados en la secundaria' },
    { value: '24.5', label: 'créditos para graduarse' },
    { value: '40+', label: 'programas técnicos y profesionales' },
    { value: '80%', label: 'participa en actividades extracurriculares' },
    { value: '94.3%', label: 'tasa de graduación' },
    { value: '500+', label: 'organizaciones aliadas' },
  ],
  advantage: {
    heading: 'Lo que ofrece el distrito',
    intro:
      'Todas las escuelas intermedias de Cedar Valley comparten la misma promesa: buena enseñanza, opciones reales y ' +
      'un lugar seguro para crecer. Esto es lo que significa para su hijo o hija.',
    statsHeading: 'En cifras',
    panels: [
      {
        id: 'rigorous-academic-preparation',
        title: 'Una preparación académica sólida',
        defaultOpen: true,
        paragraphs: [
          'Las clases de cada grado preparan para el siguiente, así que los estudiantes llegan a la secundaria listos para ' +
            'cursos de honores, Advanced Placement (AP) y de doble crédito.',
          'Antes de elegir un programa en la secundaria, pueden conocer más de 70 programas de artes, idiomas, ciencia y ' +
            'tecnología (STEM) y carreras técnicas.',
        ],
        links: [{ label: 'Conozca los programas académicos (en inglés)', href: `${DISTRICT_SITE}/academics` }],
      },
      {
        id: 'advancing-excellence',
        title: 'Siempre mejorando',
        paragraphs: [
          'Nuestro plan estratégico fija metas claras de aprendizaje para cada escuela, y cada año les informamos a las familias cómo vamos.',
        ],
        links: [{ label: 'Lea el plan estratégico (en inglés)', href: `${DISTRICT_SITE}/strategic-plan` }],
      },
      {
        id: 'open-enrollment-information',
        title: 'Inscripción abierta',
        paragraphs: [
          'Durante la inscripción abierta, las familias pueden solicitar cualquier escuela intermedia del distrito. En la ' +
            'página de inscripción se explica el transporte y la preferencia para hermanos.',
        ],
        links: [
          { label: 'Fechas y solicitud de inscripción (en inglés)', href: `${DISTRICT_SITE}/open-enrollment` },
          { label: 'Información sobre el transporte (en inglés)', href: `${DISTRICT_SITE}/transportation` },
        ],
      },
      {
        id: 'district-awards',
        title: 'Reconocimientos del distrito',
        paragraphs: [
          'Las escuelas de Cedar Valley son reconocidas en todo el estado por el progreso de sus estudiantes, por las artes y por la educación técnica.',
        ],
        links: [{ label: 'Vea los reconocimientos (en inglés)', href: `${DISTRICT_SITE}/awards` }],
      },
      {
        id: 'safety-and-well-being',
        title: 'Seguridad y bienestar',
        paragraphs: [
          'El distrito ha invertido más de 45 millones de dólares en seguridad: entradas protegidas, personal capacitado y planes de emergencia al día en cada edificio.',
          'Consejeros, trabajadores sociales y enfermeros cuidan la salud física y emocional de cada estudiante.',
        ],
        links: [{ label: 'Seguridad escolar (en inglés)', href: `${DISTRICT_SITE}/safety` }],
      },
    ],
  },
  academics: {
    heading: 'Preparación académica',
    intro:
      'Desde sexto grado, los estudiantes crean los hábitos y ganan los créditos que les abren puertas en la secundaria y después.',
    highlights: [
      {
        title: 'Clases de honores y avanzadas',
        text: 'Hay clases de honores en todas las materias básicas, y cursos de matemáticas e idiomas que ya cuentan para la secundaria, para quienes quieren un reto mayor.',
      },
      {
        title: 'Un primer paso hacia los programas especializados',
        text: 'Las materias optativas se conectan con los 12 programas especializados de la secundaria, para que cada estudiante pruebe uno antes de elegirlo.',
      },
      {
        title: 'Un plan personal para cada estudiante',
        text: 'Cada estudiante prepara con su consejero un plan que se actualiza todos los años y une sus intereses con sus clases y su futuro profesional.',
      },
    ],
  },
  testimonial: {
    title: 'Estudiantes de Cedar Valley hablan de la escuela intermedia (video en inglés)',
    quote: 'En el club de robótica encontré a mi gente, y mis maestros me animaron a tomar álgebra un año antes.',
    student: 'Maya R., 8.º grado',
  },
  options: {
    heading: 'Su escuela. Su decisión.',
    intro: 'Conozca cada escuela intermedia y encuentre la que mejor le queda a su hijo o hija.',
  },
};
