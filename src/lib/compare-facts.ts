// What the compare page reads once its address names schools: the schools' facts file and where
// the distance row measures from (the visit's position, else the centre of the ZIP code the family
// gave, see position.ts). A chunk of its own, loaded then: the facts file's checker and the
// position store are not part of the page's first-load JavaScript.
import { loadFacts } from './facts-file.ts';
import { storedOrigin } from './position.ts';
import type { ZipCode } from './builtin-settings.ts';
import type { SchoolFacts } from './school-facts.ts';
import type { GeoPoint } from './types.ts';

export async function loadCompareFacts(
  src: string,
  zipCodes: readonly ZipCode[],
): Promise<{ facts: SchoolFacts[]; origin: { point: GeoPoint; zip?: string } | null }> {
  return { facts: await loadFacts(src), origin: storedOrigin(zipCodes) };
}
