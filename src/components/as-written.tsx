// Static parts of an exported page that the browser keeps as the export wrote them instead of
// rendering them again: families' bundles (core/as-written-modules.ts) put these stand-ins in place of
// components that have no handlers or state, so their code leaves the first-load JavaScript.
// React hydrates an element with dangerouslySetInnerHTML without touching its children, and sets
// nothing later while the same object is passed, so the export's HTML stays. A stand-in must
// render the same element (its tag) exactly when the component does; where the component renders
// nothing for some data, the stand-in checks the same thing. Only parts that never mount again after
// hydration may be kept this way (rich text, which accordions mount again, keeps a copy of its
// HTML: RichText.as-written.tsx).
// Interactive parts are kept only while their code loads, then replaced by the component:
// after-hydration.tsx.
import type { AtAGlance as FullAtAGlance } from './school/AtAGlance.tsx';
import type { SchoolEvents as FullSchoolEvents } from './school/SchoolEvents.tsx';
import type { TourSection as FullTourSection } from './school/TourSection.tsx';
import type { AcademicSection as FullAcademicSection } from './landing/AcademicSection.tsx';
import type { GridToolsPending as FullGridToolsPending } from './landing/GridToolsPending.tsx';
import type { HowToApply as FullHowToApply } from './landing/HowToApply.tsx';
import type { StatsList as FullStatsList } from './landing/StatsList.tsx';
import type { FeaturedQuote as FullFeaturedQuote } from './school/FeaturedQuote.tsx';
import type { SchoolHero as FullSchoolHero, SchoolLogo as FullSchoolLogo } from './school/SchoolHeaderImages.tsx';
import type { HighlightSectionBlock as FullHighlightSectionBlock } from './blocks/HighlightSectionBlock.tsx';
import type { PhotoBlock as FullPhotoBlock } from './blocks/PhotoBlock.tsx';
import type { PhotosBlock as FullPhotosBlock } from './blocks/PhotosBlock.tsx';
import type { TagListBlock as FullTagListBlock } from './blocks/TagListBlock.tsx';
import type { CompareNoScript as FullCompareNoScript } from './CompareNoScript.tsx';
import { isUsableImage } from '../lib/images/image-ref.ts';
import { staticAssetUrl } from '../lib/links.ts';
import { useSiteEnv } from '../SiteEnv.tsx';
import { tagsFor } from './blocks/tags.ts';

/** Hydration: the element's HTML is the export's and stays as it is. */
export const AS_WRITTEN = Object.freeze({ __html: '' });

export type KeptTag = 'section' | 'div' | 'ul' | 'figure' | 'nav' | 'details' | 'footer' | 'img';

/**
 * The element the export wrote, kept with everything in it. An <img> has no content: React sets
 * no attribute while hydrating, so the export's src, srcset and alt stay as they are.
 */
export function Kept({ as: Tag, ...rest }: { as: KeptTag } & KeptListeners) {
  if (Tag === 'img') return <img alt="" {...rest} suppressHydrationWarning />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string: the export's HTML stays.
  return <Tag {...rest} dangerouslySetInnerHTML={AS_WRITTEN} suppressHydrationWarning />;
}

/** What a deferred stand-in (after-hydration.tsx) listens to on its kept element. */
export interface KeptListeners {
  ref?: (element: HTMLElement | null) => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onKeyDown?: () => void;
  onClick?: () => void;
}

export const TourSection: typeof FullTourSection = () => <Kept as="section" />;
export const AtAGlance: typeof FullAtAGlance = ({ glance }) =>
  glance.rows.length === 0 ? null : <Kept as="section" />;
export const SchoolEvents: typeof FullSchoolEvents = ({ glance }) =>
  glance.events.length === 0 ? null : <Kept as="section" />;
export const AcademicSection: typeof FullAcademicSection = () => <Kept as="section" />;
export const GridToolsPending: typeof FullGridToolsPending = () => <Kept as="div" />;
export const HowToApply: typeof FullHowToApply = ({ copy }) =>
  copy.enrollmentTimeline.length === 0 ? null : <Kept as="section" />;
export const StatsList: typeof FullStatsList = () => <Kept as="div" />;
export const FeaturedQuote: typeof FullFeaturedQuote = ({ quote }) =>
  typeof quote?.quote === 'string' && quote.quote.trim() !== '' ? <Kept as="figure" /> : null;

/** Whether the header shows an image: a content-service one, else the school's static file. */
function useHasImage(image: unknown, staticImage: unknown): boolean {
  const { base } = useSiteEnv();
  return isUsableImage(image as Parameters<typeof isUsableImage>[0]) || staticAssetUrl(staticImage, base) !== null;
}
export const SchoolHero: typeof FullSchoolHero = ({ school }) =>
  useHasImage(school.image, school.staticImage) ? <Kept as="div" /> : null;
export const SchoolLogo: typeof FullSchoolLogo = ({ school }) =>
  useHasImage(school.logo, school.staticLogo) ? <Kept as="img" /> : null;

export const HighlightSectionBlock: typeof FullHighlightSectionBlock = ({ block }) =>
  Array.isArray(block.highlights) && block.highlights.some((h) => !!h && typeof h === 'object') ? (
    <Kept as="ul" />
  ) : null;
export const PhotoBlock: typeof FullPhotoBlock = ({ block }) => (isUsableImage(block) ? <Kept as="figure" /> : null);
export const PhotosBlock: typeof FullPhotosBlock = ({ block }) =>
  Array.isArray(block.photoReel) && block.photoReel.some(isUsableImage) ? <Kept as="ul" /> : null;
export const TagListBlock: typeof FullTagListBlock = ({ block }) => (tagsFor(block)?.length ? <Kept as="ul" /> : null);
export const CompareNoScript: typeof FullCompareNoScript = () => <Kept as="div" />;
