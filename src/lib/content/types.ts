// The types components use, in one place so they never re-declare them: query results (aliases of
// the generated ones) and the app's own mapped shapes (NavSchool, LandingCard). Each page's data
// is declared with its page (src/pages/). Content is typed by many hands: every field may be
// missing or null, and mapping code must cope.

import type {
  LandingSchoolsQueryResult,
  NavigationSchoolsQueryResult,
  RichText as GeneratedRichText,
  SanityImageCrop,
  SanityImageHotspot,
  SchoolBySlugQueryResult,
} from './sanity.types.ts';
import type { SiteSettings } from './builtin-settings.ts';
import type { BuiltImages } from '../images/built-images.ts';

// Query results come from Sanity TypeGen (src/lib/content/sanity.types.ts, `npm run typegen`): they follow
// the Studio schema and the query text, so a field renamed in either shows up here as a type error.
// The aliases keep the names the components use.

export type RichText = GeneratedRichText;

/** A hotspot and a crop after image.ts has checked them: every value a number in 0..1. */
export interface ImageHotspot {
  x: number;
  y: number;
  width?: number;
  height?: number;
}
export interface ImageCrop {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Any image field as the mapping code accepts it: an asset reference plus an optional hotspot and
 * crop whose values may be missing (as in the schema's SanityImageHotspot / SanityImageCrop).
 * Looser than the generated image types on purpose: image.ts also takes photo blocks and reel
 * entries, which are all assignable to it, and checks every value itself.
 */
export interface SanityImage {
  _type?: string;
  _key?: string;
  asset?: { _ref?: string; _type?: string } | null;
  hotspot?: Partial<Pick<SanityImageHotspot, 'x' | 'y' | 'width' | 'height'>> | null;
  crop?: Partial<Pick<SanityImageCrop, 'top' | 'bottom' | 'left' | 'right'>> | null;
  /**
   * In a file the export writes for the browser (the navigation list, the grid's cards): the
   * variants it built of this image, as the families' bundles look them up (built-images.ts).
   */
  built?: BuiltImages | null;
}

/** A usable coordinate pair (what distance.ts's isValidLocation admits), unlike the schema's Geopoint whose values may be missing. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Result of `schoolBySlugQuery` / `schoolByIdQuery` / `allSchoolsQuery` rows, as the schema promises. */
type SchoolResult = NonNullable<SchoolBySlugQueryResult>;
type SectionResult = NonNullable<SchoolResult['sectionRepeater']>[number];

type GeneratedBlock = NonNullable<SectionResult['blocks']>[number];
type BlockOf<T extends GeneratedBlock['_type']> = Extract<GeneratedBlock, { _type: T }>;
/**
 * A list the query fills by dereferencing (`accordions[]->`, `highlights[]->`): a reference whose
 * target was deleted comes back as null (docs/content-model.md, "Queries"), which TypeGen's
 * schema-based type does not show, so these lists admit null entries.
 */
type Dereferenced<B, K extends keyof B> = Omit<B, K> & {
  [P in K]: (NonNullable<B[P]> extends (infer T)[] ? (T | null)[] : never) | null;
};

export type ContentBlock = BlockOf<'content'>;
export type PhotoBlock = BlockOf<'photo'>;
/** Sanity's standard image as a block (a default Studio schema's, imported content's): shown as a photo. */
export type ImageBlock = BlockOf<'image'>;
export type PhotosBlock = BlockOf<'photos'>;
export type AccordionSectionBlock = Dereferenced<BlockOf<'accordionSection'>, 'accordions'>;
export type VideoTestimonialBlock = BlockOf<'videoTestimonial'>;
export type HighlightSectionBlock = Dereferenced<BlockOf<'highlightSection'>, 'highlights'>;
export type TagListBlock = BlockOf<'tagList'>;
/**
 * Every block type of the schema, as `schoolFields` expands them. Derived from the generated union,
 * so a block type added to the Studio schema joins it at `npm run typegen`, and the block map in
 * BlockRenderer.tsx fails the type-check until it has a component for it.
 */
export type KnownBlock =
  | Exclude<GeneratedBlock, { _type: 'accordionSection' | 'highlightSection' }>
  | AccordionSectionBlock
  | HighlightSectionBlock;

/** A `quote` document with its referenced school's title expanded. */
export type Quote = NonNullable<SchoolResult['featuredQuote']>;
export type Video = NonNullable<VideoTestimonialBlock['video']>;
export type Highlight = NonNullable<BlockOf<'highlightSection'>['highlights']>[number];
export type Accordion = NonNullable<BlockOf<'accordionSection'>['accordions']>[number];
export type Tag = NonNullable<TagListBlock['athleticsTags']>[number];
export type TagCategory = NonNullable<TagListBlock['tagCategory']>;

/**
 * Any block type this site does not know. The schema cannot promise its absence: a dataset may
 * hold types added to a Studio after this site shipped (the sample has one), so the blocks of a
 * section are widened to admit them, and `null`s, which hand-edited data can hold. Rendered as a
 * fallback, never a crash.
 */
export interface UnknownBlock {
  _type: string;
  _key?: string;
  [field: string]: unknown;
}
export type Block = KnownBlock | UnknownBlock;

export type Section = Omit<SectionResult, 'blocks'> & { blocks: (Block | null)[] | null };
export type School = Omit<SchoolResult, 'sectionRepeater' | 'translations'> & {
  sectionRepeater: (Section | null)[] | null;
  /** On another edition than English: the translatable fields shown in English (src/lib/content/localize.ts). */
  _fallback?: string[];
};

/** Result row of `navigationSchoolsQuery`. */
export type NavigationSchoolRow = NavigationSchoolsQueryResult[number];
/** Result row of `landingSchoolsQuery`. */
// The translation fields may be absent: rows carried from an export made before the Spanish edition have none.
export type LandingSchoolRow = Omit<LandingSchoolsQueryResult[number], 'translations' | 'translationMeta'> &
  Partial<Pick<LandingSchoolsQueryResult[number], 'translations' | 'translationMeta'>>;

/** A navigation entry after mapping (spec section 3: name, description, link, 64x64 icon). */
export interface NavSchool {
  id: string;
  name: string;
  description: string;
  link: string;
  icon: SanityImage | null;
  /** The school's staticLogo address, only when it has no `icon` (absent otherwise, to keep pages small). */
  staticIcon?: string;
}

/** A landing-grid card after mapping and filtering. */
export interface LandingCard {
  id: string;
  title: string;
  slug: string;
  description: string;
  image: SanityImage | null;
  /** On another edition than English: 'en' when the description is the English school's (no translation). */
  descriptionLang?: 'en';
}

/** A section-menu entry: anchor id and title. */
export interface NavLink {
  id: string;
  title: string;
  /** Fixed number to show when the menu is numbered (the tour entry is always 06); default: position + 1. */
  number?: number;
  /** 'en' when the title is English content shown on another edition (src/lib/content/localize.ts). */
  lang?: string;
}

/** What every page carries besides its own data: the site settings of its edition (absent: built-in). */
export interface PageCommon {
  settings?: SiteSettings | null;
}

/** The landing grid's way to the schools it does not show (scripts/lib/landing-grid.ts). */
export interface GridMore {
  /** Every school the grid would list. */
  total: number;
  /** The all-schools page (a page path, root-relative) and its link's words. */
  href: string;
  label: string;
  /** Every card of the edition as one content-hashed JSON file, which the grid's tools load to sort and filter all of them. */
  cardsSrc: string;
}

// A school at a glance and its coming events (src/lib/facts/school-glance.ts makes them).
/** Words of content, with their language where it is not the page's (English on a Spanish page). */
export interface GlanceText {
  text: string;
  lang?: string;
}

/** A result as the glance shows it: the year and the source always with the figure. */
export interface GlanceResult {
  label: GlanceText;
  value: string;
  year: string;
  source: GlanceText;
  sourceUrl: string | null;
}

export interface GlanceRow {
  /** Which fact, for the row's class name and tests: 'grades', 'phone', … */
  key: string;
  label: string;
  value: string;
  /** The value's language when it is not the page's (a fact the translation does not give). */
  lang?: string;
  /** A link the value opens (map search, tel:, the school's website). */
  href?: string;
  /** A list with (or instead of) the value: support programs, admission priorities (ordered). */
  items?: GlanceText[];
  ordered?: boolean;
  /** Sentences after the value or list (how seats were given). */
  notes?: GlanceText[];
  /** The school's results, each with its year and source. */
  results?: GlanceResult[];
}

export interface GlanceEvent {
  key: string;
  /** Its calendar file's name (src/lib/calendar/calendar-paths.ts eventFileNames): the event and its day. */
  file: string;
  title: string;
  /** "Tuesday, January 12, 2027, 5:30 – 7:00 PM", in the district's time zone. */
  when: string;
  /** The machine-readable start, for <time datetime>. */
  start: string;
  location: string | null;
  url: string | null;
}

export interface SchoolGlance {
  rows: GlanceRow[];
  events: GlanceEvent[];
  /** The section's own words in the page's language (no browser catalogue carries them). */
  words: {
    heading: string;
    mapNote: string;
    events: string;
    addToCalendar: string;
    addAllToCalendar: string;
    details: string;
    /** Before a result's source ("Source"), after its year. */
    source: string;
  };
}

// The pages by ZIP code and the landing page's finder (src/build/zip-pages.ts makes them).
export interface ZipSchool {
  card: LandingCard;
  /** Miles from the ZIP code's centre, one decimal; null without a location. */
  miles: number | null;
  /** "2.4 mi from the centre of the ZIP code", in the page's language. */
  distance: string | null;
}

export interface ZipPageWords {
  title: string;
  intro: string;
  zoned: string;
  open: string;
  /** The group of the schools the landing grid hides (spec: "Innovation Center", …), and a line under it. */
  other: string;
  otherIntro: string;
  noZoned: string;
  back: string;
}

export interface ZipListing {
  zip: string;
  zoned: ZipSchool[];
  open: ZipSchool[];
  /** Schools the landing grid hides, zoned for the code or open to the district: a group of their own. */
  other: ZipSchool[];
  words: ZipPageWords;
}

/** The landing page's ZIP finder: the district's ZIP codes and the words around them. */
export interface ZipFinderData {
  zips: string[];
  /** Each ZIP code's centre: the grid sorts by distance from it when the visitor's location is refused. */
  centres: Record<string, GeoPoint>;
  /** `unknown`, `notZip`, `sorted` and `sortUnknown` hold "{zip}" where the code goes. */
  words: {
    heading: string;
    intro: string;
    label: string;
    go: string;
    unknown: string;
    empty: string;
    notZip: string;
    sortIntro: string;
    sortGo: string;
    sorted: string;
    sortUnknown: string;
  };
}

/**
 * The compare table's fact rows' names and words (src/i18n/family/): `lastYear` holds {seats} and
 * {applicants}, `students` and `waitlisted` {n}, `distanceFromZip` {zip}.
 */
export interface FactRowWords {
  grades: string;
  bellTimes: string;
  transportation: string;
  support: string;
  admissions: string;
  nextEvent: string;
  lastYear: string;
  address: string;
  phone: string;
  enrollment: string;
  students: string;
  care: string;
  /** Before a result's source, after its year. */
  source: string;
  howSeats: string;
  thenLottery: string;
  lottery: string;
  waitlisted: string;
  /** The distance row's name when distances are from the centre of the ZIP code a family gave. */
  distanceFromZip: string;
}
