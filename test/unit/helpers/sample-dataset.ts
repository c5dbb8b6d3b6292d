// The committed sample dataset, read once per test file and cut the ways its tests look at it:
// documents by id and type, the English schools and their translations, every value, the portable
// text, the sections and blocks, and the links the copy makes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SAMPLE = join(ROOT, 'content/sample');
export const PUBLIC = join(ROOT, 'public');

export type Doc = { _id: string; _type: string; [k: string]: any };
export const ndjson = readFileSync(join(SAMPLE, 'dataset.ndjson'), 'utf8');
export const docs: Doc[] = ndjson
  .trimEnd()
  .split('\n')
  .map((line, i) => {
    try {
      return JSON.parse(line) as Doc;
    } catch (e) {
      throw new Error(`line ${i + 1} is not JSON: ${(e as Error).message}`);
    }
  });
export const byId = new Map(docs.map((d) => [d._id, d]));
export const ofType = (t: string) => docs.filter((d) => d._type === t);
// The English schools; their Spanish translations (language "es") are checked on their own below.
export const schools = ofType('school').filter((s) => s.language === 'en');
export const translations = ofType('school').filter((s) => s.language !== 'en');
export const publishedSchools = schools.filter((s) => !s._id.startsWith('drafts.'));
export const assets = ofType('sanity.imageAsset');

/** Every value in the dataset, depth first, with its parent chain. */
export function* walk(v: unknown, path: unknown[] = []): Generator<{ value: any; path: unknown[] }> {
  yield { value: v, path };
  if (Array.isArray(v)) for (const x of v) yield* walk(x, [...path, v]);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) yield* walk(x, [...path, v]);
}
export const all = [...walk(docs)].map((n) => n.value);
/** Portable text arrays: arrays whose items include at least one `block`. */
export const ptArrays = all.filter((v) => Array.isArray(v) && v.some((x) => x && x._type === 'block')) as any[][];
export const ptBlocks = ptArrays.flat().filter((b) => b && b._type === 'block');
export const spans = ptBlocks.flatMap((b) => b.children).filter((c: any) => c && c._type === 'span');
export const hrefs: string[] = ptBlocks
  .flatMap((b) => b.markDefs ?? [])
  .filter((m: any) => m._type === 'link')
  .map((m: any) => m.href);
export const sections = schools.flatMap((s) => (s.sectionRepeater ?? []) as any[]);
export const blocks = sections.flatMap((s) => s.blocks as any[]);
export const KNOWN_BLOCKS = [
  'content',
  'photo',
  'photos',
  'accordionSection',
  'videoTestimonial',
  'highlightSection',
  'tagList',
];

export function luminance(hex: string): number {
  const c = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}
