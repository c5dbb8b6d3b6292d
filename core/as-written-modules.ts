// Which components the families' bundles keep as the export wrote them (src/components/as-written.tsx
// explains how and when that is safe), and the esbuild plugin that puts the stand-ins in their
// place. The editors' preview renders drafts in the browser and keeps every component.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const DEFERRED = 'src/components/after-hydration.tsx';

/**
 * A component module, the names it exports that pages use, and where their stand-ins are;
 * `deferred`: interactive, its stand-in renders the component once after-hydration-chunk.ts has loaded.
 */
export const AS_WRITTEN_MODULES: Record<string, { names: string[]; from: string; deferred?: boolean }> = {
  'src/components/richtext/RichText.tsx': {
    names: ['RichText', 'hasRichText'],
    from: 'src/components/richtext/RichText.as-written.tsx',
  },
  'src/components/school/TourSection.tsx': { names: ['TourSection'], from: 'src/components/as-written.tsx' },
  'src/components/school/AtAGlance.tsx': { names: ['AtAGlance'], from: 'src/components/as-written.tsx' },
  'src/components/school/SchoolEvents.tsx': { names: ['SchoolEvents'], from: 'src/components/as-written.tsx' },
  'src/components/landing/AcademicSection.tsx': { names: ['AcademicSection'], from: 'src/components/as-written.tsx' },
  'src/components/landing/GridToolsPending.tsx': { names: ['GridToolsPending'], from: 'src/components/as-written.tsx' },
  'src/components/landing/HowToApply.tsx': { names: ['HowToApply'], from: 'src/components/as-written.tsx' },
  'src/components/landing/StatsList.tsx': { names: ['StatsList'], from: 'src/components/as-written.tsx' },
  'src/components/school/FeaturedQuote.tsx': { names: ['FeaturedQuote'], from: 'src/components/as-written.tsx' },
  'src/components/school/SchoolHeaderImages.tsx': {
    names: ['SchoolHero', 'SchoolLogo'],
    from: 'src/components/as-written.tsx',
  },
  'src/components/blocks/HighlightSectionBlock.tsx': {
    names: ['HighlightSectionBlock'],
    from: 'src/components/as-written.tsx',
  },
  'src/components/blocks/PhotoBlock.tsx': { names: ['PhotoBlock'], from: 'src/components/as-written.tsx' },
  'src/components/blocks/PhotosBlock.tsx': { names: ['PhotosBlock'], from: 'src/components/as-written.tsx' },
  'src/components/blocks/TagListBlock.tsx': { names: ['TagListBlock'], from: 'src/components/as-written.tsx' },
  'src/components/CompareNoScript.tsx': { names: ['CompareNoScript'], from: 'src/components/as-written.tsx' },
  // Interactive: kept while hydrating, then loaded with after-hydration-chunk.ts (after-hydration.tsx).
  'src/components/SchoolsDropdown.tsx': { names: ['SchoolsDropdown'], from: DEFERRED, deferred: true },
  'src/components/MobileMenu.tsx': { names: ['MobileMenu'], from: DEFERRED, deferred: true },
  'src/components/SectionMenu.tsx': { names: ['SectionMenu'], from: DEFERRED, deferred: true },
  'src/components/landing/TestimonialBanner.tsx': { names: ['TestimonialBanner'], from: DEFERRED, deferred: true },
  'src/components/blocks/VideoTestimonialBlock.tsx': {
    names: ['VideoTestimonialBlock'],
    from: DEFERRED,
    deferred: true,
  },
  'src/components/Footer.tsx': { names: ['Footer'], from: DEFERRED, deferred: true },
  'src/components/landing/HeroVideo.tsx': { names: ['HeroVideo'], from: DEFERRED, deferred: true },
  'src/components/DistanceChip.tsx': { names: ['DistanceChip'], from: DEFERRED, deferred: true },
  'src/components/landing/CardImage.tsx': { names: ['CardImage'], from: DEFERRED, deferred: true },
};

/** The module the deferred stand-ins load the components from: its imports are the components themselves. */
export const AFTER_HYDRATION_CHUNK = 'src/components/after-hydration-chunk.ts';

const FULL_SUFFIX = '?full';

/** Loads each kept module as a re-export of its stand-ins (the component itself for after-hydration-chunk.ts). */
export const asWrittenModules = (root: string): Plugin => ({
  name: 'as-written-modules',
  setup(build) {
    const byPath = new Map(Object.entries(AS_WRITTEN_MODULES).map(([mod, kept]) => [path.join(root, mod), kept]));
    const full = path.join(root, AFTER_HYDRATION_CHUNK);
    // after-hydration-chunk.ts imports the components themselves: marked, so the loader below leaves them alone.
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.importer !== full) return undefined;
      const resolved = path.resolve(args.resolveDir, args.path);
      return byPath.has(resolved) ? { path: resolved, suffix: FULL_SUFFIX } : undefined;
    });
    build.onLoad({ filter: /\.tsx$/ }, async (args) => {
      const kept = byPath.get(args.path);
      if (!kept) return undefined;
      if (args.suffix === FULL_SUFFIX)
        return { contents: await readFile(args.path, 'utf8'), loader: 'tsx', resolveDir: path.dirname(args.path) };
      const from = JSON.stringify(path.join(root, kept.from));
      return { contents: `export { ${kept.names.join(', ')} } from ${from};`, loader: 'ts', resolveDir: root };
    });
  },
});
