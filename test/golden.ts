// `npm run golden`: regenerates the two golden files after an intended change, in one step.
// - test/fixtures/sample-export.json: the sample exported three ways (plain, --site-url, --base),
//   reduced to each file's path and hash (test/integration/helpers/sample-export.ts), at the fixed
//   export time the test uses;
// - test/fixtures/queries-before.json: the text of every GROQ query and fragment the site sends
//   (src/lib/content/queries.ts), which test/unit/queries-text.test.ts pins.
// Review the diff before committing it: every changed line is an output families get.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as queries from '../src/lib/content/queries.ts';
import { cleanEnv, removeDir, runExport, SAMPLE, tempDir } from './integration/export-helpers.ts';
import { FIXTURE, normalisedTree, SAMPLE_EXPORT_EPOCH, VARIANTS } from './integration/helpers/sample-export.ts';

const QUERIES = path.resolve(import.meta.dirname, 'fixtures/queries-before.json');

async function sampleExports(): Promise<void> {
  const work = tempDir('golden');
  try {
    const fixture: Record<string, Record<string, string>> = {};
    for (const [name, flags] of Object.entries(VARIANTS)) {
      const out = path.join(work, name);
      const env = cleanEnv({
        EXPORT_MANIFEST_DIR: path.join(work, `manifests-${name}`),
        SOURCE_DATE_EPOCH: SAMPLE_EXPORT_EPOCH,
      });
      const r = await runExport(['--content', SAMPLE, '--out', out, ...flags], env, 180_000);
      if (r.code !== 0) throw new Error(`the ${name} export failed (exit ${r.code}):\n${r.stderr}`);
      fixture[name] = normalisedTree(out);
    }
    writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), FIXTURE)}`);
  } finally {
    removeDir(work);
  }
}

function queryTexts(): void {
  const texts = Object.fromEntries(
    Object.entries(queries)
      .filter(([, v]) => typeof v === 'string')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(QUERIES, `${JSON.stringify(texts, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), QUERIES)}`);
}

queryTexts();
await sampleExports();
