// Asset documents as the hosted API serves them, shared by the document route (main thread) and
// the query workers: the asset's `path` and `url` depend on who asks, so they are set per answer.
import type { Doc } from './store.ts';

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
const decorated = new WeakMap<readonly Doc[], Map<string, Doc[]>>();
export function withAssetUrls(docs: readonly Doc[], origin: string, project: string, dataset: string): readonly Doc[] {
  let perView = decorated.get(docs);
  if (!perView) {
    perView = new Map();
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
