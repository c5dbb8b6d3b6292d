// The Spanish words of the facts families decide by (see types.ts), as US Spanish writes numbers.
import { grouped, oneDecimal } from '../number.ts';
import type { FamilyWords } from './types.ts';

const decimal = oneDecimal('es-US');
const whole = grouped('es-US');

export const es: FamilyWords = {
  glance: {
    heading: 'De un vistazo',
    grades: 'Grados',
    enrollment: 'Estudiantes',
    students: (n) => `${whole(n)} estudiantes`,
    address: 'Dirección',
    mapNote: ' (abre un mapa)',
    phone: 'Teléfono',
    website: 'Sitio web',
    bellTimes: 'Horario',
    transportation: 'Transporte',
    care: 'Cuidado antes y después de clases',
    support: 'Programas de apoyo',
    admissionsLabel: 'Admisiones',
    lastYear: (seats, applicants) => `El año pasado: ${seats} plazas, ${applicants} solicitudes`,
    howSeats: 'Cómo se asignaron las plazas',
    prioritiesIntro: 'Las plazas fueron primero para, en este orden:',
    thenLottery: 'Las demás plazas se sortearon.',
    lottery: 'Las plazas se sortearon.',
    waitlisted: (n) => `${whole(n)} ${n === 1 ? 'familia quedó' : 'familias quedaron'} en la lista de espera.`,
    results: 'Resultados',
    source: 'fuente',
    events: 'Visitas y jornadas de puertas abiertas',
    addToCalendar: 'Agregar al calendario',
    addAllToCalendar: 'Agregar todo al calendario',
    details: 'Más información',
  },
  compare: {
    grades: 'Grados',
    bellTimes: 'Horario',
    transportation: 'Transporte',
    support: 'Programas de apoyo',
    admissions: 'El año pasado',
    nextEvent: 'Próxima visita o jornada',
    lastYear: '{seats} plazas, {applicants} solicitudes',
    address: 'Dirección',
    phone: 'Teléfono',
    enrollment: 'Estudiantes',
    students: '{n} estudiantes',
    care: 'Cuidado antes y después de clases',
    source: 'fuente',
    howSeats: 'Cómo se asignaron las plazas',
    thenLottery: 'Las demás plazas se sortearon.',
    lottery: 'Las plazas se sortearon.',
    waitlisted: 'Familias que quedaron en la lista de espera: {n}.',
    distanceFromZip: 'Distancia desde el código postal {zip}',
  },
  timeline: { heading: 'Cómo solicitar', addAll: 'Agregue estas fechas a su calendario' },
  allSchools: {
    title: 'Todas las escuelas intermedias',
    intro: (n, other) =>
      other
        ? `Las ${n} escuelas intermedias y programas del distrito, por nombre; los ${other} que la lista de la guía no incluye van al final.`
        : `Las ${n} escuelas intermedias del distrito, por nombre.`,
    other: 'Otros programas que puede elegir',
    seeAll: (n) => `Ver las ${n} escuelas`,
    back: 'Volver a la guía',
  },
  pager: {
    label: 'Páginas',
    prev: 'Página anterior',
    next: 'Página siguiente',
    status: (n, of) => `Página ${n} de ${of}`,
  },
  zip: {
    finder: 'Busque escuelas por código postal',
    finderIntro:
      'Vea la escuela que le corresponde y luego todas las escuelas abiertas a todo el distrito, por distancia.',
    label: 'Su código postal',
    go: 'Ver escuelas',
    unknown: (zip) => `El código postal ${zip} no está en el distrito: elija el suyo de la lista.`,
    empty: 'Primero escriba su código postal de cinco dígitos.',
    notZip: (zip) => `“${zip}” no es un código postal: escriba sus cinco dígitos, como 80210.`,
    sortIntro: 'No pudimos saber su ubicación. Puede ordenar por distancia desde su código postal.',
    sortGo: 'Ordenar desde este código postal',
    sorted: (zip) =>
      `Ordenadas por distancia desde el centro del código postal ${zip}, de la más cercana a la más lejana.`,
    sortUnknown: (zip) => `El código postal ${zip} no está en el distrito, así que el orden no cambió.`,
    title: (zip) => `Escuelas para el código postal ${zip}`,
    intro: (zip) =>
      `Familias del ${zip}: primero la escuela que les corresponde, luego las que cualquier familia puede elegir, de la más cercana a la más lejana.`,
    zoned: (n) => (n === 1 ? 'La escuela que le corresponde' : 'Las escuelas que le corresponden'),
    open: 'Abiertas a todo el distrito',
    other: 'Otros programas que puede elegir',
    otherIntro: 'Centros y programas que la lista de escuelas de la guía no incluye.',
    noZoned: 'Ninguna escuela tiene asignado este código postal: todas las de abajo están abiertas para usted.',
    fromCentre: (miles) => `A ${decimal(miles)} mi del centro del código postal`,
    back: 'Volver a todas las escuelas',
  },
};
