// Builds the preview's browser entry (src/entry-preview.tsx) in memory with esbuild at boot, so
// the preview always runs the current source without a separate build step. Code splitting keeps
// the school page in its own chunk exactly as the export does. Output is served from memory.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const ASSET_PREFIX = '/assets/';
const ENTRY = 'src/entry-preview.tsx';
/** The site's one stylesheet, the same file the export bundles. */
const STYLES_ENTRY = 'src/styles/index.css';
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BundleFile { contents: Uint8Array; type: string; etag: string }
export interface PreviewBundle {
  /** URL of the entry script, e.g. /assets/preview-ABC123.js */
  script: string;
  /** URLs of the stylesheets the entry imports. */
  styles: string[];
  /** Every output by URL. */
  files: Map<string, BundleFile>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** Stylesheet url()s pointing at the site root are files in public/, served as they are. */
const publicUrlsExternal: Plugin = {
  name: 'public-urls-external',
  setup(b) {
    b.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
  },
};

async function buildBundle(root: string): Promise<PreviewBundle> {
  const outdir = path.join(root, '.preview-virtual-out');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { preview: ENTRY, styles: STYLES_ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    jsx: 'automatic',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: 'asset-[name]-[hash]',
    publicPath: ASSET_PREFIX,
    plugins: [publicUrlsExternal],
    loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file', '.jpg': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const files = new Map<string, BundleFile>();
  let script = '';
  const styles: string[] = [];
  for (const out of result.outputFiles) {
    const rel = path.relative(outdir, out.path).split(path.sep).join('/');
    const url = ASSET_PREFIX + rel;
    const ext = path.extname(rel);
    files.set(url, {
      contents: out.contents,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(out.contents).digest('base64url').slice(0, 22)}"`,
    });
  }
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    const url = (f: string) => ASSET_PREFIX + path.relative(outdir, path.resolve(root, f)).split(path.sep).join('/');
    if (meta.entryPoint === STYLES_ENTRY && file.endsWith('.css')) styles.unshift(url(file));
    if (meta.entryPoint !== ENTRY) continue;
    script = url(file);
    if (meta.cssBundle) styles.push(url(meta.cssBundle));
  }
  if (!script) throw new Error('preview bundle: esbuild produced no entry script');
  return { script, styles, files };
}

const cache = new Map<string, Promise<PreviewBundle>>();

/** The bundle for `root`, built once per process (tests start many apps). */
export function getPreviewBundle(root: string = PROJECT_ROOT): Promise<PreviewBundle> {
  let p = cache.get(root);
  if (!p) {
    p = buildBundle(root);
    cache.set(root, p);
    p.catch(() => cache.delete(root));
  }
  return p;
}
