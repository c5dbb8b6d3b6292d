// A school's facts for tests of the decision tools: an empty district school unless told otherwise.
import type { SchoolFacts } from '../../../src/lib/school-facts.ts';

export function factsOf(slug: string, over: Partial<SchoolFacts> = {}): SchoolFacts {
  return {
    id: `school-${slug}`,
    slug,
    title: slug,
    path: `/schools/${slug}`,
    type: 'district',
    location: null,
    programs: { arts: [], athletics: [], clubs: [] },
    quote: null,
    sections: [],
    tour: null,
    ...over,
  };
}
