// Which components the families' bundles keep as the export wrote them (src/components/kept.tsx
// explains how and when that is safe), and the esbuild plugin that puts the stand-ins in their
// place. The editors' preview renders drafts in the browser and keeps every component.
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** A component module, the names it exports that pages use, and where their stand-ins are. */
export const KEPT_MODULES: Record<string, { names: string[]; from: string }> = {
  'src/components/richtext/RichText.tsx': {
    names: ['RichText', 'hasRichText'],
    from: 'src/components/richtext/RichText.kept.tsx',
  },
  'src/components/school/TourSection.tsx': { names: ['TourSection'], from: 'src/components/kept.tsx' },
  'src/components/school/AtAGlance.tsx': { names: ['AtAGlance'], from: 'src/components/kept.tsx' },
  'src/components/school/SchoolEvents.tsx': { names: ['SchoolEvents'], from: 'src/components/kept.tsx' },
  'src/components/landing/AcademicSection.tsx': { names: ['AcademicSection'], from: 'src/components/kept.tsx' },
  'src/components/landing/GridToolsPending.tsx': { names: ['GridToolsPending'], from: 'src/components/kept.tsx' },
};

/** Loads each kept module as a re-export of its stand-ins. */
export const keptModules = (root: string): Plugin => ({
  name: 'kept-modules',
  setup(build) {
    const byPath = new Map(Object.entries(KEPT_MODULES).map(([mod, kept]) => [path.join(root, mod), kept]));
    build.onLoad({ filter: /\.tsx$/ }, (args) => {
      const kept = byPath.get(args.path);
      if (!kept) return undefined;
      const from = JSON.stringify(path.join(root, kept.from));
      return { contents: `export { ${kept.names.join(', ')} } from ${from};`, loader: 'ts', resolveDir: root };
    });
  },
});
