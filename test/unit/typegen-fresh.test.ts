// studio/schema.json and src/lib/content/sanity.types.ts are generated but committed (the site's
// type-check needs them without running the Studio). This regenerates both into a temp dir with
// the same script as `npm run typegen` and fails when the committed ones differ: a schema or query
// change without `npm run typegen` cannot pass npm test.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('generated schema and types', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'typegen-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  let generated = false;

  it('regenerate without errors', { timeout: 180_000 }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'studio/scripts/typegen.ts'), '--out', tmp], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    generated = true;
  });

  it('studio/schema.json is current, and defines the eight documents and seven blocks', () => {
    assert.ok(generated);
    const committed = readFileSync(join(ROOT, 'studio/schema.json'), 'utf8');
    assert.ok(
      readFileSync(join(tmp, 'schema.json'), 'utf8') === committed,
      'studio/schema.json is stale: run `npm run typegen` and commit',
    );
    const types = JSON.parse(committed) as { name: string; type: string }[];
    const documents = types
      .filter((t) => t.type === 'document' && !t.name.startsWith('sanity.'))
      .map((t) => t.name)
      .sort();
    assert.deepEqual(documents, [
      'accordion',
      'highlight',
      'landingPage',
      'quote',
      'school',
      'siteSettings',
      'translation.metadata',
      'video',
      'vocabularyTerm',
    ]);
    const names = new Set(types.map((t) => t.name));
    for (const block of [
      'content',
      'photo',
      'photos',
      'accordionSection',
      'videoTestimonial',
      'highlightSection',
      'tagList',
      'section',
    ]) {
      assert.ok(names.has(block), `schema.json has no ${block}`);
    }
  });

  it('src/lib/content/sanity.types.ts is current, with a result type for every query', () => {
    assert.ok(generated);
    const committed = readFileSync(join(ROOT, 'src/lib/content/sanity.types.ts'), 'utf8');
    // TypeGen names the schema file it read; the temp copy's path is the one expected difference.
    const fresh = readFileSync(join(tmp, 'sanity.types.ts'), 'utf8').replace(
      /^\/\/ Source: .*schema\.json$/m,
      '// Source: schema.json',
    );
    assert.ok(fresh === committed, 'src/lib/content/sanity.types.ts is stale: run `npm run typegen` and commit');
    for (const name of [
      'NavigationSchoolsQueryResult',
      'LandingSchoolsQueryResult',
      'SchoolBySlugQueryResult',
      'ExportContentQueryResult',
      'ExportChangedQueryResult',
    ]) {
      assert.match(committed, new RegExp(`export type ${name} =`));
    }
  });
});
