// What the compare page reads once its address names schools: the schools' facts file, checked, and
// where the distance row measures from (the visit's position, else the center of the ZIP code the
// family gave, see position.ts). A chunk of its own, loaded then: the facts file's checker and the
// position store are not part of the page's first-load JavaScript. The page fetches the file itself,
// beside this chunk, so the two downloads overlap.
import { parseFactsList } from '../facts/facts-file.ts';
import { storedOrigin } from './position.ts';
import type { ZipCode } from '../content/builtin-settings.ts';
import type { SchoolFacts } from '../facts/school-facts.ts';
import type { GeoPoint } from '../content/types.ts';

/** The facts of `file` (the fetched JSON; rejects when it is not a facts file) and the origin. */
export async function compareFacts(
  file: Promise<unknown>,
  zipCodes: readonly ZipCode[],
): Promise<{ facts: SchoolFacts[]; origin: { point: GeoPoint; zip?: string } | null }> {
  return { facts: parseFactsList(await file), origin: storedOrigin(zipCodes) };
}
