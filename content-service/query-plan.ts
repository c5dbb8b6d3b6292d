// Indexes for the embedded service's GROQ, as the hosted API has them: groq-js evaluates every
// `*[filter]` by testing the filter on every document, so at 1000 schools (9000 documents) the
// export's revision read took ~0.2 s and a `references($ids)` scan ~0.8 s. This module rewrites a
// parsed query before groq-js runs it: where a filter over `*` is bounded by `_type == "…"`,
// `_id == "…"`, `_id in […]` or `references(…)` (with constant arguments, alone, under `&&`, or on
// both sides of `||`), the `*` is replaced by the candidate documents from an index, in dataset
// order. The filter itself still runs on each candidate, so a plan can only skip documents that
// could not match: results are the same as without it (test/unit/query-plan.test.ts compares).
// A projection of plain attributes straight over `*` (`*[]{_id, _rev}`) is answered directly.
// A subquery that does not depend on the document being tested (`_id in *[_type == "x"]._ref`
// inside a filter) is evaluated once, not once per document, and its answer is then a constant the
// indexes can use: the export's incremental read went from ~90 ms to a few ms at 1000 schools.
// A filter bounded by `references(^.attr)` (each school's translations: `*[_type ==
// "translation.metadata" && references(^._id)]`) depends on the document in scope, so it reads
// its candidates at run time: the filter's `*` becomes a dereference of a key only this module
// makes, answered from the referrers index (1000 schools: 12 s of scanning to under 1 s).
import { randomUUID } from 'node:crypto';
import type { ExprNode } from 'groq-js';
import { collectReferences } from '../core/content-rules.ts';

interface Indexes {
  position: Map<unknown, number>;
  byType: Map<string, unknown[]>;
  byId: Map<string, unknown[]>;
  /** Documents holding a reference to an id, found as groq-js's `references()` finds them. */
  referrers: Map<string, unknown[]>;
}

const cache = new WeakMap<readonly unknown[], Indexes>();

function push(map: Map<string, unknown[]>, key: string, doc: unknown): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== doc) list.push(doc);
  } else map.set(key, [doc]);
}

/**
 * A document's references, kept per document object: the store replaces its views on every change
 * but keeps the unchanged documents, so re-indexing after an edit walks only what changed.
 */
const refsCache = new WeakMap<object, readonly string[]>();
function refsOf(doc: unknown): readonly string[] {
  if (doc === null || typeof doc !== 'object') return [];
  let refs = refsCache.get(doc);
  if (!refs) {
    refs = [...collectReferences(doc, new Set())];
    refsCache.set(doc, refs);
  }
  return refs;
}

function indexesOf(docs: readonly unknown[]): Indexes {
  let idx = cache.get(docs);
  if (idx) return idx;
  idx = { position: new Map(), byType: new Map(), byId: new Map(), referrers: new Map() };
  docs.forEach((doc, i) => {
    idx!.position.set(doc, i);
    if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
      const { _type, _id } = doc as { _type?: unknown; _id?: unknown };
      if (typeof _type === 'string') push(idx!.byType, _type, doc);
      if (typeof _id === 'string') push(idx!.byId, _id, doc);
    }
    for (const ref of refsOf(doc)) push(idx!.referrers, ref, doc);
  });
  cache.set(docs, idx);
  return idx;
}

type Node = Record<string, unknown> & { type: string };

const isThisAttribute = (n: unknown, name: string): boolean => {
  const node = n as Node | undefined;
  return node?.type === 'AccessAttribute' && node.name === name && (node.base === undefined || node.base === null);
};
/** A literal (or a parameter, which the parser folds into one), including an array of literals. */
const constant = (n: unknown): { value: unknown } | null => {
  const node = n as Node | undefined;
  if (node?.type === 'Value') return { value: node.value };
  if (node?.type !== 'Array') return null;
  const values: unknown[] = [];
  for (const el of node.elements as Node[]) {
    const c = el.isSplat ? null : constant(el.value);
    if (!c) return null;
    values.push(c.value);
  }
  return { value: values };
};

