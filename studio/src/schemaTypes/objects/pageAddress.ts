// A school's page address (its slug) as the export will publish it: one safe path segment
// (src/lib/slug.ts) that no other school has, compared regardless of case, since a static host on
// a case-insensitive disk or CDN serves `Bluebell` and `bluebell` as one page. Of two schools with
// one address the export keeps it for the one created first (scripts/lib/address-keeper.ts), so
// here the later one is refused (an error) and the earlier one only told (a warning): a newcomer
// never blocks the established school's edits. A document without a creation date never went
// through Sanity (written into the dataset by hand) and counts as the newest. A translation has no
// address of its own (it is shown at its English school's, under /es/): only English schools are
// compared, and never a school with its own draft.
import { getPublishedId, type SlugValidationContext, type ValidationContext } from 'sanity';
import { slugKey, slugProblem } from '../../../../src/lib/slug.ts';

/** English schools: no `language` (content from before translations) or "en". */
const ENGLISH_SCHOOL = `_type == "school" && (!defined(language) || language == "en")`;

/** This school's creation dates (published and draft) and the other English schools at its address. */
const CLAIMS = `{
  "own": *[sanity::versionOf($published)]._createdAt,
  "others": *[${ENGLISH_SCHOOL} && !sanity::versionOf($published) && lower(slug.current) == $key]{
    _id, title, "slug": slug.current, _createdAt
  }
}`;

interface Rival {
  name: string;
  slug: string;
  /** Creation time (ms); +Infinity without one. */
  created: number;
}

const timeOf = (v: unknown): number => {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

/** A translation (a language set, not English): it lives at its English school's address. */
export const isTranslation = (doc: unknown): boolean => {
  const language = (doc as { language?: unknown } | undefined)?.language;
  return language !== undefined && language !== null && language !== 'en';
};

/** The slug type's own uniqueness check compares exact text across languages: the rules below replace it. */
export const everyAddressUnique = (_slug: string, _context: SlugValidationContext): boolean => true;

/** This school's creation time and the English schools claiming its address, or null when none does. */
async function claims(current: string, context: ValidationContext): Promise<{ own: number; rivals: Rival[] } | null> {
  const id = context.document?._id;
  if (isTranslation(context.document) || typeof id !== 'string') return null;
  const got = await context
    .getClient({ apiVersion: '2025-02-19' })
    .withConfig({ perspective: 'raw' })
    .fetch<{ own?: unknown[]; others?: { title?: unknown; slug?: unknown; _createdAt?: unknown }[] } | null>(
      CLAIMS,
      { published: getPublishedId(id), key: slugKey(current) },
      { tag: 'validation.school-address' },
    );
  const others = Array.isArray(got?.others) ? got.others : [];
  if (others.length === 0) return null;
  // A school not yet saved has no date: it is the newest.
  const own = Math.min(timeOf(context.document?._createdAt), ...(got?.own ?? []).map(timeOf));
  const rivals = others.map((o) => ({
    name: typeof o.title === 'string' && o.title.trim() ? `“${o.title.trim()}”` : 'Another school',
    slug: String(o.slug),
    created: timeOf(o._createdAt),
  }));
  return { own, rivals };
}

const currentOf = (value: unknown): unknown => (value as { current?: unknown } | undefined)?.current;

/** Why the address cannot be published, as the editor reads it (an error); true when it can. */
export async function addressProblem(value: unknown, context: ValidationContext): Promise<string | true> {
  const current = currentOf(value);
  // A translation lives at its English school's address (/es/schools/{slug}).
  if (current === undefined && isTranslation(context.document)) return true;
  if (current === undefined) return 'Set an address (press "Generate")';
  const problem = slugProblem(current);
  if (problem !== null) return `The address ${problem}; use lower-case letters, digits and "-"`;
  const found = await claims(current as string, context);
  const first = found?.rivals.find((r) => r.created <= found.own);
  if (!found || !first) return true;
  const cased = first.slug === current ? '' : ` (as “${first.slug}”: capitals do not make another address)`;
  return first.created === found.own
    ? `${first.name} has this address too${cased}, and neither was created first; choose another`
    : `${first.name} already has this address${cased}; choose another`;
}

/** A later school claiming this school's address (a warning: this one keeps the page); true when none does. */
export async function addressShared(value: unknown, context: ValidationContext): Promise<string | true> {
  const current = currentOf(value);
  if (typeof current !== 'string' || slugProblem(current) !== null) return true;
  const found = await claims(current, context);
  const later = found?.rivals.filter((r) => r.created > found.own) ?? [];
  if (!found || later.length === 0 || found.rivals.some((r) => r.created <= found.own)) return true;
  const names = later.map((r) => `${r.name} (“${r.slug}”)`).join(', ');
  return `${names} also claims this address; this school, created first, keeps the page`;
}
