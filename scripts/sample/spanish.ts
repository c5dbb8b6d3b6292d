// The sample district's Spanish edition: four schools translated the way
// @sanity/document-internationalization stores it (a `school` document with `language: "es"` and a
// `translation.metadata` document linking it to the English one), written for families rather
// than word for word. The other schools have no translation, so their Spanish pages show the
// English content, marked lang="en". Appended after every English document, so the English
// documents (and their timestamps) stay exactly as they were. The translated words are data
// (data/schools-es.json); this module lays them over the English documents.
import { readFileSync } from 'node:fs';
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

/** The translated schools' words, kept as data (data/schools-es.json) beside the English copy. */
const SCHOOLS_ES = JSON.parse(
  readFileSync(new URL('./data/schools-es.json', import.meta.url), 'utf8'),
) as SpanishSchool[];

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

/** Support programs as the district names them in Spanish (for a list typed before the vocabulary). */
const SUPPORT_ES: Record<string, string> = {
  'Special education (IEP)': 'Educación especial (IEP)',
  '504 plans': 'Planes 504',
  'English learner support': 'Apoyo para estudiantes de inglés',
  'Dual language: Spanish': 'Doble inmersión: español',
  'Gifted and talented': 'Estudiantes dotados y talentosos',
};

/**
 * The words of a school's facts in Spanish: transportation, care, event titles and how last year's
 * seats were given. Support programs chosen from the vocabulary have their Spanish titles there; a
 * list typed before it is typed again in Spanish, with a program of the school's own.
 */
function spanishFacts(english: Doc): Record<string, unknown> {
  const events = (english.events as { title?: string; location?: string }[] | undefined) ?? [];
  const title = (t: string | undefined) =>
    t === 'Open house' ? 'Jornada de puertas abiertas' : t === 'Family tour' ? 'Visita para familias' : t;
  const typed = english.supportPrograms as string[] | undefined;
  return {
    transportation: (english.transportation as string | undefined)?.startsWith('District buses')
      ? 'Autobuses del distrito desde cada vecindario de la zona; las paradas están en la página de transporte.'
      : 'No hay autobuses escolares; la ruta 15 de RTD para en la esquina. Las familias comparten el auto con la aplicación de la escuela.',
    // Absent in English too: the translation leaves it out rather than say "nothing".
    beforeAfterCare: english.beforeAfterCare
      ? 'Cuidado desde las 7:00 y hasta las 6:00 en la biblioteca, a cargo de la YMCA.'
      : null,
    ...(typed ? { supportPrograms: [...typed.map((p) => SUPPORT_ES[p] ?? p), 'Tutoría en español'] } : {}),
    admissionsNote: (english.admissionsNote as string | undefined)?.startsWith('Siblings')
      ? 'Los hermanos y los hijos del personal ocuparon cerca de un tercio de las plazas; el sorteo llenó el resto.'
      : 'Todas las familias de la zona que presentaron su solicitud a tiempo obtuvieron plaza.',
    events: events.map((e) => ({ ...e, title: title(e.title) })),
  };
}
