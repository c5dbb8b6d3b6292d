// Patch operations of Sanity's mutation API applied to in-memory documents. Paths follow the
// simple part of JSONMatch (attributes, array indexes, `[_key=="…"]`), which is what editors'
// tools and @sanity/client's patch builder send; wildcards and recursive matches are refused
// with a clear error rather than half-applied.

export type Segment = string | number | { key: string };

export class PatchError extends Error {
  constructor(message: string, readonly status: 400 | 409 = 400) {
    super(message);
    this.name = 'PatchError';
  }
}

type Json = unknown;
type Container = Record<string, Json> | Json[];

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses `a.b[0].c[_key=="x"]` into segments; throws PatchError on anything else. */
export function parsePath(path: string): Segment[] {
  if (typeof path !== 'string' || path.trim() === '') throw new PatchError('a patch path must be a non-empty string');
  const bad = (): PatchError => new PatchError(`unsupported patch path "${path}" (attributes, [index] and [_key=="…"] are supported)`);
  const attr = /([A-Za-z_$][\w$]*)/y;
  const bracket = /\[\s*(?:(-?\d+)|_key\s*==\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'))\s*\]/y;
  const src = path.trim();
  const segments: Segment[] = [];
  let pos = 0;
  while (pos < src.length) {
    if (src[pos] === '[') {
      bracket.lastIndex = pos;
      const m = bracket.exec(src);
      if (!m || segments.length === 0) throw bad();
      segments.push(m[1] !== undefined ? Number(m[1]) : { key: (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1') });
      pos = bracket.lastIndex;
      continue;
    }
    if (segments.length > 0) {
      if (src[pos] !== '.') throw bad();
      pos++;
    }
    attr.lastIndex = pos;
    const m = attr.exec(src);
    if (!m) throw bad();
    segments.push(m[1]!);
    pos = attr.lastIndex;
  }
  return segments;
}

function indexIn(arr: Json[], seg: number | { key: string }): number {
  if (typeof seg === 'number') {
    const i = seg < 0 ? arr.length + seg : seg;
    return i >= 0 && i < arr.length ? i : -1;
  }
  return arr.findIndex((item) => isObject(item) && item._key === seg.key);
}

/** Walks to the container holding the last segment; creates objects on the way when asked. */
function parentOf(doc: Record<string, Json>, segs: Segment[], create: boolean): Container | null {
  let cur: Json = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    const next = segs[i + 1]!;
    if (typeof seg === 'string') {
      if (!isObject(cur)) return null;
      if (cur[seg] === undefined || cur[seg] === null) {
        if (!create) return null;
        cur[seg] = typeof next === 'string' ? {} : [];
      }
      cur = cur[seg];
    } else {
      if (!Array.isArray(cur)) return null;
      const idx = indexIn(cur, seg);
      if (idx < 0) return null;
      cur = cur[idx];
    }
  }
  return isObject(cur) || Array.isArray(cur) ? cur : null;
}

function getAt(doc: Record<string, Json>, segs: Segment[]): Json {
  const parent = parentOf(doc, segs, false);
  const last = segs[segs.length - 1]!;
  if (!parent) return undefined;
  if (typeof last === 'string') return isObject(parent) ? parent[last] : undefined;
  if (!Array.isArray(parent)) return undefined;
  const idx = indexIn(parent, last);
  return idx < 0 ? undefined : parent[idx];
}

function setAt(doc: Record<string, Json>, segs: Segment[], value: Json): void {
  const parent = parentOf(doc, segs, true);
  const last = segs[segs.length - 1]!;
  if (!parent) return;
  if (typeof last === 'string') {
    if (isObject(parent)) parent[last] = value;
    return;
  }
  if (!Array.isArray(parent)) return;
  const idx = indexIn(parent, last);
  if (idx >= 0) parent[idx] = value;
}

function unsetAt(doc: Record<string, Json>, segs: Segment[]): void {
  const parent = parentOf(doc, segs, false);
  const last = segs[segs.length - 1]!;
  if (!parent) return;
  if (typeof last === 'string') {
    if (isObject(parent)) delete parent[last];
    return;
  }
  if (!Array.isArray(parent)) return;
  const idx = indexIn(parent, last);
  if (idx >= 0) parent.splice(idx, 1);
}

const PROTECTED = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt']);

function guard(path: string): Segment[] {
  const segs = parsePath(path);
  if (typeof segs[0] !== 'string') throw new PatchError(`patch path "${path}" must start with an attribute`);
  if (segs.length === 1 && PROTECTED.has(segs[0]) && segs[0] !== '_type') throw new PatchError(`"${segs[0]}" cannot be patched`);
  return segs;
}

function entries(op: string, value: unknown): [string, Json][] {
  if (!isObject(value)) throw new PatchError(`patch.${op} must be an object of path → value`);
  return Object.entries(value);
}

/**
 * Applies one patch's operations to a deep copy of `doc` and returns the copy. Operations run
 * in the order set, setIfMissing, unset, inc, dec, insert, whatever order the keys arrive in.
 */
export function applyPatch(doc: Record<string, Json>, patch: Record<string, unknown>): Record<string, Json> {
  const out = structuredClone(doc);
  const known = new Set(['id', 'query', 'params', 'ifRevisionID', 'set', 'setIfMissing', 'unset', 'inc', 'dec', 'insert']);
  for (const k of Object.keys(patch)) {
    if (!known.has(k)) throw new PatchError(`unsupported patch operation "${k}"`);
  }
  if (patch.set !== undefined) for (const [p, v] of entries('set', patch.set)) setAt(out, guard(p), structuredClone(v));
  if (patch.setIfMissing !== undefined) {
    for (const [p, v] of entries('setIfMissing', patch.setIfMissing)) {
      const segs = guard(p);
      if (getAt(out, segs) === undefined) setAt(out, segs, structuredClone(v));
    }
  }
  if (patch.unset !== undefined) {
    if (!Array.isArray(patch.unset) || !patch.unset.every((p) => typeof p === 'string')) throw new PatchError('patch.unset must be an array of paths');
    for (const p of patch.unset as string[]) unsetAt(out, guard(p));
  }
  for (const op of ['inc', 'dec'] as const) {
    if (patch[op] === undefined) continue;
    for (const [p, by] of entries(op, patch[op])) {
      const segs = guard(p);
      const cur = getAt(out, segs);
      if (typeof by !== 'number' || !Number.isFinite(by)) throw new PatchError(`patch.${op} "${p}" needs a number`);
      if (typeof cur !== 'number') throw new PatchError(`patch.${op}: "${p}" is not a number in document "${String(doc._id)}"`, 409);
      setAt(out, segs, op === 'inc' ? cur + by : cur - by);
    }
  }
  if (patch.insert !== undefined) applyInsert(out, patch.insert);
  return out;
}

function applyInsert(doc: Record<string, Json>, insert: unknown): void {
  if (!isObject(insert) || !Array.isArray(insert.items)) throw new PatchError('patch.insert needs items (an array) and one of before, after, replace');
  const where = (['before', 'after', 'replace'] as const).filter((k) => typeof insert[k] === 'string');
  if (where.length !== 1) throw new PatchError('patch.insert needs exactly one of before, after, replace');
  const pos = where[0]!;
  const segs = guard(insert[pos] as string);
  const last = segs[segs.length - 1]!;
  if (typeof last === 'string') throw new PatchError(`patch.insert.${pos} must end in an array position such as "items[-1]"`);
  const arrSegs = segs.slice(0, -1);
  let arr = getAt(doc, arrSegs);
  if (arr === undefined && pos !== 'replace') {
    setAt(doc, arrSegs, []);
    arr = getAt(doc, arrSegs);
  }
  if (!Array.isArray(arr)) throw new PatchError(`patch.insert: "${insert[pos] as string}" is not inside an array`, 409);
  const items = structuredClone(insert.items);
  let idx = indexIn(arr, last);
  if (idx < 0) {
    // Like Sanity: an index past either end inserts at that end; a missing key is an error.
    if (typeof last !== 'number') throw new PatchError(`patch.insert: no array item with _key "${last.key}"`, 409);
    if (pos === 'replace') throw new PatchError(`patch.insert: no array item at ${last}`, 409);
    idx = last < 0 ? -1 : arr.length - 1;
    if (arr.length === 0) { arr.push(...items); return; }
  }
  if (pos === 'before') arr.splice(Math.max(idx, 0), 0, ...items);
  else if (pos === 'after') arr.splice(idx + 1, 0, ...items);
  else arr.splice(idx, 1, ...items);
}