/** Documents that may satisfy `expr`, or null when the filter is not bounded by an index. */
function candidates(expr: Node, idx: Indexes): Set<unknown> | null {
  const lookup = (map: Map<string, unknown[]>, keys: unknown[]): Set<unknown> => {
    const out = new Set<unknown>();
    for (const k of keys) if (typeof k === 'string') for (const d of map.get(k) ?? []) out.add(d);
    return out;
  };
  switch (expr.type) {
    case 'Group':
      return candidates(expr.base as Node, idx);
    case 'And': {
      const l = candidates(expr.left as Node, idx);
      const r = candidates(expr.right as Node, idx);
      if (!l) return r;
      if (!r) return l;
      return l.size <= r.size ? l : r;
    }
    case 'Or': {
      const l = candidates(expr.left as Node, idx);
      const r = candidates(expr.right as Node, idx);
      if (!l || !r) return null;
      for (const d of r) l.add(d);
      return l;
    }
    case 'OpCall': {
      if (expr.op === '==') {
        for (const [attr, other] of [
          [expr.left, expr.right],
          [expr.right, expr.left],
        ]) {
          const c = constant(other);
          // A non-string constant could equal a number-typed _type; only strings are indexed.
          if (!c || typeof c.value !== 'string') continue;
          if (isThisAttribute(attr, '_type')) return lookup(idx.byType, [c.value]);
          if (isThisAttribute(attr, '_id')) return lookup(idx.byId, [c.value]);
        }
        return null;
      }
      if (expr.op === 'in' && isThisAttribute(expr.left, '_id')) {
        const c = constant(expr.right);
        return c && Array.isArray(c.value) && c.value.every((v) => typeof v === 'string')
          ? lookup(idx.byId, c.value)
          : null;
      }
      return null;
    }
    case 'FuncCall': {
      if (expr.namespace !== 'global' || expr.name !== 'references') return null;
      const keys: unknown[] = [];
      for (const arg of expr.args as unknown[]) {
        const c = constant(arg);
        if (!c) return null;
        if (Array.isArray(c.value)) keys.push(...c.value);
        else keys.push(c.value);
      }
      return lookup(idx.referrers, keys);
    }
    default:
      return null;
  }
}

/** Returns the tree with every indexable `*[filter]` reading its candidates instead of `*`. */
function rewrite(node: unknown, idx: () => Indexes): unknown {
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((n) => {
      const r = rewrite(n, idx);
      if (r !== n) changed = true;
      return r;
    });
    return changed ? out : node;
  }
  if (node === null || typeof node !== 'object') return node;
  const n = node as Node;
  if (n.type === 'Value') return node;
  let out: Node | null = null;
  for (const [k, v] of Object.entries(n)) {
    if (v === null || typeof v !== 'object') continue;
    const r = rewrite(v, idx);
    if (r !== v) {
      out ??= { ...n };
      out[k] = r;
    }
  }
  const result = out ?? n;
  if (result.type === 'Filter' && (result.base as Node | undefined)?.type === 'Everything') {
    const indexes = idx();
    // The parent's referrers first: a handful per document, where a type can hold thousands.
    const attr = parentReference(result.expr as Node);
    if (attr) return { ...result, base: referrersOfParent(attr) };
    const found = candidates(result.expr as Node, indexes);
    if (found) return { ...result, base: { type: 'Value', value: inDatasetOrder(found, indexes) } };
  }
  return result;
}

const inDatasetOrder = (docs: Iterable<unknown>, indexes: Indexes): unknown[] =>
  [...docs].sort((a, b) => indexes.position.get(a)! - indexes.position.get(b)!);

/**
 * The `_ref` prefix of a run-time referrers lookup. Real ids never hold NUL, and the random part
 * keeps a document's own `_ref` from ever matching, so only nodes this module builds can ask.
 */
const REFERRERS_REF = `\0referrers:${randomUUID()}:`;

