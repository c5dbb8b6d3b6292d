// The one esbuild configuration for the browser code. The export (hashed files on disk under
// --base) and the preview server (served from memory under /assets/) both build through
// bundleBrowser(), so the preview can never pass with code the export would not ship: one ESM
// entry that hydrates, each page kind's module (src/routes.ts) split into its own lazily loaded chunk, and
// the stylesheet extracted, all minified with content-hashed names. Built in memory (write: false):
// the caller decides where, and whether, each file goes. Lives in core/ because scripts/ and
// server/ may not import each other.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { byKey } from '../src/lib/order.ts';
import { eagerModuleWrappers } from './eager-compile.ts';
import { asWrittenModules } from './as-written-modules.ts';
import { PRODUCTION_DEFINE } from './environment.ts';
import { pageModules } from '../src/routes.ts';

export const ASSETS_DIR = 'assets';
/** The exported pages' browser entry and the preview's. */
export const CLIENT_ENTRY = 'src/entry-client.tsx';
/** The Spanish edition's entry: the same app with the Spanish catalogue (only a page's own language ships). */
export const CLIENT_ENTRY_ES = 'src/entry-client-es.tsx';
/** The server's and tests' English fallback catalogue, which browser bundles replace with null (see the plugin below). */
export const FALLBACK_MESSAGES_MODULE = 'src/i18n/fallback.ts';
export const PREVIEW_ENTRY = 'src/entry-preview.tsx';
export const STYLES_ENTRY = 'src/styles/index.css';

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
  /** By page module (src/routes.ts): its chunk and what that imports beyond the entry's chunks. */
  pagePreload: Record<string, string[]>;
  sizes: BundleSizes;
  /** Further entries (BundleOptions.editions), by output name: their URL, preloads and first-load size. */
  editions: Record<string, { entryUrl: string; entryPreload: string[]; firstLoadJsGzip: number }>;
  /** Every file esbuild read, relative to the root ('/'-separated), this module included. */
  inputs: string[];
}

export interface BundleSizes {
  /** gzip bytes of the JS every page loads before it can hydrate (entry + its static imports). */
  firstLoadJsGzip: number;
  /** By page module: gzip bytes its pages add (the lazily loaded chunk and its own imports). */
  pageChunkGzip: Record<string, number>;
  cssGzip: number;
  /** Every output file: raw and gzip bytes. */
  files: { path: string; bytes: number; gzip: number }[];
}

export interface BundleOptions {
  /** Folder the entries are resolved in (the repository root). */
  root: string;
  /** The browser entry: CLIENT_ENTRY for the export, PREVIEW_ENTRY for the preview. */
  entry: string;
  /** Output name of the entry, before its hash ('entry-client', 'preview'). */
  entryName: string;
  /** Asset base (starting and ending with '/'): files are referenced as `${base}assets/…`. */
  base: string;
  /** Further entries sharing the same chunks, e.g. another language's edition: { out name: entry path }. */
  editions?: Record<string, string>;
}

/**
 * A plugin putting `contents` in place of one module of the repository (`module`, relative to the
 * root) in the families' bundles; an import in `contents` resolves beside that module.
 */
function moduleReplaced(name: string, root: string, module: string, contents: string): Plugin {
  const target = path.join(root, module);
  const file = path.basename(module).replace(/[.]/g, '\\.');
  return {
    name,
    setup(build) {
      build.onLoad({ filter: new RegExp(`[\\\\/]${file}$`) }, (args) =>
        args.path === target ? { contents, loader: 'ts', resolveDir: path.dirname(target) } : undefined,
      );
    },
  };
}

/**
 * Each browser entry passes its own language's catalogue, so the server's English fallback
 * (src/i18n/fallback.ts) must not ride along into every bundle: it is replaced by `null`.
 */
const noFallbackMessages = (root: string): Plugin =>
  moduleReplaced('no-fallback-messages', root, FALLBACK_MESSAGES_MODULE, 'export const FALLBACK_MESSAGES = null;');

/**
 * Only the editors' preview shows strings with stega (invisible characters naming their source), so
 * the families' bundles get an identity plainText (src/lib/plain-text.ts) instead of the stega
 * library it needs to strip them: ~0.4 KB gzip off every page's first load.
 */
const noStegaCleaning = (root: string): Plugin =>
  moduleReplaced(
    'no-stega-cleaning',
    root,
    'src/lib/plain-text.ts',
    'export const plainText = (text: string): string => text;',
  );

/**
 * The families' bundles draw, after hydration, only images the export built for the page or for
 * a file it loads (src/lib/images/built-images.ts): their useImages looks variants up instead of
 * building them, and @sanity/image-url stays out (~3 KB gzip off every page's JavaScript).
 */
const builtImagesOnly = (root: string): Plugin =>
  moduleReplaced(
    'built-images-only',
    root,
    'src/components/useImages.ts',
    "export { useImages } from './useImages.built.ts';",
  );

