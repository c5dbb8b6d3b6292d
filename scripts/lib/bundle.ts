// The browser bundles: one ESM entry that hydrates, the school page split into its own lazily
// loaded chunk, and the stylesheet extracted, all minified with content-hashed names under the
// asset base. Built in memory so the export decides where (and whether) each file is written.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { byKey } from '../../src/lib/order.ts';

export const ASSETS_DIR = 'assets';
export const CLIENT_ENTRY = 'src/entry-client.tsx';
export const STYLES_ENTRY = 'src/styles/index.css';
export const SCHOOL_PAGE_MODULE = 'src/pages/SchoolPage.tsx';

export interface BundleFile {
  /** Path relative to the asset base folder, e.g. 'assets/entry-client-AB12CD34.js'. */
  path: string;
  contents: Uint8Array;
}

export interface BundleResult {
  files: BundleFile[];
  /** URLs (under the base) the pages reference. */
  entryUrl: string;
  cssUrls: string[];
  /** Chunks every page's entry imports statically, worth a modulepreload. */
  entryPreload: string[];
  /** The school page chunk and what it imports beyond the entry's chunks. */
  schoolPreload: string[];
  sizes: BundleSizes;
}

export interface BundleSizes {
  /** gzip bytes of the JS every page loads before it can hydrate (entry + its static imports). */
  firstLoadJsGzip: number;
  /** gzip bytes the school pages add (the lazily loaded chunk and its own imports). */
  schoolChunkGzip: number;
  cssGzip: number;
  /** Every output file: raw and gzip bytes. */
  files: { path: string; bytes: number; gzip: number }[];
}

/** Root-relative url() in CSS points at files copied from public/, not at modules to bundle. */
const publicUrlsExternal: esbuild.Plugin = {
  name: 'public-urls-external',
  setup(build) {
    build.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
  },
};

const gz = (b: Uint8Array): number => gzipSync(b, { level: 9 }).length;

/** Builds the bundles for the asset `base` (starting and ending with '/'). */
export async function buildBundles(projectRoot: string, base: string): Promise<BundleResult> {
  const outdir = path.join(projectRoot, '.bundle-virtual', ASSETS_DIR); // never written: write: false
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: [{ in: CLIENT_ENTRY, out: 'entry-client' }, { in: STYLES_ENTRY, out: 'styles' }],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: `${base}${ASSETS_DIR}/`,
    outdir,
    write: false,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css', '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file' },
    plugins: [publicUrlsExternal],
    logLevel: 'silent',
  });

  const rel = (abs: string) => path.relative(path.dirname(outdir), abs).split(path.sep).join('/');
  const url = (relPath: string) => `${base}${relPath}`;
  const files: BundleFile[] = result.outputFiles
    .map((f) => ({ path: rel(f.path), contents: f.contents }))
    .sort(byKey('path'));
  const byPath = new Map(files.map((f) => [f.path, f]));

  const outputs = result.metafile.outputs;
  const metaRel = (metaPath: string) => rel(path.resolve(projectRoot, metaPath));
  const find = (entry: string, ext: string) => {
    const key = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === entry && k.endsWith(ext));
    if (!key) throw new Error(`bundle: no output for ${entry}`);
    return key;
  };
  const staticClosure = (start: string): string[] => {
    const seen = new Set<string>();
    const visit = (k: string) => {
      for (const imp of outputs[k]?.imports ?? []) {
        if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
        seen.add(imp.path);
        visit(imp.path);
      }
    };
    visit(start);
    return [...seen].sort();
  };

  const entryKey = find(CLIENT_ENTRY, '.js');
  const cssKey = find(STYLES_ENTRY, '.css');
  const schoolKey = find(SCHOOL_PAGE_MODULE, '.js');
  const entryDeps = staticClosure(entryKey);
  const schoolDeps = [schoolKey, ...staticClosure(schoolKey)].filter((k) => k !== entryKey && !entryDeps.includes(k));
  // The entry's own CSS (from any component-level CSS import) is linked as well.
  const cssKeys = [cssKey, ...(outputs[entryKey]!.cssBundle ? [outputs[entryKey]!.cssBundle!] : [])];

  const sizeOf = (keys: string[]) => keys.reduce((sum, k) => sum + gz(byPath.get(metaRel(k))!.contents), 0);
  return {
    files,
    entryUrl: url(metaRel(entryKey)),
    cssUrls: cssKeys.map((k) => url(metaRel(k))),
    entryPreload: entryDeps.map((k) => url(metaRel(k))),
    schoolPreload: schoolDeps.map((k) => url(metaRel(k))),
    sizes: {
      firstLoadJsGzip: sizeOf([entryKey, ...entryDeps]),
      schoolChunkGzip: sizeOf(schoolDeps),
      cssGzip: sizeOf(cssKeys),
      files: files.map((f) => ({ path: f.path, bytes: f.contents.length, gzip: gz(f.contents) })),
    },
  };
}
