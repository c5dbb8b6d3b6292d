// The sample district's "at a glance" facts, results, tours and open houses, ZIP codes, shared
// vocabulary and application timeline: what families decide by, made from each school's facts
// (schools.ts) the same way on every run. District schools are zoned for the ZIP code of their
// address; charter schools and the enrichment centre are open to the whole district. Events fall
// in early 2027 with the district's Mountain time offset, so the exported sample lists them.
// Most schools choose their support programs from the vocabulary; two keep a list typed before
// it (Harmon Park: keys, titles and a name that is no term; Meridian: titles, which its Spanish
// translation types in Spanish), as a district's older content does.
import type { SchoolFacts } from './schools.ts';

type Doc = Record<string, unknown>;

/** The district's vocabulary: [kind, key, English title, Spanish title]. */
export const VOCABULARY = [
  ['support', 'iep', 'Special education (IEP)', 'Educación especial (IEP)'],
  ['support', '504-plans', '504 plans', 'Planes 504'],
  ['support', 'english-learners', 'English learner support', 'Apoyo para estudiantes de inglés'],
  ['support', 'dual-language', 'Dual language: Spanish', 'Doble inmersión: español'],
  ['support', 'gifted', 'Gifted and talented', 'Estudiantes dotados y talentosos'],
  ['priority', 'siblings', 'Siblings of current students', 'Hermanos de estudiantes actuales'],
  ['priority', 'zoned', 'Families zoned for the school', 'Familias de la zona de la escuela'],
  ['priority', 'staff', 'Children of staff', 'Hijos del personal'],
  ['priority', 'free-lunch', 'Families who qualify for free lunch', 'Familias con derecho a almuerzo gratis'],
  ['measure', 'math', 'Math proficiency', 'Dominio de matemáticas'],
  ['measure', 'reading', 'Reading proficiency', 'Dominio de lectura'],
  ['measure', 'attendance', 'Attendance', 'Asistencia'],
  ['measure', 'growth', 'Academic growth (median percentile)', 'Crecimiento académico (percentil medio)'],
] as const;

const termId = (key: string) => `term-${key}`;
const termRef = (key: string, _key: string) => ({ _key, _type: 'reference', _ref: termId(key) });

/** The vocabulary's documents; `meta` stamps each. */
type Stamped = Doc & { _id: string; _type: string };
export const vocabularyDocs = (meta: (id: string, type: string) => Stamped): Stamped[] =>
  VOCABULARY.map(([kind, key, en, es]) => ({
    ...meta(termId(key), 'vocabularyTerm'),
    kind,
    key,
    title: { _type: 'object', en, es },
  }));

const SUPPORT = VOCABULARY.filter((t) => t[0] === 'support');

/** Schools whose support list was typed before the vocabulary, and what they typed. */
const TYPED_SUPPORT: Record<string, string[]> = {
  'harmon-park': ['504-plans', 'English learner support', 'Dual language: Spanish', 'Reading intervention'],
  meridian: ['Special education (IEP)', '504 plans', 'English learner support', 'Gifted and talented'],
};

/** Last year's results: three measures from the state and the district, one label typed without a measure. */
function results(s: SchoolFacts, i: number, key: () => string): Doc[] {
  const at = (base: number, step: number) => `${base + ((i * step) % 17)}%`;
  const state = {
    source: 'Colorado Measures of Academic Success (CMAS)',
    sourceUrl: 'https://www.cde.state.co.us/assessment',
  };
  const list: Doc[] = [
    {
      _key: key(),
      _type: 'schoolResult',
      measure: { _type: 'reference', _ref: termId('math') },
      value: at(38, 7),
      year: '2024-25',
      ...state,
    },
    {
      _key: key(),
      _type: 'schoolResult',
      measure: { _type: 'reference', _ref: termId('reading') },
      value: at(45, 5),
      year: '2024-25',
      ...state,
    },
    {
      _key: key(),
      _type: 'schoolResult',
      measure: { _type: 'reference', _ref: termId('attendance') },
      value: `${90 + (i % 7)}.${(i * 3) % 10}%`,
      year: '2024-25',
      source: 'District attendance records',
    },
  ];
  if (s.key === 'lincoln')
    list.push({
      _key: key(),
      _type: 'schoolResult',
      label: 'Eighth graders taking algebra',
      value: '41%',
      year: '2024-25',
      source: 'District course records',
    });
  return list;
}

/** How last year's seats were given, by the kind of school. */
function admissionsWay(s: SchoolFacts, open: boolean, key: () => string): Doc {
  if (s.isCharter)
    return {
      priorities: [termRef('siblings', key()), termRef('staff', key())],
      lottery: true,
      waitlisted: Math.round(s.enrollment / 12),
    };
  return open
    ? { lottery: true }
    : { priorities: [termRef('zoned', key()), termRef('siblings', key())], lottery: true };
}

