// GROQ for the embedded service, delegated to groq-js (the reference implementation) so the
// site's queries behave as they do on the hosted service. This module only adds what the hosted
// API does around evaluation: Sanity-shaped parse errors and a 400 for a parameter the query
// uses but the request did not send (groq-js would silently read it as null).
import { evaluate, parse, type DereferenceFunction, type ExprNode } from 'groq-js';
import { dereference, directProjection, hoistSubqueries, planQuery } from './query-plan.ts';

/**
 * Longest GET request URL (query and parameters) the service takes. Hosted: "we've put the max
 * limit on GET queries at 11 KB", which is also where @sanity/client switches to POST (URLs from
 * 11264 characters).
 */
export const MAX_QUERY_BYTES = 11 * 1024;

/**
 * Longest query text sent by POST (the hosted API documents none; queries of this site are under
 * 1.5 KB). Parsing is the cost it bounds: groq-js takes ~0.4 s for 11 KB of `1+1+…`, ~4 s for 32 KB,
 * and 39 s for 100 KB, and it does so in a query worker under the time budget.
 */
export const MAX_POST_QUERY_BYTES = 32 * 1024;

/** A client-side query problem, answered as HTTP 400 in the hosted API's error shape. */
export class QueryError extends Error {
  constructor(
    readonly description: string,
    readonly query: string,
    readonly start: number,
    readonly end: number,
    readonly type: 'queryParseError' | 'queryExecutionError' = 'queryParseError',
  ) {
    super(description);
    this.name = 'QueryError';
  }

  /** The body @sanity/client turns into a "GROQ query parse error" with a code frame. */
  toBody(): { error: { description: string; query: string; start: number; end: number; type: string } } {
    return {
      error: { description: this.description, query: this.query, start: this.start, end: this.end, type: this.type },
    };
  }
}

function collectParams(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectParams(n, out);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const rec = node as Record<string, unknown>;
  if (rec.type === 'Parameter' && typeof rec.name === 'string') out.add(rec.name);
  for (const v of Object.values(rec)) if (typeof v === 'object' && v !== null) collectParams(v, out);
}

/** Parses a query; throws QueryError for syntax errors, unknown functions and missing params. */
export function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  let tree: ExprNode;
  try {
    tree = parse(query, { params });
  } catch (err) {
    const e = err as Error & { position?: number };
    const description = e.message.replace(/^Syntax error in GROQ query at position \d+: /, '');
    const start = typeof e.position === 'number' ? e.position : 0;
    throw new QueryError(description, query, start, typeof e.position === 'number' ? start + 1 : query.length);
  }
  const used = new Set<string>();
  collectParams(tree, used);
  for (const name of used) {
    if (!(name in params)) {
      const at = Math.max(0, query.indexOf(`$${name}`));
      throw new QueryError(`param $${name} referenced, but not provided`, query, at, at + name.length + 1);
    }
  }
  return tree;
}

export interface EvalContext {
  params: Record<string, unknown>;
  identity?: string;
  projectId?: string;
  dataset?: string;
}

/**
 * `->` lookups by _id. groq-js alone scans the whole dataset for every reference, which made the
 * export's one expanded query quadratic in the district's size (10 s for 1000 schools); the planner's
 * per-list index (the store caches its views, so one per perspective and version) keeps it linear.
 */
const dereferencer =
  (docs: readonly unknown[]): DereferenceFunction =>
  ({ _ref }) =>
    dereference(docs, _ref) as ReturnType<DereferenceFunction>;

/** Below this many documents a scan is cheaper than building indexes (listen tests one document at a time). */
const PLAN_FROM = 32;

/** Evaluates a parsed query over documents; runtime failures become queryExecutionError. */
export async function evaluateQuery(
  tree: ExprNode,
  query: string,
  docs: readonly unknown[],
  ctx: EvalContext,
): Promise<unknown> {
  try {
    const direct = directProjection(tree, docs);
    if (direct) return direct;
    const options = {
      dataset: docs,
      dereference: dereferencer(docs),
      params: ctx.params,
      timestamp: new Date(),
      identity: ctx.identity ?? '',
      sanity: { projectId: ctx.projectId ?? 'embedded', dataset: ctx.dataset ?? 'production' },
    };
    if (docs.length <= PLAN_FROM) return await (await evaluate(tree, options)).get();
    const hoisted = await hoistSubqueries(tree, async (node) => (await evaluate(planQuery(node, docs), options)).get());
    return await (await evaluate(planQuery(hoisted, docs), options)).get();
  } catch (err) {
    throw new QueryError((err as Error).message, query, 0, query.length, 'queryExecutionError');
  }
}

/** Runs a query text end to end. */
export async function runQuery(query: string, docs: readonly unknown[], ctx: EvalContext): Promise<unknown> {
  return evaluateQuery(parseQuery(query, ctx.params), query, docs, ctx);
}

/**
 * True when a listen query selects this one document. Listen queries are filters such as
 * `*[_type == "school" && _id in $ids]`, so evaluating over a one-document dataset answers it.
 */
export async function selects(tree: ExprNode, query: string, doc: unknown, ctx: EvalContext): Promise<boolean> {
  if (doc === null || doc === undefined) return false;
  const result = await evaluateQuery(tree, query, [doc], ctx);
  return Array.isArray(result) ? result.length > 0 : result !== null && result !== undefined;
}
