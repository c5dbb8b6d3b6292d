// The shape of a message catalogue: every interface string of the site, the district copy and how
// dates and numbers are written, for one language. Each language is one module (en.ts, es.ts)
// typed `Messages`, so a key missing in any language fails the type-check; adding a string is one
// line here and one per language. Catalogues reach a page through SiteEnv.messages: the server
// render imports every language, a browser bundle only its own (see src/entry-client*.tsx).

/** The site's languages; English is the content's and the catalogue's fallback. */
export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export interface Messages {
  lang: Lang;
  /** BCP 47 tag for Intl (dates, numbers). */
  locale: string;
  nav: {
    middle: string;
    loading: string;
    empty: string;
    allSchools: string;
    openMenu: string;
    closeMenu: string;
    menuLabel: string;
    mainNav: string;
    /** The home link's words (the logo's alternative text) for a district with a name... */
    logoAlt: (district: string) => string;
    /** ...and for one that has not given it. */
    home: string;
    skipLink: string;
  };
  footer: {
    returnToTop: string;
    pdfLabel: string;
    pdfNote: string;
    /** The note when the edition shows the English document's guide. */
    pdfNoteEnglish: string;
    /** The open data files the export writes beside the pages (schools.csv, schools.json). */
    dataLabel: string;
    /** "(CSV, or as JSON)": the words before the JSON link. */
    dataFormats: string;
    rightsReserved: string;
  };
  hero: {
    pauseVideo: string;
    playVideo: string;
  };
  sectionMenuLabel: string;
  testimonial: { label: string };
  options: {
    learnMore: string;
    /** Visually hidden after 'Learn more', before the school's title: " about ". */
    learnMoreAbout: string;
    /** After a card's distance, for screen readers ("2.4 mi from your location"). */
    fromYou: string;
    /** The same after a sort from a ZIP code's centre. */
    fromZip: (zip: string) => string;
    /** A sorted card whose school has no location: why it comes last. */
    noLocation: string;
    empty: string;
  };
  /** The landing grid's tools: sort by distance, filters. English: the product spec's wording. */
  gridTools: {
    sortLabel: string;
    sortByName: string;
    sortByDistance: string;
    finding: string;
    noPosition: string;
    /** Announced once the grid is sorted by distance. */
    sorted: string;
    filterLabel: string;
    typeLabel: string;
    district: string;
    charter: string;
    /** The filter groups' names; the programs inside are content and stay as written. */
    programGroups: { arts: string; athletics: string; clubs: string; support: string };
    clear: string;
    noMatch: string;
    /** "7 schools", "1 school". */
    count: (n: number) => string;
    /** A card's distance that rounds to 0.0: "under 0.1 mi". */
    /** Under a program group with two or more buttons pressed: a school with any one is shown. */
    either: string;
    /** Filter words the address names that no button shows. */
    ignored: (words: string) => string;
    underTenth: string;
  };
  /** The shortlist: kept in this browser only; the navigation links to its comparison. */
  shortlist: {
    /** The button's name is "{before} {school title} {after}"; the title is hidden on screen. */
    add: { before: string; after: string };
    remove: { before: string; after: string };
    /** The navigation entry: "Shortlist (N)". */
    link: (n: number) => string;
    full: (max: number) => string;
    failed: string;
  };
  /** The compare page. */
  compare: {
    heading: string;
    /** How to fill the table: the shortlist button's words are quoted. */
    howTo: (min: number, max: number) => string;
    toList: string;
    loading: string;
    tooFew: (min: number) => string;
    unknown: (name: string) => string;
    tooMany: (max: number) => string;
    failed: string;
    caption: string;
    tableRegion: string;
    schoolPage: (title: string) => string;
    /** Without JavaScript the page cannot read its address: what it shows instead of the table. */
    noScript: string;
    /** On a phone, above a table wider than the screen: more schools are to the side. */
    scrollHint: (n: number) => string;
    none: string;
    distanceUnknown: string;
    lessThanTenth: string;
    /** A distance in the table: "2.4 miles". */
    miles: (value: number) => string;
    types: { district: string; charter: string };
    rows: {
      type: string;
      distance: string;
      arts: string;
      athletics: string;
      clubs: string;
      quote: string;
      sections: string;
      tour: string;
      page: string;
    };
  };
  school: {
    sectionsLabel: string;
    toggleNav: string;
    untitled: string;
    section: (n: number) => string;
    logoAlt: (title: string) => string;
    getDistance: string;
    finding: string;
    /** "2.4 mi" (one decimal, spec section 9). */
    miles: (value: number) => string;
    /** Read after "2.4 mi" (hidden on screen): the chip's name starts with what it shows (WCAG 2.5.3). */
    milesNote: string;
    /**
     * When the location is refused: the chip offers a ZIP code instead. `zip.fromZip` is shown under
     * a distance from a ZIP code's centre; `{zip}` is the code (or what was typed).
     */
    zip: {
      offer: string;
      label: string;
      go: string;
      empty: string;
      notZip: string;
      unknown: string;
      fromZip: string;
      /** Read after "2.4 mi" (hidden on screen) when the distance is from a ZIP code's centre. */
      milesNote: string;
    };
    tours: string;
    scheduleTourAt: string;
    scheduleTour: string;
    opensNewTab: string;
    learnMore: string;
    playVideo: (title: string) => string;
    videoFrom: (student: string) => string;
    videoFallback: string;
  };
  /** Each with the district's name, or '' when it has not given one (then no district is named). */
  seo: {
    landingDescription: (district: string) => string;
    schoolDescription: (title: string, district: string) => string;
    compareDescription: (district: string) => string;
  };
}
