// What a family typed into a ZIP code field, checked the same way in every form that asks for one
// (the landing page's finder, the grid's and the distance chip's "from my ZIP code"): nothing, not
// five digits, or a code the district does not have are each said in words, naming what was typed,
// instead of a browser's tooltip or nothing at all.

/** The words of the answers; `{zip}` is what was typed. */
export interface ZipInputWords {
  empty: string;
  notZip: string;
  unknown: string;
}

export type ZipInput = { zip: string } | { problem: string };

/** The typed code when it is one of `known`, else why not, in words. */
export function checkZip(typed: string, known: (zip: string) => boolean, words: ZipInputWords): ZipInput {
  const zip = typed.trim();
  if (!zip) return { problem: words.empty };
  // Shown as text only; a long paste is cut so the message stays a sentence.
  const shown = zip.length > 12 ? `${zip.slice(0, 12)}…` : zip;
  if (!/^\d{5}$/.test(zip)) return { problem: words.notZip.replace('{zip}', shown) };
  return known(zip) ? { zip } : { problem: words.unknown.replace('{zip}', zip) };
}
