// Which documents a value references: every `_ref` the way GROQ's references() finds them (an
// object with a truthy `_ref` is a reference and is not searched further). Browser-safe and pure,
// so the embedded service's indexes (through core/content-rules.ts) and the preview's change relay
// read references one way.

/** Adds every referenced id in `value` (a document, a list of them, any JSON) to `out`. */
export function collectReferences(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) collectReferences(v, out);
  } else if (value !== null && typeof value === 'object') {
    const ref = (value as { _ref?: unknown })._ref;
    if (ref) {
      if (typeof ref === 'string') out.add(ref);
      return out;
    }
    for (const v of Object.values(value)) collectReferences(v, out);
  }
  return out;
}
