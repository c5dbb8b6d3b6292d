// Content is typed by many hands, and one document must not be able to break the site or blow up
// its pages: a span with thousands of marks overflows the renderer's stack, an unknown value
// nested thousands deep or a 50 MB description ends up in every page that shows it. Before a
// school is rendered, its data is cut down to these limits, each cut reported with the field it
// was made in. Plain data in, plain data out (browser-safe): the export applies it, and anything
// else that renders content can too.

export const CONTENT_LIMITS = {
  /** Characters in one text value (a title, a description, one rich-text span); longer text is cut. */
  textLength: 10_000,
  /**
   * What one top-level field may hold in all (the page body is one field, `sectionRepeater`): its
   * characters of text plus one per list item. Once spent, the rest of the field is dropped.
   */
  fieldSize: 100_000,
  /** Marks on one rich-text span (bold, italic, one per link...); further marks are dropped. */
  marksPerSpan: 16,
  /** Levels of lists and objects inside one top-level field; anything deeper is dropped. */
  depth: 24,
} as const;

export type ContentLimits = { readonly [K in keyof typeof CONTENT_LIMITS]: number };

/** One cut: the top-level field it was made in, and what was cut. */
export interface LimitBreach {
  field: string;
  problem: string;
}

type Obj = Record<string, unknown>;

/** Cuts a string to `max` UTF-16 units without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** One top-level field's walk: its remaining size and the cuts made so far (each kind once). */
class FieldWalk {
  budget: number;
  readonly problems = new Set<string>();
  constructor(readonly limits: ContentLimits) {
    this.budget = limits.fieldSize;
  }

  /** The value within the limits (the same reference when nothing was cut), or undefined: dropped. */
  value(v: unknown, depth: number): unknown {
    if (typeof v === 'string') return this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (depth >= this.limits.depth) {
      this.problems.add(`nested deeper than ${this.limits.depth} levels: the deeper part is dropped`);
      return undefined;
    }
    return Array.isArray(v) ? this.list(v, depth) : this.object(v as Obj, depth);
  }

  private text(s: string): string {
    let t = s;
    if (t.length > this.limits.textLength) {
      this.problems.add(`a text longer than ${this.limits.textLength} characters: cut to ${this.limits.textLength}`);
      t = cut(t, this.limits.textLength);
    }
    if (t.length > this.budget) {
      this.problems.add(`more than ${this.limits.fieldSize} characters and items in all: the rest is dropped`);
      t = cut(t, Math.max(0, this.budget));
    }
    this.budget -= t.length;
    return t;
  }

  private list(a: unknown[], depth: number): unknown[] {
    let out: unknown[] | null = null;
    for (let i = 0; i < a.length; i++) {
      if (this.budget <= 0) {
        this.problems.add(`more than ${this.limits.fieldSize} characters and items in all: the rest is dropped`);
        return (out ?? a).slice(0, out ? out.length : i);
      }
      this.budget -= 1;
      const item = a[i];
      const next = this.value(item, depth + 1);
      if (next !== item && !out) out = a.slice(0, i);
      if (out && next !== undefined) out.push(next);
    }
    return out ?? a;
  }

  private object(o: Obj, depth: number): Obj {
    // Most objects are within the limits: the copy is only made once a value differs.
    let entries: [string, unknown][] | null = null;
    const keys = Object.keys(o);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = o[k];
      let next: unknown;
      if (k.length > this.limits.textLength) {
        this.problems.add(`a field name longer than ${this.limits.textLength} characters: dropped`);
      } else next = this.value(v, depth + 1);
      if (k === 'marks' && o._type === 'span' && Array.isArray(next) && next.length > this.limits.marksPerSpan) {
        this.problems.add(`a span with more than ${this.limits.marksPerSpan} marks: the further marks are dropped`);
        next = next.slice(0, this.limits.marksPerSpan);
      }
      if (next !== v && !entries) entries = keys.slice(0, i).map((key) => [key, o[key]]);
      if (entries && next !== undefined) entries.push([k, next]);
    }
    // fromEntries defines properties, so a "__proto__" key stays data and never becomes a prototype.
    return entries ? Object.fromEntries(entries) : o;
  }
}

/**
 * A document within the limits: the same object when nothing was cut, else a copy with the cuts
 * made, and one breach per kind of cut and top-level field.
 */
export function limitContent<T extends object>(
  doc: T,
  limits: ContentLimits = CONTENT_LIMITS,
): { value: T; breaches: LimitBreach[] } {
  const breaches: LimitBreach[] = [];
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [field, v] of Object.entries(doc)) {
    const walk = new FieldWalk(limits);
    const next = walk.value(v, 0);
    for (const problem of walk.problems) breaches.push({ field, problem });
    if (next !== v) changed = true;
    if (next !== undefined) entries.push([field, next]);
  }
  return { value: changed ? (Object.fromEntries(entries) as T) : doc, breaches };
}
