// The sample export must stay byte-identical while the export's code is reorganised: three exports
// of content/sample (plain, --site-url, --base) are compared with test/fixtures/sample-export.json
// (`npm run golden` regenerates it after an intended change of the output).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, removeDir, runExport, SAMPLE, tempDir } from './export-helpers.ts';
import { FIXTURE, normalisedTree, SAMPLE_EXPORT_EPOCH, VARIANTS } from './helpers/sample-export.ts';

const work = tempDir('sample-export');
after(() => removeDir(work));
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Record<string, string>>;

for (const [name, flags] of Object.entries(VARIANTS)) {
  test(`the sample export (${name}) equals the recorded one`, {
    skip: !existsSync(path.join(SAMPLE, 'dataset.ndjson')),
  }, async () => {
    const out = path.join(work, name);
    // A fixed export time: the events the sample lists stay listed whatever the day the test runs.
    const env = cleanEnv({
      EXPORT_MANIFEST_DIR: path.join(work, `manifests-${name}`),
      SOURCE_DATE_EPOCH: SAMPLE_EXPORT_EPOCH,
    });
    const r = await runExport(['--content', SAMPLE, '--out', out, ...flags], env, 180_000);
    assert.equal(r.code, 0, r.stderr);
    const got = normalisedTree(out);
    const want = fixture[name] ?? assert.fail(`no ${name} in the fixture`);
    assert.deepEqual(Object.keys(got), Object.keys(want), 'the same files');
    const differ = Object.keys(want).filter((f) => got[f] !== want[f]);
    assert.deepEqual(differ, [], 'files whose bytes differ');
  });
}
