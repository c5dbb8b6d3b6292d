// Each school made ready to render before any page is: cut to the content limits (its pages, key,
// hash and facts are the limited data's), localised for every edition with its "at a glance" facts,
// and its facts for the grid, compare page, ZIP pages and calendars (each edition's in its language); hashed over all editions just
// before its pages render (schoolEditionsJson). A school whose data throws here is named and left
// out; the others go on.
import type { Warning } from '../../src/lib/warn.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../src/i18n/messages.ts';
import { altNotes } from '../../src/build/alt-warnings.ts';
import { factNotes } from '../../src/build/fact-warnings.ts';
import { limitContent, type ContentLimits } from '../../src/build/content-limits.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/content/localize.ts';
import { byKey } from '../../src/lib/order.ts';
import { schoolFacts, type SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import { schoolGlance } from '../../src/lib/facts/school-glance.ts';
import { showInvisible } from '../../src/lib/slug.ts';
import type { SiteSettings } from '../../src/build/site-settings.ts';
import type { School } from '../../src/lib/content/types.ts';
import type { PageData } from '../../src/routes.ts';
import { serializePageData } from '../../render/document.ts';
import { sha1 } from './export-manifest.ts';
import type { CarriedSchool, ValidContent } from './validate-content.ts';

/** A school ready to render: its editions' data cut to the limits (none when carried over), the notes of that cut, its facts. */
export interface Prepared {
  read: School | CarriedSchool;
  school: School | CarriedSchool;
  /** Each edition's page data (empty when carried over). */
  editions: Map<Lang, PageData>;
  notes: Warning[];
  facts: SchoolFacts | null;
}

export interface PrepareOptions {
  limits: ContentLimits;
  now: number;
  pageNav: PageData['nav'];
  settingsOf: (lang: Lang) => SiteSettings;
}

/**
 * Each edition's data as its page embeds it, and the school's hash over all of them. Made for one
 * school as its pages render, used once by both: held for every school from the start, the 40 MB
 * of text at 1000 schools outlived the young generation and cost the collector its copying.
 */
export function schoolEditionsJson(editions: Map<Lang, PageData>): { json: Map<Lang, string>; hash: string } {
  const json = new Map(LANGS.map((lang) => [lang, serializePageData(editions.get(lang)!)]));
  return { json, hash: sha1(...json.values()) };
}

/** One read school's editions, notes and facts. */
function prepareRead(read: School, o: PrepareOptions): Prepared {
  const limited = limitContent(read as SchoolRow, o.limits);
  const pageData = new Map<Lang, PageData>();
  for (const lang of LANGS) {
    const localized = localizeSchool(limited.value, lang);
    const settings = o.settingsOf(lang);
    const glance = schoolGlance(localized, {
      lang,
      locale: CATALOGUES[lang].locale,
      now: o.now,
      timeZone: settings.timeZone,
    });
    pageData.set(lang, { page: 'school', nav: o.pageNav, school: localized, glance, settings });
  }
  // The English facts, with every other edition's in its language (a facts file per edition).
  const school = (pageData.get(DEFAULT_LANG) as { school: School }).school;
  const facts = schoolFacts(school, o.now);
  if (facts) {
    const editions: NonNullable<SchoolFacts['editions']> = {};
    for (const lang of LANGS) {
      if (lang === DEFAULT_LANG) continue;
      const localized = (pageData.get(lang) as { school: School }).school;
      editions[lang] = schoolFacts(localized, o.now, lang, school) ?? undefined;
    }
    facts.editions = editions;
  }
  return {
    read,
    school,
    editions: pageData,
    notes: [
      ...limited.breaches.map(
        (b): Warning => ({
          kind: 'content-cut',
          type: 'school',
          document: read._id,
          field: b.field,
          message: `school ${showInvisible(JSON.stringify(read._id))}: field ${b.field}: ${b.problem} (docs/content-model.md)`,
        }),
      ),
      ...altNotes(limited.value),
      ...factNotes(limited.value),
    ],
    facts,
  };
}

/** Read and carried schools in one _id order, and the schools whose data could not be prepared. */
export function prepareSchools(
  content: ValidContent,
  o: PrepareOptions,
): { prepared: Prepared[]; failed: { _id: string; error: string }[] } {
  const carriedSchools = new Set<School | CarriedSchool>(content.carried);
  const failed: { _id: string; error: string }[] = [];
  const prepared: Prepared[] = [];
  for (const read of [...content.schools, ...content.carried].sort(byKey('_id'))) {
    if (carriedSchools.has(read)) {
      const { facts } = (read as CarriedSchool).state;
      prepared.push({ read, school: read, editions: new Map(), notes: [], facts });
      continue;
    }
    try {
      prepared.push(prepareRead(read as School, o));
    } catch (err) {
      failed.push({ _id: read._id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { prepared, failed };
}
