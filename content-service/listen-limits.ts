// What keeps listen streams cheap. A listener's filter runs on the event loop twice per change (the
// document before and after), for every open stream, so a filter whose cost multiplies (an array
// traversal building arrays that another traversal walks) froze the service for 22 s per patch with
// a 1 KB parameter. Filters are therefore bounded by their shape before a stream opens, the way the
// hosted listener takes simple filters only (no joins, projections ignored); and streams are shared
// out per address, with room kept for the token holder (the preview's own upstream).
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

/** Open streams by who holds them: anonymous ones per address, within what the token holder leaves. */
export class ListenerSeats {
  private readonly byAddress = new Map<string, number>();
  private anonymous = 0;
  private total = 0;

  constructor(
    /** Streams open at once, every client together. */
    readonly max: number,
    /** Anonymous streams one address may hold. */
    readonly perAddress: number,
    /** Seats only a token holder may take. */
    readonly reserved = Math.floor(max / 10),
  ) {}

  /** Takes a seat, or says why none is left; the returned function gives it back (once). */
  take(address: string, editor: boolean): (() => void) | string {
    if (this.total >= this.max) return `Max listener limit exceeded at ${this.max}`;
    if (!editor) {
      if (this.anonymous >= this.max - this.reserved)
        return `Max listener limit exceeded at ${this.max - this.reserved} for requests without a token`;
      if ((this.byAddress.get(address) ?? 0) >= this.perAddress)
        return `Max listener limit exceeded at ${this.perAddress} per address for requests without a token`;
      this.anonymous++;
      this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    }
    this.total++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total--;
      if (editor) return;
      this.anonymous--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}
