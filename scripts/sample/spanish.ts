// The sample district's Spanish edition: four schools translated the way
// @sanity/document-internationalization stores it (a `school` document with `language: "es"` and a
// `translation.metadata` document linking it to the English one), written for families rather
// than word for word. The other schools have no translation, so their Spanish pages show the
// English content, marked lang="en". Appended after every English document, so the English
// documents (and their timestamps) stay exactly as they were.
import { Keys, pt } from './pt.ts';
/** A dataset document (as build.ts builds them). */
type Doc = { _id: string; _type: string } & Record<string, unknown>;

interface SpanishSchool {
  key: string;
  subtitle: string;
  seoDescription: string;
  quote: { quote: string; year: string };
  tourTitle: string;
  tourText: string;
  /** Each section's Spanish title and text (its first content block), by the section's anchor. */
  sections: Record<string, { title: string; body: string }>;
}

const SECTION_TITLES_ES: Record<string, string> = {
  academics: 'Clases y aprendizaje',
  arts: 'Artes visuales y escénicas',
  athletics: 'Deportes',
  'student-life': 'Vida estudiantil',
  about: 'Contacto',
  'outdoor-lab': 'Laboratorio al aire libre',
};

const SCHOOLS_ES: SpanishSchool[] = [
  {
    key: 'lincoln',
    subtitle: 'El hogar de los Leones desde 1962',
    seoDescription:
      'Lincoln Middle School ofrece clases avanzadas, idiomas y un programa completo de artes en el centro de Cedar Valley, de 6.º a 8.º grado.',
    quote: {
      quote:
        'En Lincoln descubrí que me encanta debatir. Mi maestra de consejería me animó a probar el Modelo de la ONU y ahora dirijo el comité.',
      year: '8.º grado',
    },
    tourTitle: 'Visite Lincoln',
    tourText:
      'Ofrecemos visitas **los martes y jueves a las 9:00 a. m.**, de octubre a febrero. Usted podrá entrar a una clase, conocer a nuestros consejeros y ver la biblioteca nueva.',
    sections: {
      academics: {
        title: 'Clases y aprendizaje',
        body: '## Un buen comienzo para cada estudiante\n\nLincoln es la escuela intermedia más antigua de Cedar Valley y una de las más diversas: aquí estudian familias de más de treinta países. Todos los estudiantes aprenden un idioma, y en octavo grado pueden ganar créditos de secundaria en español, francés o mandarín.\n\n- Cuatro clases básicas cada día y dos materias optativas\n- Español para hablantes nativos\n- Club de lengua de señas después de clases',
      },
      arts: {
        title: 'Artes visuales y escénicas',
        body: 'Nuestra orquesta ha tocado en la conferencia estatal cuatro años seguidos, y el musical de primavera llena el auditorio tres noches seguidas.\n\nLas clases de arte son parte del horario normal, y prestamos instrumentos sin costo a las familias que los necesiten.',
      },
      athletics: {
        title: 'Deportes',
        body: 'Los Leones compiten en ocho deportes de la liga metropolitana, y en campo traviesa y atletismo nadie queda fuera del equipo.\n\nCada deportista necesita un examen físico vigente y un formulario firmado. Las cuotas no se cobran a quienes reciben comidas gratis o a precio reducido.',
      },
      'student-life': {
        title: 'Vida estudiantil',
        body: '## Ser un León\n\nCada mañana, grupos de quince estudiantes se reúnen con el mismo maestro consejero durante los tres años. Los clubes se reúnen antes de clases, a la hora del almuerzo y después de clases.',
      },
      about: {
        title: 'Contacto',
        body: '## Comuníquese con Lincoln Middle School\n\n**Lincoln Middle School**\n1200 Lincoln Avenue\nCedar Valley, CO 80210\nDirectora: Dr. Angela Ruiz\n\nTeléfono: [(303) 555-0142](tel:+1-303-555-0142)\n\nEn la oficina hay personal que habla español.',
      },
    },
  },
  {
    key: 'aspen-ridge',
    subtitle: 'Ciencias al aire libre y STEM en un campus de 40 acres',
    seoDescription:
      'Aspen Ridge Middle School une las clases de ciencia y tecnología con un laboratorio al aire libre de 40 acres, estudios del humedal y un premiado programa de robótica.',
    quote: {
      quote:
        'Analizamos el agua del arroyo cada semana durante un año entero y nuestros datos llegaron al estado. Eso sí fue ciencia de verdad.',
      year: '7.º grado',
    },
    tourTitle: 'Recorra la escuela con nosotros',
    tourText:
      'La visita incluye una caminata al laboratorio al aire libre, así que *traiga zapatos cómodos*. Las visitas para familias son el primer sábado de cada mes.',
    sections: {
      academics: {
        title: 'Clases y aprendizaje',
        body: '## Aprender con las manos\n\nAspen Ridge está en cuarenta acres al pie de las montañas, con un humedal, una estación meteorológica y un invernadero que cuidan los propios estudiantes. Una vez por semana, las clases de ciencias salen al campo a reunir datos reales.',
      },
      'outdoor-lab': {
        title: 'Laboratorio al aire libre',
        body: '## Un salón de clases de cuarenta acres\n\n- Miden la calidad del agua del arroyo cada semana\n- Cuentan aves migratorias con un proyecto de ciencia ciudadana\n- Cultivan plantas para los huertos escolares del distrito',
      },
      arts: {
        title: 'Artes visuales y escénicas',
        body: 'El taller de arte tiene vista a las montañas, y pintar paisajes es una tradición de séptimo grado.',
      },
      athletics: {
        title: 'Deportes',
        body: 'Tenemos el único club de ciclismo de montaña del distrito, además de todos los deportes de la liga.',
      },
      'student-life': {
        title: 'Vida estudiantil',
        body: '## Ser un Águila\n\nEn otoño, todos los estudiantes de sexto grado pasan tres días en un campamento de educación al aire libre.',
      },
      about: {
        title: 'Contacto',
        body: '## Comuníquese con Aspen Ridge Middle School\n\nDirector: Mr. Thomas Whitfield. Llame a la oficina para pedir un intérprete en las reuniones con maestros.',
      },
    },
  },
  {
    key: 'cottonwood',
    subtitle: 'Una escuela pequeña con un gran corazón',
    seoDescription:
      'Cottonwood Middle School es una escuela unida de menos de 400 estudiantes, donde cada maestro conoce a cada estudiante por su nombre, con buenos programas de lectura y artes.',
    quote: {
      quote:
        'Aquí todos te conocen. Cuando tuve una semana difícil, mis maestros se dieron cuenta antes de que yo dijera nada.',
      year: '8.º grado',
    },
    tourTitle: 'Venga a conocernos',
    tourText:
      'Con gusto le mostramos la escuela cualquier día de clases entre las 9:30 y las 2:00. No necesita cita, pero ayuda que llame antes.',
    sections: {
      academics: {
        title: 'Clases y aprendizaje',
        body: '## Cada estudiante cuenta\n\nCon menos de cuatrocientos estudiantes, Cottonwood es la escuela intermedia más pequeña del distrito. Cada estudiante tiene un mentor de lectura y los grupos tienen en promedio veintidós estudiantes.',
      },
      arts: {
        title: 'Artes visuales y escénicas',
        body: 'Los murales de los estudiantes cubren los pasillos, y el paseo de arte de primavera está abierto a todo el vecindario.',
      },
      'student-life': {
        title: 'Vida estudiantil',
        body: '## Ser un Coyote\n\nTodos los días hay clubes a la hora del almuerzo, desde juegos de mesa hasta un pódcast hecho por estudiantes.',
      },
      about: {
        title: 'Contacto',
        body: '## Comuníquese con Cottonwood Middle School\n\n- Horario: de 8:05 a. m. a 3:10 p. m.\n- Los miércoles la salida es a la 1:40 p. m.\n- El desayuno se sirve desde las 7:35 a. m.',
      },
    },
  },
  {
    key: 'meridian',
    subtitle: 'Ingeniería, computación y diseño, de 6.º a 8.º grado',
    seoDescription:
      'Meridian STEM Charter Academy es una escuela chárter pública y gratuita dedicada a la ingeniería, la computación y el diseño, de 6.º a 8.º grado.',
    quote: {
      quote: 'Nuestro equipo diseñó un filtro de agua que una empresa de verdad está probando ahora.',
      year: '8.º grado',
    },
    tourTitle: 'Conozca el taller de inventos',
    tourText:
      'Las solicitudes para el sorteo abren en enero. Las visitas son los miércoles por la tarde, para que las familias que trabajan puedan venir.',
    sections: {
      academics: {
        title: 'Clases y aprendizaje',
        body: '## Una escuela chárter pública abierta a todos\n\nMeridian es una escuela chárter pública y gratuita, autorizada por Cedar Valley Public Schools. Cualquier familia del distrito puede participar en el sorteo de cupos. Los estudiantes toman ingeniería todos los años, y el proyecto final de octavo grado se hace con una empresa local.',
      },
      'student-life': {
        title: 'Vida estudiantil',
        body: '## Ser un Mustang\n\nEl taller de inventos abre antes y después de clases, con maestros y mentores de la secundaria.',
      },
      about: {
        title: 'Contacto',
        body: '## Comuníquese con Meridian STEM Charter Academy\n\nDirectora: Dr. Priya Natarajan. Las reuniones informativas del sorteo tienen interpretación al español.',
      },
    },
  },
];

