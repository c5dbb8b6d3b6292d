// Where things live in the repository, named once. Every command resolves its defaults against the
// repository root rather than the caller's working directory, so `npm run x` from any folder (or a
// test's temp folder) finds the same sample, public files and caches.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The bundled sample district, used whenever no hosted project and no --content are given. */
export const DEFAULT_CONTENT_DIR = path.join(REPO_ROOT, 'content', 'sample');
/** Static media copied into every export and served by the preview. */
export const PUBLIC_DIR = path.join(REPO_ROOT, 'public');
/** What `npm start` serves and `npm run export` writes by default. */
export const DEFAULT_OUT_DIR = path.join(REPO_ROOT, 'out');
