// The embedded service's query indexes must never change an answer: every site query and a corpus
// of filters, run through the planned path, give exactly what plain groq-js gives over the same
// documents (the sample dataset plus awkward documents: non-objects, nested and odd references,
// duplicate ids), and the plan really narrows what groq-js scans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse, type ExprNode } from 'groq-js';
import { directProjection, hoistSubqueries, planQuery } from '../../content-service/query-plan.ts';
import * as queries from '../../src/lib/content/queries.ts';
import { REPO_ROOT } from '../../core/paths.ts';
import { groqAnswers, type Query } from './helpers/groq-answers.ts';

const sample = readFileSync(path.join(REPO_ROOT, 'content/sample/dataset.ndjson'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);

const awkward: unknown[] = [
  null,
  'a string',
  42,
  [{ _ref: 'quote-lincoln-1' }],
  { _id: 'odd-1', _type: 'school', nested: { deep: [{ x: { _ref: 'school-lincoln-middle' } }] } },
  { _id: 'odd-2', _type: 'quote', _ref: 'school-riverside', inner: { _ref: 'never-seen' } },
  { _id: 'odd-3', _type: 'school', ref: { _ref: 42 }, weak: { _ref: 'school-riverside', _weak: true } },
  { _id: 'odd-1', _type: 'highlight', dup: true },
  { _type: 'school', title: 'no id' },
  { _id: 'odd-4', _type: 7, _rev: 'r4' },
];
const docs: unknown[] = [...sample, ...awkward];

const ids = ['school-lincoln-middle', 'quote-lincoln-1', 'school-riverside', 'odd-1', 'missing'];
const CORPUS: Query[] = [
  ['*[]{ _id, _rev }', {}],
  ['*{ _id, "t": _type, nope }', {}],
  ['*[references($ids)]._id', { ids }],
  ['*[references("school-riverside", $ids)]{_id}', { ids }],
  ['*[references([])]._id', {}],
  ['*[references(["school-riverside", "odd-1"])]._id', {}],
  ['*[_id in ["odd-1", 2]]._id', {}],
  ['*[_type == "school"]._id', {}],
  ['*["quote" == _type && defined(school)]._id', {}],
  ['*[_id == "odd-1"]', {}],
  ['*[_id in $ids]{_id, _type}', { ids }],
  ['*[_type == "school" && (_id in $ids || references($ids))] | order(_id asc) {_id}', { ids }],
  ['*[_type == "school" || _type == "quote"]._id', {}],
  ['*[_type == "school" || defined(title)]._id', {}],
  ['*[!(_type == "school")]._id', {}],
  ['*[_type == "quote"]{ "refs": *[references(^._id)]._id }', {}],
  ['count(*[_type == "sanity.imageAsset"])', {}],
  ['*[_type == $t][0...3]._id', { t: 'school' }],
  ['*[_type == 7]._id', {}],
  ['{"a": *[_type == "video"]._id, "b": *[_id in ["odd-4"]]._rev}', {}],
  // Subqueries inside a filter or projection: hoisted when they read nothing of the element in scope.
  ['*[_type == "school" && _id in *[_type == "quote"].school._ref]._id', {}],
  ['*[_id in *[references($ids)]._id]{_id}', { ids }],
  ['*[_type == "quote"]{ _id, "n": count(*[_type == "school"]), "mine": *[_id == ^.school._ref][0]._id }', {}],
  ['*[_type == "school" && count(*[references(^._id)]) > 0]._id', {}],
  ['*[_type == "school" && _id in *[_type == "quote" && references(@._id)].school._ref]._id', {}],
  ['*[_type == "school"] | order(_id asc) { _id, "v": *[_type == "video"] | order(_id desc) [0]._id }', {}],
  ['*[_type == "school" && _id in *[_type == "quote"] | order(_id asc) [0...2].school._ref]._id', {}],
  ['*[_type == "quote"]{ "same": *[_type == "quote" && _id == ^._id]._id, "all": *[]._type }', {}],
  // A filter bounded by the parent's references (read at run time from the referrers index).
  ['*[_type == "school"]{ _id, "quotes": *[_type == "quote" && references(^._id)]._id }', {}],
  ['*[_type == "school"]{ "r": *[references(^._id)] | order(_id asc) {_id, _type} }', {}],
  ['*[_type == "school"]{ "r": *[(references(^._id)) && defined(quote)][0]._id }', {}],
  ['*[defined(_id)]{ "byRev": *[references(^._rev)]._id, "byTitle": *[references(^.title)]._id }', {}],
  [
    '*[_type == "quote"]{ "odd": *[references(^.school._ref)]._id, "x": *[references(^._id) || _id == "odd-1"]._id }',
    {},
  ],
  ['*[_type == "school"]{ "s": *[_type == "school" && references(^._id)]{ "q": *[references(^._id)]._id } }', {}],
];

test('planned queries answer exactly as plain groq-js: the site queries and a corpus of filters', async () => {
  const site: Query[] = [
    [queries.exportContentQuery, {}],
    [queries.exportChangedQuery, { ids }],
    [queries.referrersQuery, { ids }],
    [queries.revisionsQuery, {}],
    [queries.schoolBySlugQuery, { slug: 'lincoln-middle' }],
    [queries.schoolByIdQuery, { id: 'school-lincoln-middle' }],
    [queries.schoolIdsBySlugQuery, { slug: 'riverside' }],
    [queries.draftLookupQuery, { draftId: 'drafts.school-lincoln-middle' }],
    [queries.navigationSchoolsQuery, {}],
    [queries.landingSchoolsQuery, {}],
  ];
  const all = [...site, ...CORPUS];
  const answers = await groqAnswers(docs, all);
  assert.equal(answers.length, all.length);
  for (const [i, [q]] of all.entries()) assert.deepEqual(answers[i]!.planned, answers[i]!.plain, q);
});

test('the plan narrows the scan: filters read their candidates, projections skip groq-js', () => {
  const planned = planQuery(parse('*[_type == "quote" && references($ids)]', { params: { ids } }), docs) as unknown as {
    base: { type: string; value: unknown[] };
  };
  assert.equal(planned.base.type, 'Value');
  assert.ok(planned.base.value.length > 0 && planned.base.value.length < 10, `${planned.base.value.length} candidates`);
  const scan = planQuery(parse('*[defined(title)]'), docs) as unknown as { base: { type: string } };
  assert.equal(scan.base.type, 'Everything', 'an unindexed filter still scans everything');
  assert.equal(directProjection(parse('*[]{_id, "x": _rev}'), docs)?.length, docs.length);
  // Bounded by the parent's references: the filter's `*` becomes a run-time lookup in the referrers index.
  const perSchool = planQuery(parse('*[_type == "school"]{ "q": *[_type == "quote" && references(^._id)] }'), docs);
  const inner = (perSchool as unknown as { expr: { expr: { attributes: { value: { base: { type: string } } }[] } } })
    .expr.expr.attributes[0]!.value;
  assert.equal(inner.base.type, 'FuncCall', 'the per-school filter reads its candidates, not every document');
});

test('a subquery that reads nothing of the element in scope is evaluated once, and then narrows the scan', async () => {
  const runs: string[] = [];
  const run = async (node: ExprNode) => {
    runs.push(node.type);
    return (await evaluate(node, { dataset: docs })).get();
  };
  const tree = parse(
    '*[_type == "school" && _id in *[_type == "quote" && _id == "quote-aspen-ridge-1"].school._ref]{ "q": *[_id == ^.featuredQuote._ref][0] }',
  );
  const hoisted = await hoistSubqueries(tree, run);
  assert.equal(runs.length, 1, 'the uncorrelated subquery, once; the one reading ^ stays');
  const planned = planQuery(hoisted, docs) as unknown as { base: { base: { type: string; value: unknown[] } } };
  assert.equal(planned.base.base.type, 'Value');
  const schools = docs.filter((d) => (d as { _type?: string } | null)?._type === 'school').length;
  assert.equal(planned.base.base.value.length, 1, `${planned.base.base.value.length} of ${schools} schools scanned`);
  const top = parse('{"a": *[_type == "school"]._id, "b": count(*)}');
  assert.equal(await hoistSubqueries(top, run), top, 'a query evaluated once anyway is left to the plan');
  assert.equal(runs.length, 1);
  assert.equal(directProjection(parse('*[]{_id, "x": a.b}'), docs), undefined);
});
