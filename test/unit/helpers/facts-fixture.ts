// A school's facts for tests of the decision tools (an empty district school unless told otherwise),
// and the facts file served to the page under test in place of the network.
import type { SchoolFacts } from '../../../src/lib/facts/school-facts.ts';

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

const realFetch = globalThis.fetch;

/** Answers every fetch with `list` as JSON until restoreFetch(); returns the addresses asked for, as they come. */
export function serveFacts(list: unknown): string[] {
  const fetched: string[] = [];
  globalThis.fetch = (async (url: string) => {
    fetched.push(String(url));
    return new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return fetched;
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}
