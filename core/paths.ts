// Where things live in the repository, named once. Every command resolves its defaults against the
// repository root rather than the caller's working directory, so `npm run x` from any folder (or a
// test's temp folder) finds the same sample, public files and caches.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above this module holding package.json. Not a fixed '..': the shipped CLIs run
 * this code from a bundle in dist/ (bin/run.mjs), where the module sits at another depth.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The bundled sample district, used whenever no hosted project and no --content are given. */
export const DEFAULT_CONTENT_DIR = path.join(REPO_ROOT, 'content', 'sample');
/** Static media copied into every export and served by the preview. */
export const PUBLIC_DIR = path.join(REPO_ROOT, 'public');
/** What `npm start` serves and `npm run export` writes by default. */
export const DEFAULT_OUT_DIR = path.join(REPO_ROOT, 'out');
