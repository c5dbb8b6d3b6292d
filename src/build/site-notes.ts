// What a district has not supplied of its site, and the translations families cannot read, said
// once each by document and field: the export's report and the preview's editor home name them, so
// a district that exports its own dataset learns what its site leaves out instead of finding the
// gaps on the published site. Pure: the same notes from the export's read and the preview's.
import { DEFAULT_TIME_ZONE } from '../config/site.ts';
import { asDoc, present, type SiteDocuments, translationOf } from '../lib/content/editions.ts';
import { fileOf } from '../lib/content/site-files.ts';
import type { Warning } from '../lib/warn.ts';

/** The settings a district supplies, and what its pages do without each. */
const SETTINGS_GAPS: readonly [field: string, without: string][] = [
  ['districtName', 'page titles, the footer, search results and the home link name no district'],
  ['logo', "the navigation shows the district's name (or “Home”) as text"],
  ['elementaryLink', 'the navigation has no link to elementary schools'],
  ['highSchoolLink', 'the navigation has no link to high schools'],
  ['footerText', 'the footer says “All rights reserved.”'],
  ['guide', 'no PDF guide is linked from the footer'],
  ['timeZone', `event times are written in ${DEFAULT_TIME_ZONE}`],
  ['zipCodes', 'there are no pages by ZIP code'],
];

/** What only a district can say on its landing page, and what the page does without it. */
const LANDING_GAPS: readonly [field: string, without: string][] = [
  ['heroVideo', 'the opening has no background video'],
  ['heroPoster', 'link previews of the guide show no picture'],
  ['superintendentQuote', 'the opening has no quote'],
  ['advantageIntro', '“The District Advantage” has no introduction'],
  ['stats', 'no figures are shown'],
  ['panels', '“The District Advantage” has no panels'],
  ['testimonial', 'there is no student testimonial'],
  ['academicsIntro', '“Academic Preparation” has no introduction'],
  ['academicHighlights', '“Academic Preparation” has no highlights'],
];

const has = (doc: Record<string, unknown> | null, field: string): boolean =>
  !!doc &&
  (field === 'guide' ? fileOf(doc.guide) !== null : field === 'heroVideo' ? videoOf(doc) : present(doc[field]));
const videoOf = (doc: Record<string, unknown>): boolean => {
  const v = asDoc(doc.heroVideo);
  return !!v && (fileOf(v.webm) !== null || fileOf(v.mp4) !== null);
};

const gap = (type: string, id: string, field: string, without: string): Warning => ({
  kind: 'not-supplied',
  type,
  document: id,
  field,
  message: `${type}.${field} is not set: ${without}`,
});

/** Each setting and each part of the landing page the district has not supplied (in English: the translations fall back to it). */
function notSupplied(site: SiteDocuments): Warning[] {
  const settings = asDoc(site.settings);
  const landing = asDoc(site.landing);
  return [
    ...SETTINGS_GAPS.filter(([f]) => !has(settings, f)).map(([f, w]) => gap('siteSettings', 'siteSettings', f, w)),
    ...LANDING_GAPS.filter(([f]) => !has(landing, f)).map(([f, w]) => gap('landingPage', 'landingPage', f, w)),
  ];
}

/** The Spanish documents of a type the public read can see, and the metadata ids it cannot. */
interface TranslationRead {
  _id?: unknown;
  _type?: unknown;
  language?: unknown;
}

/**
 * The landing page and settings families read in English on the Spanish edition: no Spanish
 * document at all, or one that exists but that no translation.metadata readable without a token
 * links (a dotted `_id` hides the metadata from public reads, as hosted Sanity does). Each named,
 * with what the reader sees.
 */
function translationGaps(site: SiteDocuments): Warning[] {
  const notes: Warning[] = [];
  const hidden = Array.isArray(site.hiddenLinks) ? site.hiddenLinks.filter((x) => typeof x === 'string') : [];
  const spanish = (Array.isArray(site.editions) ? site.editions : []) as TranslationRead[];
  const docs = [
    {
      type: 'landingPage',
      id: 'landingPage',
      english: asDoc(site.landing),
      shows: '/es/ shows the English landing page',
    },
    {
      type: 'siteSettings',
      id: 'siteSettings',
      english: asDoc(site.settings),
      shows: 'Spanish pages show the English settings’ words',
    },
  ];
  for (const { type, id, english, shows } of docs) {
    if (!english || translationOf(english, 'es')) continue;
    const orphans = spanish.filter((d) => d._type === type && d.language === 'es' && typeof d._id === 'string');
    for (const o of orphans)
      notes.push({
        kind: 'translation-gap',
        type,
        document: o._id as string,
        field: 'language',
        message: `${type} ${JSON.stringify(o._id)} is Spanish, but no translation.metadata readable without a token links it to "${id}"${hidden.length ? ` (hidden from public reads by a dotted _id: ${hidden.map((h) => JSON.stringify(h)).join(', ')})` : ''}: ${shows}`,
      });
    if (!orphans.length)
      notes.push({
        kind: 'translation-gap',
        type,
        document: id,
        field: 'translations',
        message: `${type} has no Spanish translation readable without a token: ${shows}`,
      });
  }
  // Read with a token (the preview): links the export will not see.
  for (const h of hidden)
    notes.push({
      kind: 'translation-gap',
      type: 'translation.metadata',
      document: h as string,
      field: '_id',
      message: `translation.metadata ${JSON.stringify(h)} has a dotted _id, which public reads (the export) cannot see: the translations it links show in English on the published site; give it an _id without a dot`,
    });
  return notes;
}

/** Everything of the site the district has not supplied, and the translations families cannot read. */
export function siteNotes(site: SiteDocuments): Warning[] {
  return [...notSupplied(site), ...translationGaps(site)];
}
