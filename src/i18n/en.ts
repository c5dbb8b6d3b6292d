// The English catalogue: the product spec's strings exactly (docs/product-spec.md is binding) and
// the district copy of the sample district. The default and fallback language.
import { DISTRICT_NAME, DISTRICT_SITE } from '../config/site.ts';
import type { Messages } from './messages.ts';
import { oneDecimal } from './number.ts';

const decimal = oneDecimal('en-US');

export const en: Messages = {
  lang: 'en',
  locale: 'en-US',
  nav: {
    elementary: { label: 'Elementary School Options', href: `${DISTRICT_SITE}/elementary-school-options` },
    middle: 'Middle School Options',
    high: { label: 'High School Options', href: `${DISTRICT_SITE}/high-school-options` },
    loading: 'Loading schools...',
    empty: 'No schools found',
    allSchools: 'See all middle schools',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menuLabel: 'Menu',
    mainNav: 'Main',
    logoAlt: `${DISTRICT_NAME} home`,
    skipLink: 'Skip to main content',
  },
  footer: {
    returnToTop: 'Return to Top',
    pdfLabel: 'Download a PDF Guide to Middle School Options',
    pdfNote: ' (PDF, opens in a new tab)',
    dataLabel: 'Download school data',
    dataFormats: 'CSV, or as',
    rightsReserved: 'All rights reserved.',
  },
  hero: {
    headline: 'Guide to Middle School Options',
    tagline: 'Step into a world of possibility',
    quote:
      'Middle school is where curiosity turns into direction. In every one of our middle schools, students find caring adults, ' +
      'challenging classes and room to discover what they love, and they leave ready for high school and beyond.',
    quoteAuthor: 'Dr. Elena Marsh',
    quoteRole: 'Superintendent, Cedar Valley Public Schools',
    pauseVideo: 'Pause background video',
    playVideo: 'Play background video',
  },
  landingSections: {
    advantage: 'The District Advantage',
    academics: 'Academic Preparation',
    options: 'Middle School Options',
  },
  sectionMenuLabel: 'Guide sections',
  // Spec section 9, exactly.
  stats: [
    { value: '12', label: 'High school focus programs' },
    { value: '24.5', label: 'Credits to graduate' },
    { value: '40+', label: 'Career and technical programs' },
    { value: '80%', label: 'Co-curricular participation' },
    { value: '94.3%', label: 'Graduation rate' },
    { value: '500+', label: 'Partners' },
  ],
  advantage: {
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
    ],
  },
  academics: {
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
    ],
  },
  testimonial: {
    label: 'Student testimonial',
    title: 'Students talk about middle school in Cedar Valley',
    quote: 'I found my people in the robotics club, and my teachers pushed me to take algebra a year early.',
    student: 'Maya R., 8th grade',
  },
  options: {
    heading: 'Your School. Your Choice.',
    intro: 'Explore each middle school to find the right fit for your student.',
    learnMore: 'Learn more',
    learnMoreAbout: ' about ',
    fromYou: 'from your location',
    empty: 'No schools found',
  },
  gridTools: {
    sortLabel: 'Sort schools',
    sortByName: 'Sort by name',
    sortByDistance: 'Sort by distance',
    finding: 'Finding your location…',
    noPosition: 'Your location is not available, so the order is unchanged.',
    sorted: 'Sorted by distance from your location, nearest first.',
    filterLabel: 'Filter schools',
    typeLabel: 'School type',
    district: 'District schools',
    charter: 'Charter schools',
    programGroups: { arts: 'Arts', athletics: 'Athletics', clubs: 'Clubs' },
    clear: 'Clear filters',
    noMatch: 'No schools match these filters.',
    count: (n) => `${n} ${n === 1 ? 'school' : 'schools'}`,
    underTenth: 'under 0.1 mi',
  },
  shortlist: {
    add: { before: 'Add', after: 'to shortlist' },
    remove: { before: 'Remove', after: 'from shortlist' },
    link: (n) => `Shortlist (${n})`,
    full: (max) => `Your shortlist already holds ${max} schools. Remove one to add another.`,
    failed: 'This browser does not let the site keep a shortlist.',
  },
  compare: {
    heading: 'Compare schools',
    howTo: (min, max) =>
      `Add ${min} to ${max} schools to your shortlist in the school list (“Add to shortlist”), then open “Shortlist” at the top of the page to compare them here side by side.`,
    toList: 'Go to the school list',
    loading: 'Loading the schools…',
    tooFew: (min) => `Pick at least ${min} schools to compare.`,
    unknown: (name) => `No school called “${name}”.`,
    tooMany: (max) => `Only ${max} schools fit side by side: the first ${max} are shown.`,
    failed: 'The school details could not be loaded. Reload the page to try again.',
    caption: 'The schools side by side',
    tableRegion: 'Comparison table',
    schoolPage: (title) => `Visit the ${title} page`,
    noScript: 'Comparing schools side by side needs JavaScript. Each school’s page has the same details:',
    none: 'None listed',
    distanceUnknown: 'Not known',
    lessThanTenth: 'Under 0.1 miles',
    miles: (value) => `${decimal(value)} miles`,
    types: { district: 'District school', charter: 'Charter school' },
    rows: {
      type: 'Type',
      distance: 'Distance',
      arts: 'Arts',
      athletics: 'Athletics',
      clubs: 'Clubs',
      quote: 'Featured quote',
      sections: 'Sections',
      tour: 'Tour',
      page: 'School page',
    },
  },
  school: {
    sectionsLabel: 'School sections',
    toggleNav: 'Toggle navigation menu',
    untitled: 'Untitled school',
    section: (n) => `Section ${n}`,
    logoAlt: (title) => `${title} logo`,
    getDistance: 'Get Distance',
    finding: 'Finding your location…',
    miles: (value) => `${decimal(value)} mi`,
    milesNote: ' from your location',
    tours: 'Tours',
    scheduleTourAt: 'Schedule A Tour at',
    scheduleTour: 'Schedule a Tour',
    opensNewTab: ' (opens in a new tab)',
    learnMore: 'Learn More',
    playVideo: (title) => `Play video: ${title}`,
    videoFrom: (student) => `Video testimonial from ${student}`,
    videoFallback: 'Student video testimonial',
  },
  seo: {
    landingDescription: (district) =>
      `Compare the middle schools of ${district}: academics, focus programs, activities and tours, ` +
      'to help your family choose the right school for your student.',
    schoolDescription: (title, district) => `${title}: a middle school in ${district}.`,
    compareDescription: (district) =>
      `Compare two to four middle schools of ${district} side by side: type, arts, athletics and clubs, ` +
      'what students say, and tours.',
  },
};
