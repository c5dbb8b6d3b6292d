// What the compare page reads once its address names schools: the schools' facts file and the
// visit's position (for the distance row). A chunk of its own, loaded then: the facts file's
// checker and the position store are not part of the page's first-load JavaScript.
import { loadFacts } from './facts-file.ts';
import { storedPosition } from './position.ts';
import type { SchoolFacts } from './school-facts.ts';
import type { GeoPoint } from './types.ts';

export async function loadCompareFacts(src: string): Promise<{ facts: SchoolFacts[]; position: GeoPoint | null }> {
  return { facts: await loadFacts(src), position: storedPosition() };
}
