// Asset documents as the hosted API serves them, shared by the document route (main thread) and
// the query workers: the asset's `path` and `url` depend on who asks, so they are set per answer.
import { LRUCache } from 'lru-cache';
import type { Doc } from './documents.ts';

/**
 * Decorated copies kept per view: the origins and projects a view is asked for at once (the
 * export's, the preview's, a browser's). Unbounded, 200 made-up `Host`/`X-Sanity-Project-Id`
 * pairs held 200 copies of the dataset (RSS 276 → 885 MB); past this, the least recent is dropped.
 */
export const ASSET_URL_VARIANTS = 4;

/** `image-<hash>-<w>x<h>-<ext>` → `<hash>-<w>x<h>.<ext>` under images/; `file-<hash>-<ext>` → `<hash>.<ext>`. */
function assetFile(doc: Doc): { kind: 'image' | 'file'; file: string } | null {
  if (doc._type !== 'sanity.imageAsset' && doc._type !== 'sanity.fileAsset') return null;
  const m = /^(image|file)-([A-Za-z0-9]+(?:-\d+x\d+)?)-([A-Za-z0-9]+)$/.exec(doc._id);
  return m ? { kind: m[1] as 'image' | 'file', file: `${m[2]}.${m[3]}` } : null;
}

/**
 * Asset documents as the hosted API serves them: `path` names the project and dataset asked
 * for, and `url` is the asset's address, here on this service's own image and file routes, so
 * `asset->url` from a query is fetchable. Cached per view (views are replaced on every change).
 */
const decorated = new WeakMap<readonly Doc[], LRUCache<string, Doc[]>>();
export function withAssetUrls(docs: readonly Doc[], origin: string, project: string, dataset: string): readonly Doc[] {
  let perView = decorated.get(docs);
  if (!perView) {
    perView = new LRUCache({ max: ASSET_URL_VARIANTS });
    decorated.set(docs, perView);
  }
  const key = `${origin}|${project}`;
  const hit = perView.get(key);
  if (hit) return hit;
  const out = docs.map((d) => {
    const a = assetFile(d);
    if (!a) return d;
    const path = `${a.kind}s/${project}/${dataset}/${a.file}`;
    return { ...d, path, url: `${origin}/${path}` };
  });
  perView.set(key, out);
  return out;
}

/** How many decorated copies of this view are held (the cache's bound, for tests and diagnostics). */
export const assetUrlVariantsHeld = (docs: readonly Doc[]): number => decorated.get(docs)?.size ?? 0;
