// The interactive components the families' bundles load after the page has hydrated
// (src/components/after-hydration.tsx): the menus, the section menu, the footer, the videos, the distance chip, and a grid card's
// photo for a card the grid's tools show later. One lazily loaded chunk, fetched when the page is
// idle or at a visitor's first reach for one of them, so their code is no part of the first load.
// core/as-written-modules.ts lets this module import the components themselves, not their stand-ins.
export { SchoolsDropdown } from './SchoolsDropdown.tsx';
export { MobileMenu } from './MobileMenu.tsx';
export { SectionMenu } from './SectionMenu.tsx';
export { TestimonialBanner } from './landing/TestimonialBanner.tsx';
export { VideoTestimonialBlock } from './blocks/VideoTestimonialBlock.tsx';
export { Footer } from './Footer.tsx';
export { HeroVideo } from './landing/HeroVideo.tsx';
export { DistanceChip } from './DistanceChip.tsx';
export { CardImage } from './landing/CardImage.tsx';