/** The four schools' activity tags in Spanish (names of programs stay as families will hear them at school). */
const TAGS_ES: Record<string, string> = {
  Orchestra: 'Orquesta',
  'Concert Band': 'Banda de concierto',
  Choir: 'Coro',
  Theatre: 'Teatro',
  Ceramics: 'Cerámica',
  'Digital Photography': 'Fotografía digital',
  'Cross Country': 'Campo traviesa',
  Volleyball: 'Voleibol',
  'Flag Football': 'Fútbol americano de banderas',
  Basketball: 'Básquetbol',
  Wrestling: 'Lucha',
  'Track & Field': 'Atletismo',
  Soccer: 'Fútbol',
  'Model UN': 'Modelo de la ONU',
  Robotics: 'Robótica',
  Yearbook: 'Anuario',
  'Chess Club': 'Club de ajedrez',
  'Student Council': 'Consejo estudiantil',
  'Garden Club': 'Club de jardinería',
  'Landscape Painting': 'Pintura de paisajes',
  'Jazz Band': 'Banda de jazz',
  'Film Club': 'Club de cine',
  Sculpture: 'Escultura',
  'Mountain Biking': 'Ciclismo de montaña',
  'Ultimate Frisbee': 'Ultimate frisbee',
  'Green Team': 'Equipo verde',
  'Science Olympiad': 'Olimpiada de ciencias',
  'Hiking Club': 'Club de excursionismo',
  'Coding Club': 'Club de programación',
  'Mural Art': 'Muralismo',
  Guitar: 'Guitarra',
  Drama: 'Drama',
  Printmaking: 'Grabado',
  'Podcast Club': 'Club de pódcast',
  'Board Games': 'Juegos de mesa',
  'Kindness Crew': 'Brigada de la amabilidad',
  'Book Club': 'Club de lectura',
  'Digital Design': 'Diseño digital',
  Animation: 'Animación',
  'Intramural Soccer': 'Fútbol interno',
  'Girls Who Code': 'Girls Who Code',
  'Math Counts': 'MathCounts',
  'Maker Club': 'Club de inventores',
  'Drone Club': 'Club de drones',
};
const TAG_LISTS = ['visualPerformingArtsTags', 'athleticsTags', 'clubsTags'] as const;

