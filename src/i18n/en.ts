// The English catalogue: the product spec's strings exactly (docs/product-spec.md is binding), in
// words that name no district (its name comes from the site settings). The default and fallback language.
import type { Messages } from './messages.ts';
import { oneDecimal } from './number.ts';

const decimal = oneDecimal('en-US');

export const en: Messages = {
  lang: 'en',
  locale: 'en-US',
  nav: {
    middle: 'Middle School Options',
    loading: 'Loading schools...',
    empty: 'No schools found',
    allSchools: 'See all middle schools',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menuLabel: 'Menu',
    mainNav: 'Main',
    logoAlt: (district) => `${district} home`,
    home: 'Home',
    skipLink: 'Skip to main content',
  },
  footer: {
    returnToTop: 'Return to Top',
    pdfLabel: 'Download a PDF Guide to Middle School Options',
    pdfNote: ' (PDF, opens in a new tab)',
    pdfNoteEnglish: ' (PDF, opens in a new tab)',
    dataLabel: 'Download school data',
    dataFormats: 'CSV, or as',
    rightsReserved: 'All rights reserved.',
  },
  hero: {
    pauseVideo: 'Pause background video',
    playVideo: 'Play background video',
  },
  sectionMenuLabel: 'Guide sections',
  // Spec section 9, exactly.
  testimonial: {
    label: 'Student testimonial',
  },
  options: {
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
    programGroups: { arts: 'Arts', athletics: 'Athletics', clubs: 'Clubs', support: 'Support' },
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
    scrollHint: (n) => `The table is wider than the screen: scroll sideways to see all ${n} schools.`,
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
      `Compare the middle schools of ${district || 'the district'}: academics, focus programs, activities and tours, ` +
      'to help your family choose the right school for your student.',
    schoolDescription: (title, district) => `${title}: a middle school${district ? ` in ${district}` : ''}.`,
    compareDescription: (district) =>
      `Compare two to four middle schools${district ? ` of ${district}` : ''} side by side: type, arts, athletics and clubs, ` +
      'what students say, and tours.',
  },
};
