// The Spanish catalogue, written for Cedar Valley's Spanish-speaking families rather than word for
// word: "escuela intermedia" (the usual US term for middle school), "usted" for parents, and
// numbers as US Spanish (es-US, like Mexico) writes them: a decimal point, "2.4 mi".
import { DISTRICT_NAME, DISTRICT_SITE } from '../config/site.ts';
import type { Messages } from './messages.ts';
import { oneDecimal } from './number.ts';

const decimal = oneDecimal('es-US');

export const es: Messages = {
  lang: 'es',
  locale: 'es-US',
  // Short labels: the desktop bar holds the three and the switcher at 1280 px (test/browser/pages.test.ts).
  nav: {
    elementary: { label: 'Escuelas primarias', href: `${DISTRICT_SITE}/elementary-school-options` },
    middle: 'Escuelas intermedias',
    high: { label: 'Escuelas secundarias', href: `${DISTRICT_SITE}/high-school-options` },
    loading: 'Cargando escuelas...',
    empty: 'No se encontraron escuelas',
    allSchools: 'Ver todas las escuelas intermedias',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    menuLabel: 'Menú',
    mainNav: 'Principal',
    logoAlt: `Inicio de ${DISTRICT_NAME}`,
    skipLink: 'Saltar al contenido principal',
  },
  footer: {
    returnToTop: 'Volver arriba',
    pdfLabel: 'Descargar la guía de escuelas intermedias en PDF',
    pdfNote: ' (PDF en inglés, se abre en una pestaña nueva)',
    // The data files are the English content (one facts file for both editions).
    dataLabel: 'Descargar los datos de las escuelas (en inglés)',
    dataFormats: 'CSV, o en formato',
    rightsReserved: 'Todos los derechos reservados.',
  },
  hero: {
    headline: 'Guía de escuelas intermedias',
    tagline: 'Un mundo de posibilidades empieza aquí',
    quote:
      'En la escuela intermedia la curiosidad se convierte en rumbo. En cada una de nuestras escuelas, los estudiantes ' +
      'encuentran adultos que se preocupan por ellos, clases que los retan y espacio para descubrir lo que les apasiona. ' +
      'Y salen listos para la secundaria y mucho más.',
    quoteAuthor: 'Dra. Elena Marsh',
    quoteRole: 'Superintendente, Cedar Valley Public Schools',
    pauseVideo: 'Pausar el video de fondo',
    playVideo: 'Reproducir el video de fondo',
  },
  landingSections: {
    advantage: 'Lo que ofrece el distrito',
    academics: 'Preparación académica',
    options: 'Escuelas intermedias',
  },
  sectionMenuLabel: 'Secciones de la guía',
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
    label: 'Testimonio de una estudiante',
    title: 'Estudiantes de Cedar Valley hablan de la escuela intermedia (video en inglés)',
    quote: 'En el club de robótica encontré a mi gente, y mis maestros me animaron a tomar álgebra un año antes.',
    student: 'Maya R., 8.º grado',
  },
  options: {
    heading: 'Su escuela. Su decisión.',
    intro: 'Conozca cada escuela intermedia y encuentre la que mejor le queda a su hijo o hija.',
    learnMore: 'Más información',
    learnMoreAbout: ' sobre ',
    fromYou: 'de usted',
    empty: 'No se encontraron escuelas',
  },
  gridTools: {
    sortLabel: 'Ordenar las escuelas',
    sortByName: 'Ordenar por nombre',
    sortByDistance: 'Ordenar por distancia',
    finding: 'Buscando su ubicación…',
    noPosition: 'No pudimos saber su ubicación, así que el orden no cambió.',
    sorted: 'Ordenadas por distancia desde su ubicación, de la más cercana a la más lejana.',
    filterLabel: 'Filtrar escuelas',
    typeLabel: 'Tipo de escuela',
    district: 'Escuelas del distrito',
    charter: 'Escuelas chárter',
    programGroups: { arts: 'Artes', athletics: 'Deportes', clubs: 'Clubes' },
    clear: 'Quitar los filtros',
    noMatch: 'Ninguna escuela cumple con estos filtros.',
    count: (n) => `${n} ${n === 1 ? 'escuela' : 'escuelas'}`,
    underTenth: 'a menos de 0.1 mi',
  },
  shortlist: {
    add: { before: 'Agregar', after: 'a mi lista' },
    remove: { before: 'Quitar', after: 'de mi lista' },
    link: (n) => `Mi lista (${n})`,
    full: (max) => `Su lista ya tiene ${max} escuelas. Quite una para agregar otra.`,
    failed: 'Este navegador no permite que el sitio guarde su lista.',
  },
  compare: {
    heading: 'Comparar escuelas',
    howTo: (min, max) =>
      `En la lista de escuelas, agregue de ${min} a ${max} escuelas a su lista (“Agregar a mi lista”) y luego abra “Mi lista” en la parte de arriba de la página para compararlas aquí, una al lado de la otra.`,
    toList: 'Ir a la lista de escuelas',
    loading: 'Cargando las escuelas…',
    tooFew: (min) => `Elija al menos ${min} escuelas para compararlas.`,
    unknown: (name) => `No hay ninguna escuela llamada “${name}”.`,
    tooMany: (max) => `Solo caben ${max} escuelas una al lado de la otra: se muestran las primeras ${max}.`,
    failed: 'No se pudieron cargar los datos de las escuelas. Vuelva a cargar la página para intentarlo de nuevo.',
    caption: 'Las escuelas una al lado de la otra',
    tableRegion: 'Tabla comparativa',
    schoolPage: (title) => `Ver la página de ${title}`,
    noScript:
      'Para comparar escuelas lado a lado se necesita JavaScript. La página de cada escuela tiene los mismos datos:',
    none: 'Nada indicado',
    distanceUnknown: 'Desconocida',
    lessThanTenth: 'A menos de 0.1 millas',
    miles: (value) => `${decimal(value)} millas`,
    types: { district: 'Escuela del distrito', charter: 'Escuela chárter' },
    rows: {
      type: 'Tipo',
      distance: 'Distancia',
      arts: 'Artes',
      athletics: 'Deportes',
      clubs: 'Clubes',
      quote: 'Cita destacada',
      sections: 'Secciones',
      tour: 'Visita',
      page: 'Página de la escuela',
    },
  },
  school: {
    sectionsLabel: 'Secciones de la escuela',
    toggleNav: 'Abrir o cerrar el menú de secciones',
    untitled: 'Escuela sin nombre',
    section: (n) => `Sección ${n}`,
    logoAlt: (title) => `Logotipo de ${title}`,
    getDistance: '¿A qué distancia está?',
    finding: 'Buscando su ubicación…',
    miles: (value) => `${decimal(value)} mi`,
    milesNote: ' (millas) desde su ubicación',
    tours: 'Visitas',
    scheduleTourAt: 'Visite',
    scheduleTour: 'Reservar una visita',
    opensNewTab: ' (se abre en una pestaña nueva)',
    learnMore: 'Más información',
    playVideo: (title) => `Reproducir el video: ${title}`,
    videoFrom: (student) => `Testimonio en video de ${student}`,
    videoFallback: 'Testimonio en video de un estudiante',
  },
  seo: {
    landingDescription: (district) =>
      `Compare las escuelas intermedias de ${district}: clases, programas especializados, actividades y visitas, ` +
      'para elegir con su familia la escuela adecuada.',
    schoolDescription: (title, district) => `${title}: una escuela intermedia de ${district}.`,
    compareDescription: (district) =>
      `Compare de dos a cuatro escuelas intermedias de ${district}, una al lado de la otra: tipo, artes, deportes y clubes, ` +
      'lo que dicen los estudiantes y las visitas.',
  },
};
