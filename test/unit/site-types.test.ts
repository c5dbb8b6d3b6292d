// One list of the document types the site reads (siteTypes in src/lib/content/queries.ts): the export's
// incremental read compares their revisions, and the publish webhook's filter (docs/deploying.md,
// the workflow) rebuilds on them. Publishing the landing page or the settings once waited for the
// nightly run because the filter named only the school's types.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths.ts';
import * as queries from '../../src/lib/content/queries.ts';

const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');
const schema = JSON.parse(read('studio/schema.json')) as { name: string; type: string }[];

describe('the types the site reads', () => {
  it("are the schema's content documents: every one a query filters on or a school page dereferences", () => {
    const content = schema
      .filter((t) => t.type === 'document' && !t.name.startsWith('sanity.'))
      .map((t) => t.name)
      .sort();
    assert.deepEqual([...queries.SITE_TYPES].sort(), content);
    const text = Object.values(queries)
      .filter((v: unknown): v is string => typeof v === 'string')
      .join('\n');
    for (const type of text.match(/_type == "([\w.]+)"/g)!.map((m) => m.slice(10, -1)))
      if (schema.some((t) => t.name === type && t.type === 'document'))
        assert.ok(queries.SITE_TYPES.includes(type), `${type} is read by a query but not in siteTypes`);
  });

  it("bound the incremental read's revisions and referrers", () => {
    assert.match(queries.revisionsQuery, /^\*\[_type in \[/);
    assert.ok(queries.revisionsQuery.includes(queries.siteTypes));
    assert.ok(queries.referrersQuery.includes(queries.siteTypes));
  });

  it("are the publish webhook's filter in docs/deploying.md and the workflow", () => {
    const filter = `_type in ${queries.siteTypes}`;
    assert.ok(read('docs/deploying.md').includes(`\`${filter}\``), 'docs/deploying.md names another filter');
    assert.ok(read('.github/workflows/export.yml').includes(filter), 'the workflow names another filter');
  });
});
