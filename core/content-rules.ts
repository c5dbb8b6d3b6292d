// Facts about Sanity's data that the embedded content service shares with the site, named once in
// src/ (browser-safe) and passed on here because content-service/ may import core/ but not src/.
export { DATASET_NAME, DEFAULT_DATASET } from '../src/config/public.ts';
export { DRAFTS_PREFIX } from '../src/lib/content/queries.ts';
export { collectReferences } from '../src/build/references.ts';
