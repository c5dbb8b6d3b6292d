// Which school keeps an address that several schools claim. Slugs are compared regardless of case
// (a static host on a case-insensitive disk or CDN serves `Bluebell` and `bluebell` as one page),
// and the school that already had the address keeps it: a newcomer, typed in the Studio or
// written straight into the dataset, never replaces an established school's page. "Already had"
// is read from the creation dates, and where they cannot tell (the same date, or a school without
// one, as in hand-written datasets) from the previous export of this out/ folder; only where
// neither tells, the first by _id. The export skips the others, naming the school that kept it.
import { slugKey } from '../../src/lib/slug.ts';

/** A claim on an address: the school's id and its creation date (null when it has none). */
export interface Claim {
  _id: string;
  created: string | null;
}

/** The address (slugKey) → the id of the school the previous export published there. */
export type Holders = ReadonlyMap<string, string>;

/** Who published each address at an export, from its schools' outcomes. */
export function holdersOf(outcomes: Record<string, { slug: string | null; skipped: string | null }>): Holders {
  const holders = new Map<string, string>();
  for (const [id, o] of Object.entries(outcomes))
    if (o && o.skipped === null && typeof o.slug === 'string') holders.set(slugKey(o.slug), id);
  return holders;
}

const dateOf = (c: Claim): number | null => {
  const t = c.created === null ? Number.NaN : Date.parse(c.created);
  return Number.isNaN(t) ? null : t;
};

const byId = (a: Claim, b: Claim) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * The claim that keeps the address, and why (for the warnings). When every claim is dated, the
 * earliest; among equally early ones, the previous holder, else the first by _id. When one is not
 * dated, the previous holder; without one, the earliest dated, else the first by _id.
 */
export function keeperOf<T extends Claim>(
  claims: readonly T[],
  holder: string | undefined,
): { keeper: T; why: string } {
  const sorted = [...claims].sort(byId);
  const dated = sorted.map((c) => ({ c, t: dateOf(c) }));
  const held = sorted.find((c) => c._id === holder);
  if (dated.every((d) => d.t !== null)) {
    const earliest = Math.min(...dated.map((d) => d.t!));
    const first = dated.filter((d) => d.t === earliest).map((d) => d.c);
    if (first.length === 1) return { keeper: first[0]!, why: 'created first' };
    const kept = first.find((c) => c._id === holder);
    return kept
      ? { keeper: kept, why: 'created first, as early as another, and published there by the previous export' }
      : { keeper: first[0]!, why: 'created first, as early as another, and first by _id' };
  }
  if (held) return { keeper: held, why: 'published there by the previous export (not every one has a creation date)' };
  // Stable: equally dated (or undated) claims stay in _id order.
  const order = dated.sort((a, b) => (a.t === b.t ? 0 : a.t === null ? 1 : b.t === null ? -1 : a.t - b.t));
  return { keeper: order[0]!.c, why: 'first by creation date, then by _id (not every one has a creation date)' };
}
