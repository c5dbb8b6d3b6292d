// The district's landing copy, links and constants in one place, so the district web team edits
// words and URLs here and never inside components. Local files are paths relative to the asset
// base (SiteEnv.base, always ending in '/'): components prefix them with assetUrl().

/** The fictional district this site is built for. */
export const DISTRICT_NAME = 'Cedar Valley Public Schools';

/** Spec section 4/9: the hero video fades in over this many milliseconds once it can play. */
export const HERO_VIDEO_FADE_MS = 1000;
/** The hero video is neither shown nor loaded below this viewport width (px). */
export const HERO_VIDEO_MIN_WIDTH = 768;
export const HERO_VIDEO_MEDIA_QUERY = `(min-width: ${HERO_VIDEO_MIN_WIDTH}px)`;
/** The hero video's pause control (moving content needs one, WCAG 2.2.2). */
export const HERO_VIDEO_LABELS = { pause: 'Pause background video', play: 'Play background video' } as const;

/** Local static files, relative to the asset base. */
export const ASSETS = {
  logo: { src: 'brand/logo.svg', width: 200, height: 48 },
  heroVideo: [
    { src: 'media/hero.webm', type: 'video/webm' },
    { src: 'media/hero.mp4', type: 'video/mp4' },
  ],
  heroPoster: { src: 'media/hero-poster.jpg', width: 1920, height: 1080 },
  /** Smaller copies of the poster the export makes (scripts/lib/poster-variants.ts), for srcset. */
  heroPosterWidths: [480, 800, 1280],
  pdfGuide: 'guide/middle-school-options.pdf',
} as const;

/** Path of the export's `width`-wide copy of the hero poster, relative to the asset base. */
export const posterVariantPath = (width: number): string => ASSETS.heroPoster.src.replace(/\.jpg$/, `-${width}w.jpg`);

/** A local file's URL under the asset base (`base` always ends in '/'). */
export const assetUrl = (base: string, path: string): string => `${base}${path.replace(/^\/+/, '')}`;

const DISTRICT_SITE = 'https://www.cedarvalleyschools.example';

export const NAV_LINKS = {
  elementary: { label: 'Elementary School Options', href: `${DISTRICT_SITE}/elementary-school-options` },
  middle: { label: 'Middle School Options' },
  high: { label: 'High School Options', href: `${DISTRICT_SITE}/high-school-options` },
} as const;

export const NAV_STATES = {
  loading: 'Loading schools...',
  empty: 'No schools found',
} as const;

export const FOOTER = {
  returnToTop: 'Return to Top',
  pdfLabel: 'Download a PDF Guide to Middle School Options',
  /** The open data files the export writes beside the pages (schools.csv, schools.json). */
  dataLabel: 'Download school data',
  rightsReserved: 'All rights reserved.',
} as const;

export const HERO = {
  headline: 'Guide to Middle School Options',
  tagline: 'Step into a world of possibility',
  quote:
    'Middle school is where curiosity turns into direction. In every one of our middle schools, students find caring adults, ' +
    'challenging classes and room to discover what they love, and they leave ready for high school and beyond.',
  quoteAuthor: 'Dr. Elena Marsh',
  quoteRole: 'Superintendent, Cedar Valley Public Schools',
} as const;

/** The landing page's three anchors, in page order; the ids are also the URL hashes. */
export const LANDING_SECTIONS = [
  { id: 'advantage', title: 'The District Advantage' },
  { id: 'academics', title: 'Academic Preparation' },
  { id: 'options', title: 'Middle School Options' },
] as const;

/**
 * Not in the spec: what the menus show without JavaScript when a district-sized list is a shared
 * file rather than part of every page. The landing grid lists the schools.
 */
export const NAV_ALL_SCHOOLS = { label: 'See all middle schools', href: `/#${LANDING_SECTIONS[2].id}` } as const;

export const SECTION_MENU_LABEL = 'Guide sections';

export interface Stat {
  value: string;
  label: string;
}

/** Spec section 9, exactly. */
export const STATS: readonly Stat[] = [
  { value: '12', label: 'High school focus programs' },
  { value: '24.5', label: 'Credits to graduate' },
  { value: '40+', label: 'Career and technical programs' },
  { value: '80%', label: 'Co-curricular participation' },
  { value: '94.3%', label: 'Graduation rate' },
  { value: '500+', label: 'Partners' },
];

export interface ExternalLink {
  label: string;
  href: string;
}
export interface AdvantagePanel {
  id: string;
  title: string;
  paragraphs: readonly string[];
  links: readonly ExternalLink[];
  defaultOpen?: boolean;
}