/** Root-relative url() in CSS points at files copied from public/, not at modules to bundle. */
const publicUrlsExternal: Plugin = {
  name: 'public-urls-external',
  setup(build) {
    build.onResolve({ filter: /^\// }, (args) =>
      args.kind === 'url-token' ? { path: args.path, external: true } : undefined,
    );
  },
};

/** A JS output with its large module wrappers compiled off the main thread (see eager-compile.ts). */
const eagerJs = (text: string): Uint8Array => Buffer.from(eagerModuleWrappers(text));

const gz = (b: Uint8Array): number => gzipSync(b, { level: 9 }).length;

/** The esbuild options of every browser build: one ESM entry per edition, lazy page chunks, the stylesheet. */
function esbuildOptions({ root, entry, entryName, base, editions = {} }: BundleOptions, outdir: string) {
  return {
    absWorkingDir: root,
    entryPoints: [
      { in: entry, out: entryName },
      ...Object.entries(editions).map(([out, input]) => ({ in: input, out })),
      { in: STYLES_ENTRY, out: 'styles' },
    ],
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
    define: { ...PRODUCTION_DEFINE },
    loader: {
      '.css': 'css',
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.webp': 'file',
      '.woff2': 'file',
      '.woff': 'file',
    },
    plugins: [
      publicUrlsExternal,
      noFallbackMessages(root),
      ...(entry === PREVIEW_ENTRY ? [] : [noStegaCleaning(root), builtImagesOnly(root), asWrittenModules(root)]),
    ],
    logLevel: 'silent',
  } satisfies BuildOptions;
}

type Outputs = Metafile['outputs'];

/** The output esbuild wrote for an entry point, by extension. */
function outputOf(outputs: Outputs, from: string, ext: string): string {
  const key = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === from && k.endsWith(ext));
  if (!key) throw new Error(`bundle: no output for ${from}`);
  return key;
}

/** Every chunk an output imports statically, directly or through another chunk, sorted. */
function staticClosure(outputs: Outputs, start: string): string[] {
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
}

/** Builds the browser bundle of `entry` for the asset `base`, in memory. */
export async function bundleBrowser(options: BundleOptions): Promise<BundleResult> {
  const { root, entry, base, editions = {} } = options;
  // Loaded here, not at the top: a CLI's --help or a failing start never pays for esbuild.
  const esbuild = await import('esbuild');
  const outdir = path.join(root, '.bundle-virtual', ASSETS_DIR); // never written: write: false
  const result = await esbuild.build(esbuildOptions(options, outdir));

  const rel = (abs: string) => path.relative(path.dirname(outdir), abs).split(path.sep).join('/');
  const url = (relPath: string) => `${base}${relPath}`;
  const files: BundleFile[] = result.outputFiles
    .map((f) => ({ path: rel(f.path), contents: f.path.endsWith('.js') ? eagerJs(f.text) : f.contents }))
    .sort(byKey('path'));

  const outputs = result.metafile.outputs;
  const metaRel = (metaPath: string) => rel(path.resolve(root, metaPath));
  const urls = (keys: string[]) => keys.map((k) => url(metaRel(k)));
  const entryKey = outputOf(outputs, entry, '.js');
  const cssKey = outputOf(outputs, STYLES_ENTRY, '.css');
  const entryDeps = staticClosure(outputs, entryKey);
  const lazyDeps = (module: string) => {
    const key = outputOf(outputs, module, '.js');
    return [key, ...staticClosure(outputs, key)].filter((k) => k !== entryKey && !entryDeps.includes(k));
  };
  const pageDeps = pageModules().map((m) => [m, lazyDeps(m)] as const);
  // The entry's own CSS (from any component-level CSS import) is linked as well.
  const cssKeys = [cssKey, ...(outputs[entryKey]!.cssBundle ? [outputs[entryKey]!.cssBundle!] : [])];

  // Each file is compressed once: level 9 costs ~20 ms for the bundle.
  const gzipped = new Map(files.map((f) => [f.path, gz(f.contents)]));
  const sizeOf = (keys: string[]) => keys.reduce((sum, k) => sum + gzipped.get(metaRel(k))!, 0);
  return {
    files,
    entryUrl: url(metaRel(entryKey)),
    cssUrls: urls(cssKeys),
    entryPreload: urls(entryDeps),
    pagePreload: Object.fromEntries(pageDeps.map(([m, deps]) => [m, urls(deps)])),
    sizes: {
      firstLoadJsGzip: sizeOf([entryKey, ...entryDeps]),
      pageChunkGzip: Object.fromEntries(pageDeps.map(([m, deps]) => [m, sizeOf(deps)])),
      cssGzip: sizeOf(cssKeys),
      files: files.map((f) => ({ path: f.path, bytes: f.contents.length, gzip: gzipped.get(f.path)! })),
    },
    editions: Object.fromEntries(
      Object.entries(editions).map(([out, input]) => {
        const key = outputOf(outputs, input, '.js');
        const deps = staticClosure(outputs, key);
        return [
          out,
          { entryUrl: url(metaRel(key)), entryPreload: urls(deps), firstLoadJsGzip: sizeOf([key, ...deps]) },
        ];
      }),
    ),
    // The options above shape the output too: a change here must count as a change of the bundle.
    inputs: [...Object.keys(result.metafile.inputs), BUNDLER_MODULE, EAGER_MODULE],
  };
}

/** This module, relative to the root. */
const BUNDLER_MODULE = 'core/bundler.ts';
const EAGER_MODULE = 'core/eager-compile.ts';

/** The export's bundles for the asset `base` (starting and ending with '/'). */
export const buildBundles = (root: string, base: string): Promise<BundleResult> =>
  bundleBrowser({
    root,
    entry: CLIENT_ENTRY,
    entryName: 'entry-client',
    base,
    editions: { 'entry-client-es': CLIENT_ENTRY_ES },
  });
