// The Studio's Presentation tool asks the preview which document a page is about (mainDocuments)
// and which pages show a document (locations). Checked here against the bundled sample with
// the embedded service's GROQ and the site's own route table, so a renamed route or field breaks this, not an editor.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { runQuery } from '../../content-service/groq.ts';
import { locations, mainDocuments } from '../../studio/src/presentation/resolve.ts';
import { matchRoute } from '../../src/routes.ts';

const docs = readFileSync(new URL('../../content/sample/dataset.ndjson', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The documents a resolver's filter picks for a path, as Presentation evaluates it. */
async function mainDocumentFor(path: string): Promise<string[]> {
  for (const r of mainDocuments) {
    const routes = Array.isArray(r.route) ? r.route : [r.route];
    for (const route of routes) {
      const names: string[] = [];
      const re = new RegExp(`^${route.replace(/:(\w+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
      const m = re.exec(path);
      if (!m) continue;
      const params = Object.fromEntries(names.map((n, i) => [n, m[i + 1]!]));
      const ctx = { origin: 'http://127.0.0.1:3000', params, path };
      const filter = typeof r.filter === 'function' ? r.filter(ctx) : r.filter!;
      const extra = typeof r.params === 'function' ? r.params(ctx) : (r.params ?? {});
      // The embedded service's evaluator, which runs a subquery that reads nothing of its scope once, as hosted does.
      const ids = (await runQuery(`*[${filter}]._id`, docs, { params: extra })) as string[];
      // Presentation reads with a perspective: a draft and its published document are one document.
      return [...new Set(ids.map((id) => id.replace(/^drafts\./, '')))].sort();
    }
  }
  return [];
}

describe('Presentation: which document a page is about', () => {
  test('the landing pages, an English school page and its Spanish page', async () => {
    assert.deepEqual(await mainDocumentFor('/'), ['landingPage']);
    assert.deepEqual(await mainDocumentFor('/es/'), ['landingPage-es']);
    assert.deepEqual(await mainDocumentFor('/schools/lincoln-middle'), ['school-lincoln']);
    assert.deepEqual(await mainDocumentFor('/es/schools/lincoln-middle'), ['school-lincoln__i18n_es']);
    assert.deepEqual(await mainDocumentFor('/schools/no-such-school'), []);
  });
});

describe('Presentation: which pages show a document', () => {
  const resolveOf = (type: 'school' | 'landingPage' | 'siteSettings') => {
    const r = (locations as unknown as Record<string, unknown>)[type] as {
      resolve: (doc: Record<string, unknown>) => unknown;
    };
    return r.resolve;
  };
  const hrefs = (got: unknown) => ((got as { locations?: { href: string }[] }).locations ?? []).map((l) => l.href);

  test("a school: both editions of its page and the landing grid, each a page the site's routes know", () => {
    const got = hrefs(resolveOf('school')({ title: 'Lincoln Middle School', slug: 'lincoln-middle' }));
    assert.deepEqual(got, ['/schools/lincoln-middle', '/es/schools/lincoln-middle', '/']);
    assert.deepEqual(
      got.map((h) => matchRoute(h).page),
      ['school', 'school', 'landing'],
    );
    // A translation has no slug of its own: a message instead of a wrong address.
    const message = (doc: Record<string, unknown>) =>
      String((resolveOf('school')(doc) as { message?: string }).message);
    assert.match(message({ title: 'X', language: 'es' }), /English school/);
    // A new English school has none yet: what to do, not a word about Spanish.
    assert.match(message({ title: 'X', language: 'en' }), /Generate/);
    assert.doesNotMatch(message({ title: 'X' }), /es\/|Spanish|translation/);
  });

  test('the landing page in its language; the settings on every page', () => {
    assert.deepEqual(hrefs(resolveOf('landingPage')({ language: 'es' })), ['/es/']);
    assert.deepEqual(hrefs(resolveOf('landingPage')({})), ['/']);
    assert.deepEqual(hrefs(resolveOf('siteSettings')({ language: 'en' })), ['/', '/es/']);
  });
});
