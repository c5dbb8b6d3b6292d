// The content limits cut what one document could do to its pages (in a red-team review a span with 2000
// links overflowed the renderer's stack, a 50 MB description made 105 MB pages): each cut is made
// where it must be, reported with its field, and content within the limits is left as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTENT_LIMITS, limitContent } from '../../src/build/content-limits.ts';
import { readDataset, SAMPLE } from '../integration/export-helpers.ts';

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: 's', text, marks });
const body = (...children: object[]) => [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children }];

test('content within the limits is returned as it is: the same object, no breaches (every sample document)', () => {
  for (const doc of readDataset(SAMPLE)) {
    const { value, breaches } = limitContent(doc);
    assert.equal(value, doc, String(doc._id));
    assert.deepEqual(breaches, [], String(doc._id));
  }
});

test('a text over the length limit is cut, and the breach names its field', () => {
  const doc = { _id: 'x', title: 'T', seoDescription: 'd'.repeat(50 * 1024 * 1024) };
  const { value, breaches } = limitContent(doc);
  assert.equal(value.seoDescription.length, CONTENT_LIMITS.textLength);
  assert.equal(value.title, 'T');
  assert.equal(doc.seoDescription.length, 50 * 1024 * 1024, 'the input is not changed');
  assert.deepEqual(
    breaches.map((b) => b.field),
    ['seoDescription'],
  );
  assert.match(breaches[0]!.problem, /longer than 10000 characters/);
});

test('a cut never splits a character in two', () => {
  const text = `${'a'.repeat(CONTENT_LIMITS.textLength - 1)}😀😀`;
  const { value } = limitContent({ text });
  assert.equal(value.text.length, CONTENT_LIMITS.textLength - 1);
  assert.doesNotMatch(value.text, /[\ud800-\udbff]$/, 'no half of a surrogate pair at the end');
});

test('one field holds at most fieldSize characters and items in all: the rest is dropped', () => {
  const blocks = Array.from({ length: 200 }, (_, i) => ({
    _key: `k${i}`,
    _type: 'content',
    body: body(span('x'.repeat(9000))),
  }));
  const doc = { _id: 'x', sectionRepeater: [{ _key: 's', _type: 'section', blocks }], title: 'Short' };
  const { value, breaches } = limitContent(doc);
  const size = JSON.stringify(value.sectionRepeater).length;
  assert.ok(size < CONTENT_LIMITS.fieldSize * 1.5, `sectionRepeater is ${size} characters`);
  assert.ok(value.sectionRepeater[0]!.blocks.length < 20);
  assert.equal(value.title, 'Short', 'other fields have their own budget');
  assert.deepEqual(
    breaches.map((b) => [b.field, /in all/.test(b.problem)]),
    [['sectionRepeater', true]],
  );
});

test('a span keeps at most marksPerSpan marks', () => {
  const marks = Array.from({ length: 2000 }, (_, i) => `l${i}`);
  const doc = { _id: 'x', tourDescription: body(span('linked', marks)) };
  const { value, breaches } = limitContent(doc);
  assert.deepEqual(
    (value.tourDescription[0]!.children[0] as { marks: string[] }).marks,
    marks.slice(0, CONTENT_LIMITS.marksPerSpan),
  );
  assert.deepEqual(breaches, [
    { field: 'tourDescription', problem: 'a span with more than 16 marks: the further marks are dropped' },
  ]);
});

test('a value nested 100 000 deep is cut at the depth limit without overflowing the stack', () => {
  let deep: unknown = 'bottom';
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  const doc = { _id: 'x', sectionRepeater: [{ _key: 's', blocks: [{ _key: 'b', _type: 'photo', evil: deep }] }] };
  const { value, breaches } = limitContent(doc);
  let depth = 0;
  for (let v: unknown = value.sectionRepeater; v && typeof v === 'object'; depth++)
    v = Array.isArray(v)
      ? v[0]
      : ((v as Record<string, unknown>).evil ??
        (v as Record<string, unknown>).blocks ??
        (v as Record<string, unknown>).a);
  assert.equal(depth, CONTENT_LIMITS.depth);
  assert.deepEqual(
    breaches.map((b) => b.field),
    ['sectionRepeater'],
  );
  assert.match(breaches[0]!.problem, /nested deeper than 24 levels/);
});

test('a "__proto__" field stays plain data when a document is copied', () => {
  const doc = JSON.parse(`{"__proto__": {"polluted": true}, "t": "${'x'.repeat(CONTENT_LIMITS.textLength + 1)}"}`);
  const { value } = limitContent(doc);
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, '__proto__'));
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
