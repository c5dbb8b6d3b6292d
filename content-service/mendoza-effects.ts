// `effectFormat=mendoza` on listen: the hosted API describes each change as a pair of Mendoza
// patches (apply: before → after, revert: after → before), and Sanity Studio rebuilds its copy
// of a document by applying them; without them every remote change fails in the Studio. The
// service sends the simplest patch the format has: opcode 0 ("the value is"), the whole
// document, which every decoder applies like a computed minimal patch.

/** Mendoza's `Value` opcode: the patch's output is the literal that follows. */
const VALUE = 0;

export function mendozaEffects(before: unknown, after: unknown): { apply: unknown[]; revert: unknown[] } {
  return { apply: [VALUE, after ?? null], revert: [VALUE, before ?? null] };
}
