// Builds the preview's browser entry (src/entry-preview.tsx) in memory at boot, so the preview always
// runs the current source without a separate build step. The build itself is the export's
// (core/bundler.ts: same loaders, splitting, minification); this module only keeps the output in
// memory with the content type and ETag each file is served with.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { bundleBrowser, PREVIEW_ENTRY } from '../../core/bundler.ts';
import { REPO_ROOT } from '../../core/paths.ts';

export const ASSET_PREFIX = '/assets/';
/** The repository root: the bundle's entries and public/ are found there (also from the bundled CLI in dist/). */
export const PROJECT_ROOT = REPO_ROOT;

export interface BundleFile {
  contents: Uint8Array;
  type: string;
  etag: string;
}
export interface PreviewBundle {
  /** URL of the entry script, e.g. /assets/preview-ABC123.js */
  script: string;
  /** URLs of the stylesheets the entry imports. */
  styles: string[];
  /** Chunks the entry imports statically, and by page module those its chunk adds (modulepreload hints). */
  entryPreload: string[];
  pagePreload: Record<string, string[]>;
  /** Every output by URL. */
  files: Map<string, BundleFile>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

async function buildBundle(root: string): Promise<PreviewBundle> {
  // Base '/': every file is served at /assets/<name>, as the export's are under its --base.
  const result = await bundleBrowser({ root, entry: PREVIEW_ENTRY, entryName: 'preview', base: '/' });
  const files = new Map<string, BundleFile>();
  for (const f of result.files) {
    files.set(`/${f.path}`, {
      contents: f.contents,
      type: TYPES[path.extname(f.path)] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(f.contents).digest('base64url').slice(0, 22)}"`,
    });
  }
  return {
    script: result.entryUrl,
    styles: result.cssUrls,
    entryPreload: result.entryPreload,
    pagePreload: result.pagePreload,
    files,
  };
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