/** "1200 Lincoln Avenue\nCedar Valley, CO 80210" → { street, city, state, zip }. */
export function parseAddress(text: string): { street: string; city: string; state: string; zip: string } {
  const [street = '', rest = ''] = text.split('\n');
  const m = /^(.*), ([A-Z]{2}) (\d{5})$/.exec(rest.trim());
  return { street: street.trim(), city: m?.[1] ?? rest.trim(), state: m?.[2] ?? '', zip: m?.[3] ?? '' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The school document's fact fields. `i` is the school's place in the list (varies the values). */
export function schoolFactFields(s: SchoolFacts, i: number, key: () => string): Doc {
  const address = parseAddress(s.address);
  const open = s.isCharter || s.key === 'northfield';
  const startMinute = [0, 5, 15, 25, 35][i % 5]!;
  const fields: Doc = {
    address: { _type: 'object', ...address },
    phone: s.phone.replace(/^\+1-(\d{3})-(\d{3})-(\d{4})$/, '($1) $2-$3'),
    website: `https://www.cedarvalleyschools.example/schools/${s.slug}`,
    grades: s.grades.replace('–', '-'),
    bellTimes: { start: `0${7 + (i % 2)}:${pad(startMinute)}`, end: `${14 + (i % 2)}:${pad(startMinute + 20)}` },
    transportation:
      s.key === 'northfield'
        ? 'A district shuttle runs from every middle school at 7:30 and 12:15.'
        : open
          ? 'No school buses; RTD route 15 stops at the corner. Families carpool through the school app.'
          : 'District buses from every neighborhood in the attendance zone; stops are on the transportation page.',
    beforeAfterCare: i % 3 === 2 ? '' : 'Before care from 7:00, after care until 6:00 in the library, run by the YMCA.',
    ...(TYPED_SUPPORT[s.key]
      ? { supportPrograms: TYPED_SUPPORT[s.key] }
      : { support: SUPPORT.filter((_, k) => (i + k) % 4 !== 3).map(([, k]) => termRef(k, key())) }),
    results: results(s, i, key),
    attendanceZipCodes: open ? [] : [address.zip],
    events: [
      {
        _key: key(),
        _type: 'schoolEvent',
        title: 'Open house',
        start: `2027-01-${pad(12 + (i % 10))}T17:30:00-07:00`,
        end: `2027-01-${pad(12 + (i % 10))}T19:00:00-07:00`,
        location: `${s.title}, ${address.street}`,
        url: `https://www.cedarvalleyschools.example/schools/${s.slug}/open-house`,
      },
      {
        _key: key(),
        _type: 'schoolEvent',
        title: 'Family tour',
        start: `2027-02-${pad(3 + (i % 10))}T09:00:00-07:00`,
        end: `2027-02-${pad(3 + (i % 10))}T10:00:00-07:00`,
        location: `Front office, ${address.street}`,
      },
    ],
  };
  if (s.enrollment > 0) {
    fields.enrollment = s.enrollment;
    const seats = Math.round(s.enrollment / 3 / 10) * 10;
    fields.admissions = {
      year: 2025,
      seats,
      applicants: Math.round(seats * (1.4 + (i % 4) * 0.45)),
      ...admissionsWay(s, open, key),
    };
    fields.admissionsNote = s.isCharter
      ? 'Siblings and children of staff took about a third of the seats; the lottery filled the rest.'
      : 'Every family zoned for the school who applied by the deadline got a seat.';
  }
  for (const k of Object.keys(fields)) if (fields[k] === '') delete fields[k];
  return fields;
}

/** The district's ZIP codes: each school address's, centred near the school. */
export function districtZipCodes(schools: readonly SchoolFacts[]): Doc[] {
  const seen = new Set<string>();
  return schools.flatMap((s) => {
    const zip = parseAddress(s.address).zip;
    if (!zip || !s.location || seen.has(zip)) return [];
    seen.add(zip);
    const lat = Math.round((s.location.lat + 0.004) * 1e4) / 1e4;
    const lng = Math.round((s.location.lng - 0.006) * 1e4) / 1e4;
    return [{ _key: `zip-${zip}`, _type: 'zipCode', zip, lat, lng }];
  });
}

/** The application timeline, in English and Spanish. */
export const TIMELINE = {
  en: [
    ['apply-opens', '2027-01-04', 'Applications open', 'Apply online for up to five schools, in order of preference.'],
    ['apply-closes', '2027-02-12', 'Applications close', 'Applications must be in by 11:59 PM.'],
    ['offers', '2027-03-19', 'Offers sent', 'Families get an email and a letter with their offer.'],
    [
      'accept-by',
      '2027-04-16',
      'Accept your offer',
      'Accept online, or the seat goes to the next family on the wait list.',
    ],
  ],
  es: [
    [
      'apply-opens',
      '2027-01-04',
      'Comienzan las solicitudes',
      'Solicite en línea hasta cinco escuelas, en orden de preferencia.',
    ],
    ['apply-closes', '2027-02-12', 'Cierre de solicitudes', 'Las solicitudes deben enviarse antes de las 11:59 p. m.'],
    ['offers', '2027-03-19', 'Envío de ofertas', 'Las familias reciben un correo y una carta con su oferta.'],
    [
      'accept-by',
      '2027-04-16',
      'Acepte su oferta',
      'Acepte en línea; si no, la plaza pasa a la siguiente familia de la lista de espera.',
    ],
  ],
} as const;

export const timelineDocs = (lang: 'en' | 'es'): Doc[] =>
  TIMELINE[lang].map(([key, date, title, description]) => ({
    _key: key,
    _type: 'enrollmentStep',
    title,
    date,
    description,
  }));
