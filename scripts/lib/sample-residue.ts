// Whether anything of the bundled sample district is left in an exported site that is not the
// sample's: its name, the domain of its website, or one of its schools, in any file under out/
// (pages, data, calendars, the sitemap, the text of a PDF), and links to a domain the district's own
// dataset does not name. What marks the sample is read from the sample's data (content/sample), never
// written here, so the check needs no district in code either. Used by `npx tsx
// scripts/check-district.ts` (docs/new-district.md) and the tests that export a district that is not
// the sample.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { listFiles } from './list-files.ts';

/** What marks the sample district: its name, its website's domains, its schools' titles. */
export interface SampleMarks {
  name: string;
  domains: string[];
  schools: string[];
}

type Doc = Record<string, unknown> & { _id: string; _type: string };

const readDocs = (datasetDir: string): Doc[] =>
  readFileSync(path.join(datasetDir, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Doc);

/** Every http(s) host a dataset's documents name (in links, addresses, rich text). */
export function datasetDomains(datasetDir: string): Set<string> {
  const text = readFileSync(path.join(datasetDir, 'dataset.ndjson'), 'utf8');
  return new Set([...text.matchAll(/https?:\/\/([A-Za-z0-9.-]+)/g)].map((m) => m[1]!.toLowerCase()));
}

/**
 * The sample's marks, from its data: the district's name (siteSettings), the hosts its settings
 * and landing page link to, and the titles of its schools.
 */
export function sampleMarks(sampleDir: string): SampleMarks {
  const docs = readDocs(sampleDir);
  const settings = docs.find((d) => d._id === 'siteSettings');
  const name = typeof settings?.districtName === 'string' ? settings.districtName : '';
  const own = JSON.stringify(docs.filter((d) => d._type === 'siteSettings' || d._type === 'landingPage'));
  const domains = [...new Set([...own.matchAll(/https?:\/\/([A-Za-z0-9.-]+)/g)].map((m) => m[1]!.toLowerCase()))];
  const schools = [
    ...new Set(
      docs
        .filter((d) => d._type === 'school' && typeof d.title === 'string')
        .map((d) => (d.title as string).trim())
        .filter(Boolean),
    ),
  ];
  if (!name) throw new Error(`${sampleDir}: the sample names no district (siteSettings.districtName)`);
  return { name, domains, schools };
}

/**
 * Services the site itself links for every district: the map search an address links to, and the
 * video host's player and pages. Nothing of a district.
 */
export const SITE_SERVICES: readonly string[] = [
  'www.openstreetmap.org',
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'youtu.be',
];

const TEXT = /\.(html|json|csv|ics|xml|txt|js|css|svg|webmanifest)$/i;

/** A file's readable text: as it is, or for a PDF its (inflated) content streams too. */
function textOf(file: string): string | null {
  if (TEXT.test(file)) return readFileSync(file, 'utf8');
  if (!/\.pdf$/i.test(file)) return null;
  const raw = readFileSync(file);
  const parts = [raw.toString('latin1')];
  for (const m of raw.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'));
    } catch {
      // Not compressed, or not with Flate: the raw text above is what it says.
    }
  }
  return parts.join('\n');
}

export interface Residue {
  file: string;
  /** What was found: the sample's name, one of its domains or schools, or a link to a foreign host. */
  found: string;
}

/**
 * Every file of `outDir` that holds something of the sample, and every link (an `href`) to a host
 * that neither the district's dataset (`supplied`) nor the site's own services name.
 */
export function sampleResidue(outDir: string, marks: SampleMarks, supplied: ReadonlySet<string>): Residue[] {
  const found: Residue[] = [];
  const words = [marks.name, ...marks.domains, ...marks.schools];
  for (const file of listFiles(outDir)) {
    const text = textOf(path.join(outDir, file));
    if (text === null) continue;
    for (const w of words) if (text.includes(w)) found.push({ file, found: w });
    if (!/\.html$/.test(file)) continue;
    for (const m of text.matchAll(/\shref="https?:\/\/([A-Za-z0-9.-]+)/g)) {
      const host = m[1]!.toLowerCase();
      if (!supplied.has(host) && !SITE_SERVICES.includes(host)) found.push({ file, found: `a link to ${host}` });
    }
  }
  return found;
}