function spanishTags(block: Record<string, unknown>): Record<string, unknown> {
  const out = { ...block };
  for (const list of TAG_LISTS) {
    const tags = block[list];
    if (!Array.isArray(tags)) continue;
    out[list] = tags.map((t: { label?: string }) => {
      const label = t.label ? TAGS_ES[t.label] : undefined;
      if (t.label && !label) throw new Error(`spanish: no Spanish for the tag ${JSON.stringify(t.label)}`);
      return { ...t, label };
    });
  }
  return out;
}

/**
 * A translation.metadata document's fields, as @sanity/document-internationalization writes them:
 * each entry's language in `language`, a random `_key` (here seeded by the metadata's id).
 */
export function translationLinks(metadataId: string, type: string, englishId: string, spanishId: string) {
  const keys = new Keys(metadataId);
  const entry = (language: string, ref: string) => ({
    _key: keys.next(),
    _type: 'internationalizedArrayReferenceValue',
    language,
    value: { _type: 'reference', _ref: ref },
  });
  return { translations: [entry('en', englishId), entry('es', spanishId)], schemaTypes: [type] };
}

type Section = { _key: string; _type: string; title?: string; href?: string; blocks?: Record<string, unknown>[] };

/**
 * The Spanish documents for the English `docs` (already built): per translated school, a Spanish
 * quote, the Spanish school and the metadata linking the two. `meta` stamps each new document.
 */
