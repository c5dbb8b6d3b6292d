// Synthetic district for the benchmark: N schools in the content-model dataset format, built by
// cloning the bundled sample's published schools (so every block type, rich text mark and image
// field appears in realistic proportions) with their quotes, videos, highlights and accordions
// cloned per school. Images are NOT cloned: every school points at the sample's few real image
// files, as a district reusing stock photos would, so the export's variant cache sees many pages
// asking for the same variants. A few schools get a draft, which the export must ignore.
//
// Usage: npx tsx bench/gen-dataset.ts [--n 1000] [--out DIR] [--from content/sample] [--seed 1] [--without-alt]
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '../scripts/sample/pt.ts';
import { DEFAULT_CONTENT_DIR, REPO_ROOT } from '../core/paths.ts';

export const BENCH_ROOT = REPO_ROOT;
export const DEFAULT_TEMPLATE_DIR = DEFAULT_CONTENT_DIR;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Doc {
  _id: string;
  _type: string;
  [k: string]: Json;
}

export interface GenerateOptions {
  n: number;
  outDir: string;
  /** A dataset folder whose published schools serve as templates (default content/sample). */
  templateDir?: string;
  seed?: number;
  /** Fraction of schools that also get a draft (default 0.05). */
  draftShare?: number;
  /**
   * Content as a district's older dataset holds it: no image has alternative text or is marked
   * decorative, so the export warns about each (two dozen per school from the sample's templates).
   */
  withoutAlt?: boolean;
}

export interface GeneratedDataset {
  dir: string;
  schools: number;
  documents: number;
  images: number;
  /** Slugs in generation order, for picking pages to measure. */
  slugs: string[];
  /** Ids of the generated published school documents. */
  schoolIds: string[];
}

const PLACES = [
  'Aspen',
  'Birch',
  'Cedar',
  'Dogwood',
  'Elm',
  'Fir',
  'Granite',
  'Hawthorn',
  'Iron',
  'Juniper',
  'Kestrel',
  'Laurel',
  'Maple',
  'North',
  'Oak',
  'Pine',
  'Quarry',
  'River',
  'Sage',
  'Timber',
  'Union',
  'Valley',
  'Willow',
  'Yarrow',
];
const SUFFIXES = ['Ridge', 'Park', 'Hill', 'Creek', 'Grove', 'Heights', 'Meadow', 'Crossing', 'Springs', 'View'];
const COLORS = [
  '#1f4e79',
  '#7a1f3d',
  '#2e6b30',
  '#5b2c83',
  '#8a4b08',
  '#0f5e63',
  '#393939',
  '#a31621',
  '#14467a',
  '#4a5d23',
];

export function readNdjson(file: string): Doc[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Doc);
}

/** Hard-links (or copies, across file systems) the template's image files: the bytes are shared, not cloned. */
function linkImages(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return 0;
  let count = 0;
  for (const name of readdirSync(from)) {
    const src = path.join(from, name);
    const dest = path.join(to, name);
    try {
      linkSync(src, dest);
    } catch {
      copyFileSync(src, dest);
    }
    count++;
  }
  return count;
}

