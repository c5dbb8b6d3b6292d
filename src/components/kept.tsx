// Static parts of an exported page that the browser keeps as the export wrote them instead of
// rendering them again: families' bundles (core/kept-modules.ts) put these stand-ins in place of
// components that have no handlers or state, so their code leaves the first-load JavaScript.
// React hydrates an element with dangerouslySetInnerHTML without touching its children, and sets
// nothing later while the same object is passed, so the export's HTML stays. A stand-in must
// render the same element (its tag) exactly when the component does; where the component renders
// nothing for some data, the stand-in checks the same thing. Only parts that never mount again after
// hydration may be kept this way (rich text, which accordions mount again, keeps a copy of its
// HTML: RichText.kept.tsx).
import type { AtAGlance as FullAtAGlance } from './school/AtAGlance.tsx';
import type { SchoolEvents as FullSchoolEvents } from './school/SchoolEvents.tsx';
import type { TourSection as FullTourSection } from './school/TourSection.tsx';
import type { AcademicSection as FullAcademicSection } from './landing/AcademicSection.tsx';
import type { GridToolsPending as FullGridToolsPending } from './landing/GridToolsPending.tsx';

/** Hydration: the element's HTML is the export's and stays as it is. */
export const AS_WRITTEN = Object.freeze({ __html: '' });

/** The element the export wrote, kept with everything in it. */
export function Kept({ as: Tag }: { as: 'section' | 'div' | 'ul' | 'figure' }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string: the export's HTML stays.
  return <Tag dangerouslySetInnerHTML={AS_WRITTEN} suppressHydrationWarning />;
}

export const TourSection: typeof FullTourSection = () => <Kept as="section" />;
export const AtAGlance: typeof FullAtAGlance = ({ glance }) =>
  glance.rows.length === 0 ? null : <Kept as="section" />;
export const SchoolEvents: typeof FullSchoolEvents = ({ glance }) =>
  glance.events.length === 0 ? null : <Kept as="section" />;
export const AcademicSection: typeof FullAcademicSection = () => <Kept as="section" />;
export const GridToolsPending: typeof FullGridToolsPending = () => <Kept as="div" />;