/** `attr` when the filter is `references(^.attr)`, alone or under `&&`: its parent's attribute bounds the scan. */
function parentReference(expr: Node): string | null {
  switch (expr.type) {
    case 'Group':
      return parentReference(expr.base as Node);
    case 'And':
      return parentReference(expr.left as Node) ?? parentReference(expr.right as Node);
    case 'FuncCall': {
      const args = expr.args as Node[];
      if (expr.namespace !== 'global' || expr.name !== 'references' || args.length !== 1) return null;
      const [arg] = args as [Node];
      const base = arg.base as Node | undefined;
      return arg.type === 'AccessAttribute' && base?.type === 'Parent' && base.n === 1 && typeof arg.name === 'string'
        ? arg.name
        : null;
    }
    default:
      return null;
  }
}

/**
 * The filter's new base, evaluated where the filter is (so the parent is `@` there):
 * `coalesce({"_ref": REFERRERS_REF + @.attr}->, [])`. A parent without a string there gives no
 * candidates, as `references()` of a non-string matches nothing.
 */
const referrersOfParent = (attr: string): Node => ({
  type: 'FuncCall',
  namespace: 'global',
  name: 'coalesce',
  args: [
    {
      type: 'Deref',
      base: {
        type: 'Object',
        attributes: [
          {
            type: 'ObjectAttributeValue',
            name: '_ref',
            value: {
              type: 'OpCall',
              op: '+',
              left: { type: 'Value', value: REFERRERS_REF },
              right: { type: 'AccessAttribute', base: { type: 'This' }, name: attr },
            },
          },
        ],
      },
    },
    { type: 'Array', elements: [] },
  ],
});

/** The document with this `_id` (the first, as groq-js's own scan finds it), from the same index. */
export function documentById(docs: readonly unknown[], id: string): unknown {
  return indexesOf(docs).byId.get(id)?.[0] ?? null;
}

/**
 * What `ref->` gives over these documents: the document with that `_id` (the first, as groq-js's
 * own scan finds it), or for a run-time referrers lookup (see referrersOfParent) the documents
 * referencing the id, in dataset order.
 */
export function dereference(docs: readonly unknown[], ref: string): unknown {
  const indexes = indexesOf(docs);
  if (ref.startsWith(REFERRERS_REF))
    return inDatasetOrder(indexes.referrers.get(ref.slice(REFERRERS_REF.length)) ?? [], indexes);
  return documentById(docs, ref);
}

/** Nodes whose `expr` (or `args`) is evaluated once per element of `base`, with `@` bound to it. */
const SCOPES = new Set(['Filter', 'Map', 'FlatMap', 'Projection', 'PipeFuncCall']);
/** Functions that read the document in scope (`@`) without naming it, or the mutation being checked. */
const SCOPE_FUNCTIONS = new Set(['references', 'before', 'after', 'operation', 'changedAny', 'changedOnly', 'path']);

/** True when a node of one of these types is in the tree (a `Value`'s constant holds no nodes). */
const contains = (node: unknown, types: ReadonlySet<string>): boolean => {
  if (Array.isArray(node)) return node.some((n) => contains(n, types));
  if (node === null || typeof node !== 'object') return false;
  const n = node as Node;
  if (types.has(n.type)) return true;
  if (n.type === 'Value') return false;
  return Object.values(n).some((v) => v !== null && typeof v === 'object' && contains(v, types));
};
const PARENT = new Set(['Parent', 'Selector']);
const EVERYTHING = new Set(['Everything']);

/**
 * True when `node` gives the same value wherever it is evaluated in a query: it reads no `@`
 * (`This`, an attribute without a base, a scope function) outside the scopes it opens itself, and
 * no `^` at all (a conservative rule: `^` inside its own scopes is refused too).
 */