export function generateDataset(opts: GenerateOptions): GeneratedDataset {
  if (!Number.isInteger(opts.n) || opts.n < 1)
    throw new Error(`gen-dataset: n must be a positive integer (got ${opts.n})`);
  const templateDir = opts.templateDir ?? DEFAULT_TEMPLATE_DIR;
  const source = readNdjson(path.join(templateDir, 'dataset.ndjson'));
  const byId = new Map(source.map((d) => [d._id, d]));
  // English schools only: a translation (language "es") comes along with its school, below.
  const templates = source.filter((d) => d._type === 'school' && !d._id.startsWith('drafts.') && d.language !== 'es');
  // Template school id → its Spanish translation's id, from the translation.metadata documents.
  const translationOf = new Map<string, string>();
  for (const m of source.filter((d) => d._type === 'translation.metadata')) {
    // The plugin names an entry's language in `language`; its older versions used `_key`.
    const entries = (m.translations ?? []) as { _key?: string; language?: string; value?: { _ref?: string } }[];
    const lang = (e: (typeof entries)[number]) => e.language ?? e._key;
    const en = entries.find((e) => lang(e) === 'en')?.value?._ref;
    const es = entries.find((e) => lang(e) === 'es')?.value?._ref;
    if (en && es) translationOf.set(en, es);
  }
  if (templates.length === 0)
    throw new Error(`gen-dataset: ${templateDir} has no published school to use as a template`);
  const assets = source.filter((d) => d._type === 'sanity.imageAsset');
  // The district's vocabulary is one for every school: copied once, referenced as it is.
  const shared = source.filter((d) => d._type === 'vocabularyTerm');
  const isShared = (id: string) => byId.get(id)?._type === 'vocabularyTerm';
  const random = prng(opts.seed ?? 1);
  const draftShare = opts.draftShare ?? 0.05;

  const out: Doc[] = [...assets, ...shared];
  const slugs: string[] = [];
  const schoolIds: string[] = [];
  const width = String(opts.n).length;

  for (let i = 0; i < opts.n; i++) {
    const template = templates[i % templates.length]!;
    const num = String(i + 1).padStart(width, '0');
    const schoolId = `school-gen-${num}`;
    const clones = new Map<string, string>(); // template doc id → this school's clone id
    clones.set(template._id, schoolId);

    // Deep copy, re-pointing every non-image reference at a per-school clone of its target.
    const copy = (value: Json): Json => {
      if (Array.isArray(value)) return value.map(copy);
      if (value === null || typeof value !== 'object') return value;
      const obj: { [k: string]: Json } = {};
      for (const [k, v] of Object.entries(value)) obj[k] = copy(v);
      if (
        obj._type === 'reference' &&
        typeof obj._ref === 'string' &&
        !obj._ref.startsWith('image-') &&
        !isShared(obj._ref)
      )
        obj._ref = cloneDoc(obj._ref);
      if (opts.withoutAlt && obj.asset && typeof obj.asset === 'object') {
        delete obj.alt;
        delete obj.decorative;
      }
      return obj;
    };
    const cloneDoc = (id: string): string => {
      const known = clones.get(id);
      if (known) return known;
      const target = byId.get(id);
      if (!target) return id; // a dangling reference stays dangling, as in the template
      const cloneId = `${id}-gen-${num}`;
      clones.set(id, cloneId);
      out.push({ ...(copy(target) as Doc), _id: cloneId });
      return cloneId;
    };

    const place = `${PLACES[Math.floor(random() * PLACES.length)]} ${SUFFIXES[Math.floor(random() * SUFFIXES.length)]}`;
    const title = `${place} Middle School ${num}`;
    const slug = `${place.toLowerCase().replace(/\s+/g, '-')}-${num}`;
    const school = copy(template) as Doc;
    Object.assign(school, {
      _id: schoolId,
      title,
      slug: { _type: 'slug', current: slug },
      color: COLORS[Math.floor(random() * COLORS.length)]!,
      seoDescription: `${title} serves grades 6 through 8 with ${template.isCharter ? 'a charter program' : 'neighborhood enrollment'}, a full arts program and after-school clubs.`,
    });
    if (template.location && typeof template.location === 'object') {
      school.location = { _type: 'geopoint', lat: 39.5 + random() * 0.6, lng: -105.2 + random() * 0.6 };
    }
    out.push(school);
    slugs.push(slug);
    schoolIds.push(schoolId);
    // A translated template's clones are translated too (its Spanish school, quote and metadata).
    const translation = translationOf.get(template._id);
    if (translation) {
      const esId = cloneDoc(translation);
      const esDoc = out.find((d) => d._id === esId);
      if (esDoc) esDoc.title = title; // the generated name, as on the English school
      const ref = (id: string) => ({ _type: 'reference', _ref: id });
      out.push({
        _id: `translation-metadata-gen-${num}`,
        _type: 'translation.metadata',
        translations: [
          { _key: 'en', _type: 'internationalizedArrayReferenceValue', language: 'en', value: ref(schoolId) },
          { _key: 'es', _type: 'internationalizedArrayReferenceValue', language: 'es', value: ref(esId) },
        ],
        schemaTypes: ['school'],
      });
    }
    if (random() < draftShare) {
      out.push({
        ...(JSON.parse(JSON.stringify(school)) as Doc),
        _id: `drafts.${schoolId}`,
        subtitle: `${String(school.subtitle ?? '')} (draft edit)`,
      });
    }
  }

  mkdirSync(opts.outDir, { recursive: true });
  writeFileSync(path.join(opts.outDir, 'dataset.ndjson'), `${out.map((d) => JSON.stringify(d)).join('\n')}\n`);
  const images = linkImages(path.join(templateDir, 'images'), path.join(opts.outDir, 'images'));
  return { dir: opts.outDir, schools: opts.n, documents: out.length, images, slugs, schoolIds };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const n = Number(flag('n') ?? 1000);
  const outDir = path.resolve(flag('out') ?? mkdtempSync(path.join(tmpdir(), 'bench-dataset-')));
  const from = flag('from');
  const result = generateDataset({
    n,
    outDir,
    seed: Number(flag('seed') ?? 1),
    withoutAlt: args.includes('--without-alt'),
    ...(from ? { templateDir: path.resolve(from) } : {}),
  });
  process.stdout.write(
    `${result.schools} schools, ${result.documents} documents, ${result.images} image files in ${result.dir}\n`,
  );
}
