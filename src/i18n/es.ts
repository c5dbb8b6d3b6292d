// The Spanish catalogue, written for a district's Spanish-speaking families rather than word for
// word: "escuela intermedia" (the usual US term for middle school), "usted" for parents, and
// numbers as US Spanish (es-US, like Mexico) writes them: a decimal point, "2.4 mi".
import type { Messages } from './messages.ts';
import { oneDecimal } from './number.ts';

const decimal = oneDecimal('es-US');

export const es: Messages = {
  lang: 'es',
  locale: 'es-US',
  // Short labels: the desktop bar holds the three and the switcher at 1280 px (test/browser/pages.test.ts).
  nav: {
    middle: 'Escuelas intermedias',
    loading: 'Cargando escuelas...',
    empty: 'No se encontraron escuelas',
    allSchools: 'Ver todas las escuelas intermedias',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    menuLabel: 'Menú',
    mainNav: 'Principal',
    logoAlt: (district) => `Inicio de ${district}`,
    home: 'Inicio',
    skipLink: 'Saltar al contenido principal',
  },
  footer: {
    returnToTop: 'Volver arriba',
    pdfLabel: 'Descargar la guía de escuelas intermedias en PDF',
    pdfNote: ' (PDF, se abre en una pestaña nueva)',
    pdfNoteEnglish: ' (PDF en inglés, se abre en una pestaña nueva)',
    dataLabel: 'Descargar los datos de las escuelas',
    dataFormats: 'CSV, o en formato',
    rightsReserved: 'Todos los derechos reservados.',
  },
  hero: {
    pauseVideo: 'Pausar el video de fondo',
    playVideo: 'Reproducir el video de fondo',
  },
  sectionMenuLabel: 'Secciones de la guía',
  testimonial: {
    label: 'Testimonio de una estudiante',
  },
  options: {
    learnMore: 'Más información',
    learnMoreAbout: ' sobre ',
    fromYou: 'de usted',
    fromZip: (zip) => `del centro del código postal ${zip}`,
    noLocation: 'Distancia desconocida: no hay ubicación registrada',
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
    programGroups: { arts: 'Artes', athletics: 'Deportes', clubs: 'Clubes', support: 'Apoyo' },
    clear: 'Quitar los filtros',
    noMatch: 'Ninguna escuela cumple con estos filtros.',
    count: (n) => `${n} ${n === 1 ? 'escuela' : 'escuelas'}`,
    either: 'Se muestran las escuelas con cualquiera de estos.',
    ignored: (words) => `No están en esta lista, así que no se usan: ${words}. “Quitar los filtros” los quita.`,
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
    scrollHint: (n) => `La tabla es más ancha que la pantalla: desplácese hacia un lado para ver las ${n} escuelas.`,
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
    zip: {
      offer: 'No pudimos saber su ubicación. Puede ver la distancia desde su código postal.',
      label: 'Su código postal',
      go: 'Ver la distancia',
      empty: 'Primero escriba su código postal de cinco dígitos.',
      notZip: '“{zip}” no es un código postal: escriba sus cinco dígitos, como 80210.',
      unknown: 'El código postal {zip} no está en el distrito.',
      fromZip: 'desde el centro del código postal {zip}',
      milesNote: ' (millas) desde el centro del código postal {zip}',
    },
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
      `Compare las escuelas intermedias ${district ? `de ${district}` : 'del distrito'}: clases, programas especializados, actividades y visitas, ` +
      'para elegir con su familia la escuela adecuada.',
    schoolDescription: (title, district) => `${title}: una escuela intermedia${district ? ` de ${district}` : ''}.`,
    compareDescription: (district) =>
      `Compare de dos a cuatro escuelas intermedias${district ? ` de ${district}` : ''}, una al lado de la otra: tipo, artes, deportes y clubes, ` +
      'lo que dicen los estudiantes y las visitas.',
  },
};
