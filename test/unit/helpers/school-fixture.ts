// A complete school document (as returned by schoolBySlugQuery) for the school-page and block tests.
import type { LandingSchoolRow, NavigationSchoolRow, School, Section } from '../../../src/lib/content/types.ts';

const img = (hash: string, w = 1600, h = 1000) => ({
  _type: 'image' as const,
  asset: { _type: 'reference' as const, _ref: `image-${hash}-${w}x${h}-jpg` },
});
const p = (text: string) => ({
  _type: 'block' as const,
  _key: text.slice(0, 8),
  style: 'normal' as const,
  markDefs: [],
  children: [{ _type: 'span' as const, _key: 's', text, marks: [] }],
});

/** Academics: columns of content, a photo and an accordion list with a hole in it. */
function academicsSection(): Section {
  return {
    _key: 's1',
    _type: 'section',
    title: 'Academics',
    href: 'academics',
    blocks: [
      { _type: 'content', _key: 'c1', columns: true, body: [p('Rigorous courses for every student.')] },
      { ...img('ddd444', 2000, 1200), _type: 'photo', _key: 'ph' },
      {
        _type: 'accordionSection',
        _key: 'ac',
        sectionTitle: 'Programs',
        columns: false,
        topPadding: true,
        accordions: [
          {
            _id: 'a1',
            accordionTitle: 'Honors',
            defaultOpen: true,
            accordionContent: [p('Honors courses in every core subject.')],
          },
          null,
          {
            _id: 'a2',
            accordionTitle: 'Electives',
            defaultOpen: false,
            accordionContent: [p('Spanish, coding and band.')],
          },
        ],
      },
    ],
  } as Section;
}

/** Student life: a hostile anchor, a missing block, an empty photo slot, an unknown block type and unsafe links. */
function studentLifeSection(): Section {
  return {
    _key: 's2',
    _type: 'section',
    title: 'Student Life',
    href: 'student life"><script>',
    blocks: [
      null,
      {
        _type: 'photos',
        _key: 'pr',
        photoReel: [img('e1'), { _type: 'image', _key: 'x' }, img('e2'), img('e3'), img('e4'), img('e5'), img('e6')],
      },
      {
        _type: 'tagList',
        _key: 't',
        tagCategory: 'clubs',
        clubsTags: [
          { _key: '1', label: 'Robotics' },
          { _key: '2', label: 'Chess' },
        ],
        athleticsTags: [{ _key: '3', label: 'Soccer' }],
      },
      { _type: 'mysteryWidget', _key: 'm' },
      {
        _type: 'videoTestimonial',
        _key: 'v',
        testimonial: { quote: 'Band changed my life.', student: 'Sam T.', year: 'Class of 2027' },
        video: { title: 'Sam on band', videoId: 'dQw4w9WgXcQ' },
        backgroundImage: img('fff666', 1920, 1080),
      },
      {
        _type: 'highlightSection',
        _key: 'h',
        highlights: [
          {
            _id: 'h1',
            title: 'STEM Lab',
            description: [p('Build robots.')],
            image: img('abc123', 800, 600),
            link: '/schools/lincoln-middle#academics',
            href: 'https://ignored.example',
          },
          {
            _id: 'h2',
            title: 'Partners',
            simpleDescription: 'Local businesses mentor students.',
            imageUrl: '/img/partners.jpg',
            href: 'https://partners.example/',
          },
          {
            _id: 'h3',
            title: 'Unsafe',
            simpleDescription: 'No link for me.',
            link: 'javascript:alert(1)',
            href: 'data:text/html,x',
          },
          null,
        ],
      },
    ],
  } as Section;
}

export function sampleSchool(): School {
  return schoolWith({
    _id: 'school-lincoln',
    _type: 'school',
    title: 'Lincoln Middle School',
    subtitle: 'Home of the Lions',
    slug: 'lincoln-middle',
    image: img('aaa111'),
    logo: img('bbb222', 400, 400),
    color: '#1d4ed8',
    location: geopoint(39.74, -104.99),
    featuredQuote: {
      quote: 'I found my people here.',
      student: 'Maya R.',
      year: '8th grade',
      schoolTitle: 'Lincoln Middle School',
    },
    showTourSection: true,
    tourTitle: 'Visit Lincoln',
    tourDescription: [p('Tours run every Tuesday.')],
    tourLink: 'https://district.example/tours/lincoln',
    tourImage: img('ccc333', 1200, 800),
    sectionRepeater: [academicsSection(), studentLifeSection()],
  });
}

/**
 * A school as the queries return it when only `fields` are set: a projection yields every key,
 * `null` where the document has no value (so a draft missing fields looks like this too).
 */
export function schoolWith(fields: Partial<School> = {}): School {
  return {
    _id: 's',
    _type: 'school',
    _updatedAt: '',
    title: null,
    subtitle: null,
    slug: null,
    logo: null,
    staticLogo: null,
    image: null,
    staticImage: null,
    mainImage: null,
    isCharter: null,
    color: null,
    location: null,
    featuredQuote: null,
    twitter: null,
    seoDescription: null,
    seoImage: null,
    showTourSection: null,
    tourTitle: null,
    tourDescription: null,
    tourLink: null,
    tourImage: null,
    address: null,
    phone: null,
    website: null,
    grades: null,
    enrollment: null,
    bellTimes: null,
    transportation: null,
    beforeAfterCare: null,
    support: null,
    supportPrograms: null,
    supportTerms: [],
    results: null,
    admissions: null,
    admissionsNote: null,
    attendanceZipCodes: null,
    events: null,
    sectionRepeater: null,
    ...fields,
  };
}

/** A section as the query returns it, from the fields a test cares about. */
export const sectionWith = (fields: Partial<Section>): Section => ({
  _key: 'k',
  _type: 'section',
  title: null,
  href: null,
  blocks: null,
  ...fields,
});

/** A navigation row as navigationSchoolsQuery returns it. */
export const navRowWith = (fields: Partial<NavigationSchoolRow> & { _id: string }): NavigationSchoolRow => ({
  title: null,
  subtitle: null,
  slug: null,
  logo: null,
  staticLogo: null,
  isCharter: null,
  ...fields,
});

/** A landing row as landingSchoolsQuery returns it. */
export const landingRowWith = (fields: Partial<LandingSchoolRow> & { _id: string }): LandingSchoolRow => ({
  title: null,
  slug: null,
  logo: null,
  color: null,
  mainImage: null,
  seoDescription: null,
  ...fields,
});

/** An image field as stored: `_type` "image" and an asset reference. */
export const imageOf = (
  ref: string,
  extra: { hotspot?: { x: number; y: number; width?: number; height?: number } } = {},
) => ({
  _type: 'image' as const,
  asset: { _type: 'reference' as const, _ref: ref },
  ...(extra.hotspot ? { hotspot: { _type: 'sanity.imageHotspot' as const, ...extra.hotspot } } : {}),
});

/** A geopoint as stored. */
export const geopoint = (lat: number, lng: number) => ({ _type: 'geopoint' as const, lat, lng });
