// How a warning quotes the value it is about: short, on one line, and with invisible or
// direction-changing characters shown as escapes, so a log line cannot be reordered or hide what
// an editor typed. The export's validation (scripts/lib/validate-content.ts) and its fact
// warnings (fact-warnings.ts) quote values the same way.
import { showInvisible } from '../lib/slug.ts';

/** A value as a warning quotes it: a string in quotes (cut to 60 characters), else its kind or number. */
export function quoted(v: unknown): string {
  if (typeof v === 'string') return showInvisible(JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v));
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v;
}
