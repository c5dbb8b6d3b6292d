// "Which schools are mine", pure: for each of the district's ZIP codes, the schools zoned for it
// and then every school open to the whole district, each nearest first from the ZIP code's centre
// (a family that does not share its location can still sort by distance). Schools whose titles the
// landing grid hides (spec: "Innovation Center", …) are still schools a family may choose: they are
// listed in a group of their own, by the same rule (zoned for the code, or open to the district).
// From every school's card and the schools' facts, which the export holds for every school,
// carried over or not.
import { FAMILY_WORDS } from '../i18n/family/index.ts';
import type { Lang } from '../i18n/messages.ts';
import type { ZipCode } from '../lib/content/builtin-settings.ts';
import { isHiddenFromGrid } from '../lib/content/mapping.ts';
import { haversineMiles, roundMiles } from '../lib/family-tools/distance.ts';
import type { SchoolFacts } from '../lib/facts/school-facts.ts';
import type { LandingCard, ZipFinderData, ZipListing, ZipSchool } from '../lib/content/types.ts';

export type { ZipListing, ZipPageWords, ZipSchool } from '../lib/content/types.ts';

const nearestFirst = (a: ZipSchool, b: ZipSchool): number =>
  (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) ||
  a.card.title.localeCompare(b.card.title);

/**
 * Each ZIP code's listing for the `lang` edition; `cards` are that edition's cards of every listed
 * school, those the grid hides included (mapLandingCards).
 */
export function zipListings(
  zips: readonly ZipCode[],
  cards: readonly LandingCard[],
  facts: readonly SchoolFacts[],
  lang: Lang,
): ZipListing[] {
  const w = FAMILY_WORDS[lang].zip;
  const bySlug = new Map(facts.map((f) => [f.slug, f]));
  return zips.map((z) => {
    const schools = cards.flatMap((card) => {
      const f = bySlug.get(card.slug);
      if (!f) return [];
      const miles = f.location ? roundMiles(haversineMiles(z, f.location)) : null;
      return [{ card, facts: f, miles, distance: miles === null ? null : w.fromCentre(miles) }];
    });
    const strip = ({ card, miles, distance }: ZipSchool & { facts: SchoolFacts }): ZipSchool => ({
      card,
      miles,
      distance,
    });
    const mayChoose = schools.filter((s) => {
      const zoned = s.facts.zipCodes ?? [];
      return zoned.length === 0 || zoned.includes(z.zip);
    });
    const hidden = mayChoose.filter((s) => isHiddenFromGrid(s.card.title));
    const listed = mayChoose.filter((s) => !isHiddenFromGrid(s.card.title));
    const zoned = listed
      .filter((s) => s.facts.zipCodes?.includes(z.zip))
      .map(strip)
      .sort(nearestFirst);
    const open = listed
      .filter((s) => (s.facts.zipCodes ?? []).length === 0)
      .map(strip)
      .sort(nearestFirst);
    const other = hidden.map(strip).sort(nearestFirst);
    return {
      zip: z.zip,
      zoned,
      open,
      other,
      words: {
        title: w.title(z.zip),
        intro: w.intro(z.zip),
        zoned: w.zoned(zoned.length),
        open: w.open,
        other: w.other,
        otherIntro: w.otherIntro,
        noZoned: w.noZoned,
        back: w.back,
      },
    };
  });
}

/** The landing page's finder: the ZIP codes and the words around them. */
export function zipFinder(zips: readonly ZipCode[], lang: Lang): ZipFinderData {
  const w = FAMILY_WORDS[lang].zip;
  return {
    zips: zips.map((z) => z.zip),
    centres: Object.fromEntries(zips.map((z) => [z.zip, { lat: z.lat, lng: z.lng }])),
    words: {
      heading: w.finder,
      intro: w.finderIntro,
      label: w.label,
      go: w.go,
      unknown: w.unknown('{zip}'),
      empty: w.empty,
      notZip: w.notZip('{zip}'),
      sortIntro: w.sortIntro,
      sortGo: w.sortGo,
      sorted: w.sorted('{zip}'),
      sortUnknown: w.sortUnknown('{zip}'),
    },
  };
}
