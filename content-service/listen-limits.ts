// What keeps listen filters cheap before they run. A listener's filter runs twice per change (the
// document before and after), for every open stream, so a filter whose cost multiplies (an array
// traversal building arrays that another traversal walks) made every change cost 22 s with a 1 KB
// parameter. Filters are therefore bounded by their shape before a stream opens, the way the hosted
// listener takes simple filters only (no joins, projections ignored); what a filter costs at run
// time (a backtracking `match`) is bounded by its deadline and budget in filter-pool.ts.
import type { ExprNode } from 'groq-js';

/** Nodes that evaluate their body once per element of their base. */
const ITERATING = new Set(['Map', 'FlatMap', 'Filter', 'Projection', 'PipeFuncCall']);

/**
 * What the body of a traversal inside the filter may hold: the element's own fields compared with
 * scalars or short lists, so each element costs a constant. An array walked there (a traversal, a
 * long list for `in`, a subquery) would multiply with the traversal around it.
 */
const PER_ELEMENT = new Set([
  'This',
  'Parent',
  'AccessAttribute',
  'AccessElement',
  'Value',
  'Parameter',
  'OpCall',
  'And',
  'Or',
  'Not',
  'Neg',
  'Pos',
  'Group',
  'FuncCall',
  'Array',
  'ArrayElement',
  'Object',
  'ObjectAttributeValue',
]);

/** Functions whose cost does not grow with an array argument. */
const SCALAR_FUNCTIONS = new Set(['defined', 'lower', 'upper', 'string', 'length', 'coalesce', 'now']);

/** Longest list a per-element comparison may test against (`@ in ["a", "b"]`). */
const SHORT_LIST = 32;

type Node = { type: string; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

const isShortValue = (v: unknown): boolean =>
  typeof v !== 'object' ||
  v === null ||
  (Array.isArray(v) && v.length <= SHORT_LIST && v.every((x) => typeof x !== 'object' || x === null));

/** The parts of an iterating node that run once per element. */
const bodiesOf = (node: Node): unknown[] =>
  node.type === 'PipeFuncCall' ? ((node.args as unknown[]) ?? []) : [node.expr];

const TOO_COSTLY =
  'a listen filter may not walk an array, a long list or a subquery inside an array traversal, filter or projection; listen for the documents and query the details';

/**
 * Why a listen filter is too costly to run per change, or null. The root filter's condition may
 * traverse arrays; inside such a traversal only per-element comparisons are allowed.
 */
export function listenFilterProblem(tree: ExprNode): string | null {
  const stack: [unknown, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [value, level] = stack.pop()!;
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, level]);
      continue;
    }
    if (!isNode(value)) continue;
    if (level > 1) {
      // `{…}` of the element itself is an object built from its fields, checked like them.
      const ownProjection = value.type === 'Projection' && isNode(value.base) && value.base.type === 'This';
      if (!PER_ELEMENT.has(value.type) && !ownProjection) return TOO_COSTLY;
      if (value.type === 'Value' && !isShortValue(value.value)) return TOO_COSTLY;
      if (value.type === 'Array' && (value.elements as unknown[]).length > SHORT_LIST) return TOO_COSTLY;
      if (value.type === 'FuncCall' && !SCALAR_FUNCTIONS.has(String(value.name))) return TOO_COSTLY;
    }
    const bodies = ITERATING.has(value.type) ? bodiesOf(value) : [];
    for (const [key, child] of Object.entries(value)) {
      if (key === 'type' || key === 'value') continue;
      stack.push([child, bodies.includes(child) ? level + 1 : level]);
    }
  }
  return null;
}
