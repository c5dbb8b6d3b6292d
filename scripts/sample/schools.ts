// The fictional district's schools: the shape of their facts and copy, read from data/schools.json
// and data/district.json. The words live in data files so they can be edited like content; the
// sample generator turns them into content-model documents.
// Cedar Valley Public Schools is fictional: addresses use 555-01xx phone numbers and the reserved
// .example domain so no link in the sample can ever reach a real organisation.
import { readFileSync } from 'node:fs';
import type { Emblem } from './images.ts';

export interface SiteLinkFacts {
  label: string;
  href: string;
}

/** The district's settings in one language: what its siteSettings document says. */
export interface SettingsFacts {
  logoAlt?: string;
  elementaryLink: SiteLinkFacts;
  highSchoolLink: SiteLinkFacts;
  footerText: string;
}

export interface District {
  name: string;
  short: string;
  site: string;
  city: string;
  state: string;
  settings: { en: SettingsFacts; es: SettingsFacts };
}

export type SectionKind = 'academics' | 'arts' | 'athletics' | 'student-life' | 'about' | 'outdoor-lab';

export interface QuoteFacts {
  quote: string;
  student: string;
  year: string;
}

export interface SchoolFacts {
  key: string;
  title: string;
  subtitle: string;
  slug: string;
  color: string;
  emblem: Emblem;
  mascot: string;
  principal: string;
  address: string;
  phone: string;
  email: string;
  location: { lat: number; lng: number } | null;
  isCharter: boolean;
  twitter: string | null;
  grades: string;
  enrollment: number;
  seoDescription: string;
  intro: string;
  academics: string;
  arts: string;
  athletics: string;
  life: string;
  sections: SectionKind[];
  artsTags: string[];
  athleticsTags: string[];
  clubsTags: string[];
  quotes: [QuoteFacts, QuoteFacts];
  videoTitle: string;
  tourTitle: string;
  tourText: string;
}

export const SECTION_TITLES: Record<SectionKind, string> = {
  academics: 'Academics',
  arts: 'Visual & Performing Arts',
  athletics: 'Athletics',
  'student-life': 'Student Life',
  about: 'About Us',
  'outdoor-lab': 'Outdoor Lab',
};

const STRING_FIELDS = [
  'key',
  'title',
  'subtitle',
  'slug',
  'color',
  'emblem',
  'mascot',
  'principal',
  'address',
  'phone',
  'email',
  'grades',
  'seoDescription',
  'intro',
  'academics',
  'arts',
  'athletics',
  'life',
  'videoTitle',
  'tourTitle',
  'tourText',
] as const satisfies readonly (keyof SchoolFacts)[];

export function readData(name: string): unknown {
  const file = new URL(`./data/${name}`, import.meta.url);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`sample data ${name}: ${(err as Error).message}`);
  }
}

/** A school's record, checked far enough that a typo in the data file names the school and field. */
function checkedSchool(value: unknown, index: number): SchoolFacts {
  const school = value as Record<string, unknown>;
  const where = `data/schools.json [${index}] (${String(school?.key)})`;
  for (const field of STRING_FIELDS)
    if (typeof school?.[field] !== 'string') throw new Error(`${where}: ${field} is not a string`);
  for (const field of ['sections', 'artsTags', 'athleticsTags', 'clubsTags'] as const)
    if (!Array.isArray(school[field])) throw new Error(`${where}: ${field} is not a list`);
  if (!Array.isArray(school.quotes) || school.quotes.length !== 2) throw new Error(`${where}: quotes needs two quotes`);
  for (const section of school.sections as unknown[])
    if (!Object.hasOwn(SECTION_TITLES, String(section))) throw new Error(`${where}: unknown section "${section}"`);
  return school as unknown as SchoolFacts;
}

export const DISTRICT = readData('district.json') as District;

export const SCHOOLS: SchoolFacts[] = (readData('schools.json') as unknown[]).map(checkedSchool);
