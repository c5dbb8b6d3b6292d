// Result types of every query in src/lib/queries.ts, in one place so components never re-declare them.
// Content is typed by many hands: every field may be missing or null, and mapping code must cope.
import type { PortableTextBlock } from '@portabletext/types';

export type RichText = PortableTextBlock[];

export interface ImageHotspot { x: number; y: number; width?: number; height?: number }
export interface ImageCrop { top: number; bottom: number; left: number; right: number }

/** An image field as stored: a reference to an image asset plus optional hotspot and crop. */
export interface SanityImage {
  _type?: string;
  _key?: string;
  asset?: { _ref?: string; _type?: string } | null;
  hotspot?: ImageHotspot | null;
  crop?: ImageCrop | null;
}

export interface GeoPoint { lat: number; lng: number }

/** A `quote` document with its referenced school's title expanded. */
export interface Quote {
  quote?: string | null;
  student?: string | null;
  year?: string | null;
  schoolTitle?: string | null;
}

export interface Video { title?: string | null; videoId?: string | null }

export interface Highlight {
  _id?: string;
  title?: string | null;
  description?: RichText | null;
  simpleDescription?: string | null;
  image?: SanityImage | null;
  imageUrl?: string | null;
  link?: string | null;
  href?: string | null;
}

export interface Accordion {
  _id?: string;
  accordionTitle?: string | null;
  defaultOpen?: boolean | null;
  accordionContent?: RichText | null;
}

export interface Tag { _key?: string; label?: string | null }

export interface ContentBlock { _type: 'content'; _key: string; columns?: boolean | null; body?: RichText | null }
export interface PhotoBlock extends SanityImage { _type: 'photo'; _key: string }
export interface PhotosBlock { _type: 'photos'; _key: string; photoReel?: (SanityImage | null)[] | null }
export interface AccordionSectionBlock {
  _type: 'accordionSection'; _key: string;
  sectionTitle?: string | null; columns?: boolean | null; topPadding?: boolean | null;
  accordions?: (Accordion | null)[] | null;
}
export interface VideoTestimonialBlock {
  _type: 'videoTestimonial'; _key: string;
  testimonial?: Quote | null; video?: Video | null; backgroundImage?: SanityImage | null;
}
export interface HighlightSectionBlock { _type: 'highlightSection'; _key: string; highlights?: (Highlight | null)[] | null }
export type TagCategory = 'arts' | 'athletics' | 'clubs';
export interface TagListBlock {
  _type: 'tagList'; _key: string;
  tagCategory?: TagCategory | string | null;
  visualPerformingArtsTags?: (Tag | null)[] | null;
  athleticsTags?: (Tag | null)[] | null;
  clubsTags?: (Tag | null)[] | null;
}
/** Any block type this site does not know: rendered as a fallback, never a crash. */
export interface UnknownBlock { _type: string; _key?: string; [field: string]: unknown }

export type KnownBlock =
  | ContentBlock | PhotoBlock | PhotosBlock | AccordionSectionBlock
  | VideoTestimonialBlock | HighlightSectionBlock | TagListBlock;
export type Block = KnownBlock | UnknownBlock;

export interface Section { _key?: string; _type?: string; title?: string | null; href?: string | null; blocks?: (Block | null)[] | null }

/** Result of `schoolBySlugQuery` / `schoolByIdQuery`: every reference expanded. */
export interface School {
  _id: string;
  _type?: string;
  _updatedAt?: string;
  title?: string | null;
  subtitle?: string | null;
  slug?: string | null;
  logo?: SanityImage | null;
  staticLogo?: string | null;
  image?: SanityImage | null;
  staticImage?: string | null;
  mainImage?: SanityImage | null;
  isCharter?: boolean | null;
  color?: string | null;
  location?: GeoPoint | null;
  featuredQuote?: Quote | null;
  twitter?: string | null;
  seoDescription?: string | null;
  seoImage?: SanityImage | null;
  showTourSection?: boolean | null;
  tourTitle?: string | null;
  tourDescription?: RichText | null;
  tourLink?: string | null;
  tourImage?: SanityImage | null;
  sectionRepeater?: (Section | null)[] | null;
}

/** Result row of `navigationSchoolsQuery`. */
export interface NavigationSchoolRow {
  _id: string;
  title?: string | null;
  subtitle?: string | null;
  slug?: string | null;
  logo?: SanityImage | null;
  staticLogo?: string | null;
  isCharter?: boolean | null;
}

/** Result row of `landingSchoolsQuery`. */
export interface LandingSchoolRow {
  _id: string;
  title?: string | null;
  slug?: string | null;
  logo?: SanityImage | null;
  color?: string | null;
  mainImage?: SanityImage | null;
  seoDescription?: string | null;
}

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
}

/** A section-menu entry: anchor id and title. */
export interface NavLink {
  id: string;
  title: string;
  /** Fixed number to show when the menu is numbered (the tour entry is always 06); default: position + 1. */
  number?: number;
}

/**
 * Data one page needs, embedded in its HTML for hydration. `nav: null` means
 * the navigation list is still loading (preview only); `[]` means none found.
 */
export interface LandingPageData { page: 'landing'; nav: NavSchool[] | null; cards: LandingCard[] }
export interface SchoolPageData { page: 'school'; nav: NavSchool[] | null; school: School | null }
export type PageData = LandingPageData | SchoolPageData;
