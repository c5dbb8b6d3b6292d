// The export's incremental read follows references back SCHOOL_REFERENCE_DEPTH hops from a changed
// document. If the school projection ever dereferences deeper, a change that far away would leave
// a page stale without any test noticing, so this measures the projection's deepest `->` chain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'groq-js';
import { SCHOOL_REFERENCE_DEPTH, schoolFields, translatedSchoolFields } from '../../src/lib/content/queries.ts';

type Node = { type?: string; [k: string]: unknown };

/** Hops from the dataset of the value `node` yields, with `this` at `ctx` hops; `deepest` records every dereference. */
function hops(node: unknown, ctx: number, deepest: { max: number }): number {
  if (Array.isArray(node)) return Math.max(ctx, ...node.map((n) => hops(n, ctx, deepest)));
  if (!node || typeof node !== 'object') return ctx;
  const n = node as Node;
  switch (n.type) {
    case 'Everything':
      return 0;
    case 'Deref': {
      const h = hops(n.base, ctx, deepest) + 1;
      deepest.max = Math.max(deepest.max, h);
      return h;
    }
    case 'Projection':
    case 'Map':
    case 'Filter': {
      const base = hops(n.base, ctx, deepest);
      const inner = hops(n.expr, base, deepest);
      return n.type === 'Filter' ? base : inner;
    }
    default: {
      let h = ctx;
      for (const [k, v] of Object.entries(n))
        if (k !== 'type' && v && typeof v === 'object') h = Math.max(h, hops(v, ctx, deepest));
      return h;
    }
  }
}

const depthOf = (query: string): number => {
  const deepest = { max: 0 };
  hops(parse(query), 0, deepest);
  return deepest.max;
};

test('the school projection dereferences exactly SCHOOL_REFERENCE_DEPTH hops deep', () => {
  assert.equal(depthOf(`*[_type == "school"]{ ${schoolFields} }`), SCHOOL_REFERENCE_DEPTH);
});

test('a translation dereferences no deeper from its own document (the export reaches it through translation.metadata)', () => {
  assert.equal(depthOf(`*[_type == "school"]{ ${translatedSchoolFields} }`), SCHOOL_REFERENCE_DEPTH);
});

test('the depth measure counts chained and nested dereferences', () => {
  assert.equal(depthOf('*[]{ a }'), 0);
  assert.equal(depthOf('*[]{ "q": quote->text }'), 1);
  assert.equal(depthOf('*[]{ "q": quote->{ "s": school->title } }'), 2);
  assert.equal(depthOf('*[]{ "q": quote->school->district->name }'), 3);
  assert.equal(
    depthOf('*[]{ "b": blocks[]{ _type == "x" => { "h": items[]->{ "t": tag->{ "c": cat->name } } } } }'),
    3,
  );
});
