// The schools' public facts as the export ships them: one content-hashed JSON array (factsSrc),
// fetched only by the pages' tools that need it (the compare page), never part of the first-load
// JavaScript. The file is ours, but it arrives over the network: each record is checked for the
// fields the tools read, and a record that fails is dropped rather than breaking the page.
import { isValidLocation } from './distance.ts';
import { PROGRAM_CATEGORIES, type SchoolFacts } from './school-facts.ts';
import { schoolPath } from '../routes.ts';
import { safeHttpUrl } from './links.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** One record, or null when it lacks what every tool needs (a slug, a title, its own page's path). */
export function parseFacts(e: unknown): SchoolFacts | null {
  if (!e || typeof e !== 'object') return null;
  const r = e as Record<string, unknown>;
  const slug = str(r.slug);
  const title = str(r.title);
  if (!slug || !title || r.path !== schoolPath(slug)) return null;
  const programs = (r.programs && typeof r.programs === 'object' ? r.programs : {}) as Record<string, unknown>;
  const quote = r.quote && typeof r.quote === 'object' ? (r.quote as Record<string, unknown>) : null;
  const tour = r.tour && typeof r.tour === 'object' ? (r.tour as Record<string, unknown>) : null;
  return {
    id: str(r.id) ?? '',
    slug,
    title,
    path: schoolPath(slug),
    type: r.type === 'charter' ? 'charter' : 'district',
    location: isValidLocation(r.location) ? { lat: r.location.lat, lng: r.location.lng } : null,
    programs: {
      arts: strings(programs[PROGRAM_CATEGORIES[0]]),
      athletics: strings(programs[PROGRAM_CATEGORIES[1]]),
      clubs: strings(programs[PROGRAM_CATEGORIES[2]]),
    },
    quote:
      quote && str(quote.text) ? { text: str(quote.text)!, student: str(quote.student), year: str(quote.year) } : null,
    sections: strings(r.sections),
    // Checked again: the link is followed by a visitor's click.
    tour: tour && str(tour.title) ? { title: str(tour.title)!, url: safeHttpUrl(tour.url) } : null,
  };
}

/** The records of a facts file's JSON; throws when it is not a list. */
export function parseFactsList(json: unknown): SchoolFacts[] {
  if (!Array.isArray(json)) throw new Error('the school facts file does not hold a list');
  return json.flatMap((e) => {
    const f = parseFacts(e);
    return f ? [f] : [];
  });
}

/** One request per page however many components ask. */
const loads = new Map<string, Promise<SchoolFacts[]>>();

/** The facts file at `src`; rejects on a failed request or a file that is not a list. */
export function loadSchoolFacts(src: string): Promise<SchoolFacts[]> {
  let load = loads.get(src);
  if (!load) {
    load = fetch(src)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${src}: HTTP ${r.status}`))))
      .then(parseFactsList);
    // A failure is not kept: a later attempt (a reload of the tool) asks again.
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}
