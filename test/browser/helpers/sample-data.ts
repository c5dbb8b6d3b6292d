// What the browser tests expect, computed straight from the sample dataset file and the spec's
// rules, not through the site's own mapping code: a bug in src/lib/content/mapping.ts must not be able to
// move the expectation along with the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE } from './site.ts';

export interface SampleSchool {
  _id: string;
  title: string;
  slug: string;
  isCharter: boolean;
  location: { lat: number; lng: number } | null;
  tourLink: string | null;
  showTourSection: unknown;
  /** A content-service logo (the navigation's icon); schools with only a static logo have none. */
  hasLogo: boolean;
  /** A static logo address (used in its place when there is no `logo`). */
  hasStaticLogo: boolean;
}

type Doc = Record<string, unknown>;

export function sampleDocs(dir = SAMPLE): Doc[] {
  return readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Doc);
}

/** Published schools (no draft-only ones, no translations: those are the same schools in Spanish) as the site should list them. */
export function publishedSchools(docs = sampleDocs()): SampleSchool[] {
  return docs
    .filter(
      (d) => d._type === 'school' && typeof d._id === 'string' && !d._id.startsWith('drafts.') && d.language !== 'es',
    )
    .map((d) => ({
      _id: d._id as string,
      title: d.title as string,
      slug: (d.slug as { current: string }).current,
      isCharter: d.isCharter === true,
      location: (d.location as { lat: number; lng: number } | undefined) ?? null,
      tourLink: typeof d.tourLink === 'string' ? d.tourLink : null,
      showTourSection: d.showTourSection,
      hasLogo: !!(d.logo as { asset?: unknown } | undefined)?.asset,
      hasStaticLogo: typeof d.staticLogo === 'string' && d.staticLogo.trim() !== '',
    }));
}

const cmp = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Spec 2/7: the navigation lists non-charter schools first, then charter; alphabetical in each group. */
export function expectedNavOrder(schools = publishedSchools()): string[] {
  const byTitle = (list: SampleSchool[]) => list.map((s) => s.title).sort(cmp);
  return [...byTitle(schools.filter((s) => !s.isCharter)), ...byTitle(schools.filter((s) => s.isCharter))];
}

/** Spec 2: the landing grid is sorted by title and hides 'Innovation Center', 'Career Elevation', 'Guide'. */
export const HIDDEN_PARTS = ['Innovation Center', 'Career Elevation', 'Guide'];
export function expectedGrid(schools = publishedSchools()): SampleSchool[] {
  return schools.filter((s) => !HIDDEN_PARTS.some((p) => s.title.includes(p))).sort((a, b) => cmp(a.title, b.title));
}

/** Great-circle distance in miles (mean Earth radius 3958.8 mi), written here independently of src/lib/family-tools/distance.ts. */
export function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const s =
    Math.sin(toRad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(toRad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(s));
}

export function schoolBySlug(slug: string, schools = publishedSchools()): SampleSchool {
  const s = schools.find((x) => x.slug === slug);
  if (!s) throw new Error(`no published school ${slug} in the sample`);
  return s;
}

/** The hash of the sample district's hero poster (its landing page's image asset): its variants are /media/<hash>-…. */
export function heroPosterHash(docs = sampleDocs()): string {
  const landing = docs.find((d) => d._id === 'landingPage') as
    | { heroPoster?: { asset?: { _ref?: string } } }
    | undefined;
  const hash = /^image-([0-9a-f]+)-/.exec(landing?.heroPoster?.asset?._ref ?? '')?.[1];
  if (!hash) throw new Error('the sample landing page has no hero poster');
  return hash;
}

/**
 * Whether a school document offers a support term of the district's vocabulary: by reference
 * (`support`), or in a list typed before the vocabulary (`supportPrograms`) by the term's key or
 * one of its titles, as docs/content-model.md says.
 */
export function offersSupport(school: Doc, termId: string, docs = sampleDocs()): boolean {
  const term = docs.find((d) => d._id === termId) as { key?: string; title?: Record<string, unknown> } | undefined;
  if (!term) throw new Error(`no vocabulary term ${termId} in the sample`);
  const refs = (school.support as { _ref?: string }[] | undefined) ?? [];
  if (refs.some((r) => r._ref === termId)) return true;
  const names = [term.key, ...Object.values(term.title ?? {})].filter((n): n is string => typeof n === 'string');
  return ((school.supportPrograms as string[] | undefined) ?? []).some((p) => names.includes(p));
}

/** The schools a family in `zip` may choose, from the dataset: zoned for it or open to all; hidden-type ones apart. */
export function mayChoose(zip: string, docs: Doc[] = sampleDocs()): { listed: string[]; other: string[] } {
  const zoned = (slug: string) =>
    (docs.find((d) => (d.slug as { current?: string } | undefined)?.current === slug && d.language !== 'es')
      ?.attendanceZipCodes as string[] | undefined) ?? [];
  const choose = publishedSchools(docs).filter((s) => zoned(s.slug).length === 0 || zoned(s.slug).includes(zip));
  const hidden = (title: string) => HIDDEN_PARTS.some((p) => title.includes(p));
  return {
    listed: choose.filter((s) => !hidden(s.title)).map((s) => s.slug),
    other: choose.filter((s) => hidden(s.title)).map((s) => s.slug),
  };
}
