// The benchmark's synthetic district must be a dataset the site accepts, or the export figures
// measure error handling instead of rendering: N=20 schools in the content-model format, every
// reference resolvable, images and the vocabulary shared (not copied per school), slugs unique and valid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_TEMPLATE_DIR, generateDataset, readNdjson } from '../../bench/gen-dataset.ts';
import { slugProblem } from '../../src/lib/slug.ts';
import { parseAssetRef } from '../../src/lib/images/image-ref.ts';

const refsOf = (value: unknown, out: string[] = []): string[] => {
  if (Array.isArray(value)) for (const v of value) refsOf(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o._type === 'reference' && typeof o._ref === 'string') out.push(o._ref);
    for (const v of Object.values(o)) refsOf(v, out);
  }
  return out;
};

test('N=20 gives 20 published schools in the dataset-folder format with every reference resolvable', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-gen-test-'));
  try {
    const result = generateDataset({ n: 20, outDir: dir, seed: 7 });
    const docs = readNdjson(path.join(dir, 'dataset.ndjson'));
    const byId = new Map(docs.map((d) => [d._id, d]));
    assert.equal(byId.size, docs.length, 'document ids are unique');

    const schools = docs.filter((d) => d._type === 'school' && !d._id.startsWith('drafts.') && d.language !== 'es');
    assert.equal(schools.length, 20);
    // The sample's translated schools are cloned with their Spanish translation, linked like the sample's.
    const translations = docs.filter((d) => d._type === 'school' && d.language === 'es');
    assert.ok(translations.length > 0 && translations.length < 20, `${translations.length} translations`);
    assert.equal(docs.filter((d) => d._type === 'translation.metadata').length, translations.length);
    assert.equal(result.schools, 20);
    const slugs = schools.map((s) => (s.slug as { current: string }).current);
    assert.equal(new Set(slugs).size, 20, 'slugs are unique');
    for (const slug of slugs) assert.equal(slugProblem(slug), null, slug);
    for (const s of schools) {
      assert.match(String(s.title), /Middle School \d+$/);
      assert.ok(Array.isArray(s.sectionRepeater) && s.sectionRepeater.length > 0, `${s._id} has sections`);
    }

    // Block variety comes from the templates: several block types appear across the district.
    const blockTypes = new Set(
      schools.flatMap((s) =>
        (s.sectionRepeater as { blocks?: { _type: string }[] }[]).flatMap((sec) =>
          (sec.blocks ?? []).map((b) => b._type),
        ),
      ),
    );
    for (const t of [
      'content',
      'photo',
      'photos',
      'accordionSection',
      'highlightSection',
      'tagList',
      'videoTestimonial',
    ])
      assert.ok(blockTypes.has(t), `block type ${t} present`);

    // Every document reference of a generated school points at a document of that school's own clone set.
    const images = new Set(readdirSync(path.join(dir, 'images')));
    for (const s of schools) {
      for (const ref of refsOf(s)) {
        if (ref.startsWith('image-')) {
          const info = parseAssetRef(ref);
          assert.ok(info, ref);
          assert.ok(byId.has(ref), `asset document ${ref}`);
          assert.ok(images.has(`${info.hash}-${info.width}x${info.height}.${info.ext}`), `image file for ${ref}`);
        } else {
          assert.ok(byId.has(ref), `${s._id} -> ${ref} resolves`);
          // The district's vocabulary is one set every school names, as in a real district.
          if (byId.get(ref)?._type === 'vocabularyTerm') continue;
          assert.ok(ref.endsWith(s._id.replace('school-gen', '-gen')), `${ref} is cloned for ${s._id}`);
        }
      }
    }
    // Images are shared: no more image files than the template has, however many schools.
    assert.equal(images.size, readdirSync(path.join(DEFAULT_TEMPLATE_DIR, 'images')).length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the same seed gives the same dataset; n must be a positive integer', () => {
  const a = mkdtempSync(path.join(tmpdir(), 'bench-gen-a-'));
  const b = mkdtempSync(path.join(tmpdir(), 'bench-gen-b-'));
  try {
    generateDataset({ n: 5, outDir: a, seed: 3 });
    generateDataset({ n: 5, outDir: b, seed: 3 });
    assert.deepEqual(readNdjson(path.join(a, 'dataset.ndjson')), readNdjson(path.join(b, 'dataset.ndjson')));
    assert.throws(() => generateDataset({ n: 0, outDir: a }), /positive integer/);
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
});