export const ADVANTAGE = {
  heading: 'The District Advantage',
  intro:
    'Every Cedar Valley middle school shares the same promise: strong teaching, real choices and a safe place to grow. ' +
    'Here is what that means for your student.',
  statsHeading: 'By the numbers',
  panels: [
    {
      id: 'rigorous-academic-preparation',
      title: 'Rigorous Academic Preparation',
      defaultOpen: true,
      paragraphs: [
        'Middle school courses are aligned from grade to grade so students arrive in high school ready for honors, ' +
          'Advanced Placement and dual-credit classes.',
        'Students can explore 70+ programs across arts, world languages, STEM and career pathways before choosing a high school focus.',
      ],
      links: [{ label: 'Explore academic programs', href: `${DISTRICT_SITE}/academics` }],
    },
    {
      id: 'advancing-excellence',
      title: 'Advancing Excellence',
      paragraphs: [
        'Our strategic plan sets clear goals for achievement and growth in every school, and we report progress to families each year.',
      ],
      links: [{ label: 'Read the strategic plan', href: `${DISTRICT_SITE}/strategic-plan` }],
    },
    {
      id: 'open-enrollment-information',
      title: 'Open Enrollment Information',
      paragraphs: [
        'Families may apply to any middle school in the district during open enrollment. Transportation and sibling preferences are explained on the enrollment page.',
      ],
      links: [
        { label: 'Open enrollment dates and application', href: `${DISTRICT_SITE}/open-enrollment` },
        { label: 'Transportation information', href: `${DISTRICT_SITE}/transportation` },
      ],
    },
    {
      id: 'district-awards',
      title: 'District Awards',
      paragraphs: [
        'Cedar Valley schools are recognized statewide for academic growth, the arts and career and technical education.',
      ],
      links: [{ label: 'See district awards', href: `${DISTRICT_SITE}/awards` }],
    },
    {
      id: 'safety-and-well-being',
      title: 'Safety and Well-Being',
      paragraphs: [
        'The district has invested over $45 million on safety: secure entrances, trained staff and updated emergency plans in every building.',
        'Counselors, social workers and nurses support every student’s physical and mental health.',
      ],
      links: [{ label: 'Safety and security', href: `${DISTRICT_SITE}/safety` }],
    },
  ] satisfies readonly AdvantagePanel[],
} as const;

export interface AcademicHighlight {
  title: string;
  text: string;
}

export const ACADEMICS = {
  heading: 'Academic Preparation',
  intro: 'From sixth grade on, students build the habits and credits that open doors in high school and beyond.',
  highlights: [
    {
      title: 'Honors and Advanced Coursework',
      text: 'Honors classes in every core subject and high-school-credit courses in math and world languages challenge students who are ready for more.',
    },
    {
      title: 'Focus Program Pathways',
      text: 'Middle school electives connect to our 12 high school focus programs, so students can try a pathway before they choose it.',
    },
    {
      title: 'Individualized Career and Academic Plans',
      text: 'Each student builds a personal plan with a counselor, updated every year, that links interests to courses and careers.',
    },
  ] satisfies readonly AcademicHighlight[],
} as const;

export const LANDING_TESTIMONIAL = {
  videoId: 'M7lc1UVf-VE',
  title: 'Students talk about middle school in Cedar Valley',
  quote: 'I found my people in the robotics club, and my teachers pushed me to take algebra a year early.',
  student: 'Maya R., 8th grade',
} as const;

export const OPTIONS = {
  heading: 'Your School. Your Choice.',
  intro: 'Explore each middle school to find the right fit for your student.',
  learnMore: 'Learn more',
  /** After a card's distance, for screen readers ("2.4 mi from your location"). */
  fromYou: 'from your location',
  empty: 'No schools found',
} as const;

export const NAV_A11Y = {
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuLabel: 'Menu',
  mainNav: 'Main',
  logoAlt: `${DISTRICT_NAME} home`,
  skipLink: 'Skip to main content',
} as const;

/** The landing grid's tools (issue 16): sort by distance, filters. Labels are the contract. */
export const GRID_TOOLS = {
  sortLabel: 'Sort schools',
  sortByName: 'Sort by name',
  sortByDistance: 'Sort by distance',
  finding: 'Finding your location…',
  noPosition: 'Your location is not available, so the order is unchanged.',
  filterLabel: 'Filter schools',
  typeLabel: 'School type',
  district: 'District schools',
  charter: 'Charter schools',
  programGroups: { arts: 'Arts', athletics: 'Athletics', clubs: 'Clubs' },
  clear: 'Clear filters',
  noMatch: 'No schools match these filters.',
  /** "7 schools", "1 school". */
  count: (n: number): string => `${n} ${n === 1 ? 'school' : 'schools'}`,
} as const;

/** The shortlist (issue 16): kept in this browser only; the navigation links to its comparison. */
export const SHORTLIST = {
  /** The button's name is "{before} {school title} {after}"; the title is hidden on the cards, where it is the heading. */
  add: { before: 'Add', after: 'to shortlist' },
  remove: { before: 'Remove', after: 'from shortlist' },
  /** The navigation entry: "Shortlist (N)". */
  link: (n: number): string => `Shortlist (${n})`,
  full: (max: number): string => `Your shortlist already holds ${max} schools. Remove one to add another.`,
  failed: 'This browser does not let the site keep a shortlist.',
} as const;