function closed(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(closed);
  if (node === null || typeof node !== 'object') return true;
  const n = node as Node;
  switch (n.type) {
    case 'Value':
    case 'Everything':
    case 'Parameter':
      return true;
    case 'This':
    case 'Parent':
    case 'Selector':
    case 'Context':
      return false;
    case 'AccessAttribute':
      return n.base !== undefined && n.base !== null && closed(n.base);
    case 'FuncCall':
      return !SCOPE_FUNCTIONS.has(n.name as string) && closed(n.args);
    default:
      if (SCOPES.has(n.type)) {
        const inner = n.type === 'PipeFuncCall' ? n.args : n.expr;
        return closed(n.base) && !contains(inner, PARENT);
      }
      return Object.entries(n).every(([k, v]) => k === 'type' || closed(v));
  }
}

const NOT_HOISTED = new Set([
  'Everything',
  'ObjectAttributeValue',
  'ObjectConditionalSplat',
  'ObjectSplat',
  'ArrayElement',
  'SelectAlternative',
]);

/**
 * Returns the tree with every subquery evaluated once per element of a scope (a `*` inside a
 * filter, projection or map) that reads nothing of that element replaced by its value, computed
 * with `run` (the caller's groq-js context). Other nodes are kept as they are.
 */
export async function hoistSubqueries(tree: ExprNode, run: (node: ExprNode) => Promise<unknown>): Promise<ExprNode> {
  const visit = async (node: unknown, repeated: boolean): Promise<unknown> => {
    if (Array.isArray(node)) {
      let changed = false;
      const out: unknown[] = [];
      for (const n of node) {
        const r = await visit(n, repeated);
        if (r !== n) changed = true;
        out.push(r);
      }
      return changed ? out : node;
    }
    if (node === null || typeof node !== 'object') return node;
    const n = node as Node;
    if (n.type === 'Value') return node;
    // A bare `*` stays: it is the base the index plan replaces. Wrappers (an object's attribute, an
    // array's element, a select's branch) are not expressions; their values are visited instead.
    if (repeated && !NOT_HOISTED.has(n.type) && contains(n, EVERYTHING) && closed(n))
      return { type: 'Value', value: await run(n as ExprNode) };
    let out: Node | null = null;
    for (const [k, v] of Object.entries(n)) {
      if (v === null || typeof v !== 'object') continue;
      const inner = SCOPES.has(n.type) && (k === 'expr' || k === 'args');
      const r = await visit(v, repeated || inner);
      if (r !== v) {
        out ??= { ...n };
        out[k] = r;
      }
    }
    return out ?? n;
  };
  return (await visit(tree, false)) as ExprNode;
}

/** The plan for one evaluation: the tree groq-js should run. Pure; indexes are cached per document list. */
export function planQuery(tree: ExprNode, docs: readonly unknown[]): ExprNode {
  return rewrite(tree, () => indexesOf(docs)) as ExprNode;
}

/**
 * `*[]{a, "b": c}` and `*{…}` answered without groq-js: each document becomes an object of the
 * named attributes (null when missing), and anything that is not an object becomes null, exactly
 * as groq-js projects. Returns undefined for any other query shape.
 */
export function directProjection(tree: ExprNode, docs: readonly unknown[]): unknown[] | undefined {
  const t = tree as unknown as Node;
  if (t.type !== 'Map') return undefined;
  const base = t.base as Node;
  if (base.type !== 'ArrayCoerce' || (base.base as Node).type !== 'Everything') return undefined;
  const proj = t.expr as Node;
  if (proj.type !== 'Projection' || (proj.base as Node).type !== 'This') return undefined;
  const obj = proj.expr as Node;
  if (obj.type !== 'Object') return undefined;
  const fields: [string, string][] = [];
  for (const a of obj.attributes as Node[]) {
    const value = a.value as Node;
    if (a.type !== 'ObjectAttributeValue' || typeof a.name !== 'string') return undefined;
    if (value.type !== 'AccessAttribute' || value.base || typeof value.name !== 'string') return undefined;
    fields.push([a.name, value.name]);
  }
  return docs.map((doc) => {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
    const out: Record<string, unknown> = {};
    for (const [key, attr] of fields) {
      const v = Object.hasOwn(doc, attr) ? (doc as Record<string, unknown>)[attr] : undefined;
      out[key] = v === undefined ? null : v;
    }
    return out;
  });
}