export function spanishTranslations(docs: readonly Doc[], meta: (id: string, type: string) => Doc): Doc[] {
  const out: Doc[] = [];
  for (const s of SCHOOLS_ES) {
    const englishId = `school-${s.key}`;
    const english = docs.find((d) => d._id === englishId);
    if (!english) throw new Error(`spanish: no English school ${englishId}`);
    const id = `${englishId}__i18n_es`;
    const keys = new Keys(id);
    const quoteId = `quote-${s.key}-1__i18n_es`;
    const englishQuote = docs.find((d) => d._id === `quote-${s.key}-1`);
    out.push({
      ...meta(quoteId, 'quote'),
      language: 'es',
      quote: s.quote.quote,
      student: englishQuote?.student,
      year: s.quote.year,
      school: { _type: 'reference', _ref: englishId },
    });
    // The same sections (anchors, photos and other blocks), with Spanish titles and text: the first
    // content block of each section carries the Spanish copy.
    const sections = ((english.sectionRepeater as Section[]) ?? []).map((section) => {
      const es = s.sections[section.href ?? ''];
      let replaced = false;
      // The English page's deliberately unknown block (eventCalendar) stays an English-only fault.
      const blocks = (section.blocks ?? [])
        .filter((b) => b._type !== 'eventCalendar')
        .map((b) => {
          if (b._type === 'tagList') return spanishTags(b);
          // Nor does the empty photo slot (an English-only fault): the translation's reel is whole.
          if (b._type === 'photos' && Array.isArray(b.photoReel))
            return { ...b, photoReel: b.photoReel.filter((p: { asset?: unknown }) => p.asset) };
          if (!es || replaced || b._type !== 'content') return b;
          replaced = true;
          return { ...b, body: pt(keys, es.body) };
        });
      return { ...section, title: es?.title ?? SECTION_TITLES_ES[section.href ?? ''] ?? section.title, blocks };
    });
    out.push({
      ...meta(id, 'school'),
      language: 'es',
      title: english.title,
      subtitle: s.subtitle,
      seoDescription: s.seoDescription,
      featuredQuote: { _type: 'reference', _ref: quoteId },
      tourTitle: s.tourTitle,
      tourDescription: pt(new Keys(`${id}:tour`), s.tourText),
      sectionRepeater: sections,
      ...spanishFacts(english),
    });
    const metadataId = `translation-metadata-${s.key}`;
    out.push({ ...meta(metadataId, 'translation.metadata'), ...translationLinks(metadataId, 'school', englishId, id) });
  }
  return out;
}

/** Support programs as the district names them in Spanish. */
const SUPPORT_ES: Record<string, string> = {
  'Special education (IEP)': 'Educación especial (IEP)',
  '504 plans': 'Planes 504',
  'English learner support': 'Apoyo para estudiantes de inglés',
  'Dual language: Spanish': 'Doble inmersión: español',
  'Gifted and talented': 'Estudiantes dotados y talentosos',
};

/** The words of a school's facts in Spanish: transportation, care, support programs and event titles. */
function spanishFacts(english: Doc): Record<string, unknown> {
  const events = (english.events as { title?: string; location?: string }[] | undefined) ?? [];
  const title = (t: string | undefined) =>
    t === 'Open house' ? 'Jornada de puertas abiertas' : t === 'Family tour' ? 'Visita para familias' : t;
  return {
    transportation: (english.transportation as string | undefined)?.startsWith('District buses')
      ? 'Autobuses del distrito desde cada vecindario de la zona; las paradas están en la página de transporte.'
      : 'No hay autobuses escolares; la ruta 15 de RTD para en la esquina. Las familias comparten el auto con la aplicación de la escuela.',
    // Absent in English too: the translation leaves it out rather than say "nothing".
    beforeAfterCare: english.beforeAfterCare
      ? 'Cuidado desde las 7:00 y hasta las 6:00 en la biblioteca, a cargo de la YMCA.'
      : null,
    supportPrograms: ((english.supportPrograms as string[] | undefined) ?? []).map((p) => SUPPORT_ES[p] ?? p),
    events: events.map((e) => ({ ...e, title: title(e.title) })),
  };
}
