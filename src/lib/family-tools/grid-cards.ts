// Every card of the landing grid as the browser reads it from the export's cards file
// (data/grid-<lang>-<hash>.json), for a district with more schools than the landing page shows:
// the page carries the first cards only (its HTML stays light), and the grid's tools load the rest
// when a family sorts or filters. Fetched once per page, checked card by card as the facts file is.
import { loadJsonOnce } from '../json-file.ts';
import { isSafeSlug } from '../slug.ts';
import type { LandingCard } from '../content/types.ts';

/** How many cards the landing page itself shows; a larger district links to the all-schools page. */
export const GRID_FIRST_CARDS = 24;

const isText = (v: unknown): v is string => typeof v === 'string';

/** One card as the grid draws it, or null when it lacks what a card needs (a safe slug, a title). */
function parseCard(raw: unknown): LandingCard | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!isText(r.slug) || !isSafeSlug(r.slug) || !isText(r.title) || r.title.trim() === '') return null;
  const image = r.image && typeof r.image === 'object' ? (r.image as LandingCard['image']) : null;
  return {
    id: isText(r.id) ? r.id : '',
    title: r.title,
    slug: r.slug,
    description: isText(r.description) ? r.description : '',
    image,
    ...(r.descriptionLang === 'en' ? { descriptionLang: 'en' as const } : {}),
  };
}

/** The file's cards in order, each slug once; throws when the file is not a list. */
export function parseCards(json: unknown): LandingCard[] {
  if (!Array.isArray(json)) throw new Error('the grid’s cards file is not a JSON array');
  const seen = new Set<string>();
  return json.flatMap((raw) => {
    const card = parseCard(raw);
    if (!card || seen.has(card.slug)) return [];
    seen.add(card.slug);
    return [card];
  });
}

/** The cards at `src`, fetched once per page; rejects (and forgets the failure, so a retry may work). */
export const loadGridCards = (src: string): Promise<LandingCard[]> => loadJsonOnce(src, parseCards);
