// bin/run.mjs, the launcher behind `npm run export|start|content|preview`: it must rebuild dist/
// exactly when a source is newer than the last build, and the bundled export must write the same
// site as the TypeScript one (same React build, same paths resolved from dist/ instead of core/).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  cleanEnv,
  listFiles,
  MINI,
  read,
  removeDir,
  LAUNCHER,
  ROOT,
  runExportTs,
  runNode,
  tempDir,
  type RunResult,
} from './export-helpers.ts';

const META = path.join(ROOT, 'dist/meta.json');

function launch(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return runNode([LAUNCHER, ...args], { ...opts, timeoutMs: 180_000 });
}

describe('bin/run.mjs', () => {
  it('rebuilds dist/ when a source is newer than the build, and only then', { timeout: 120_000 }, async () => {
    const first = await launch(['export', '--help']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /usage: npm run export/);
    // An older build than every source: what an edit after the last build looks like.
    utimesSync(META, new Date(1_000), new Date(1_000));
    const rebuilt = await launch(['export', '--help']);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    const built = statSync(META).mtimeMs;
    assert.ok(built > Date.now() - 60_000, 'dist/meta.json was not rewritten');
    const again = await launch(['content', '--help']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /usage: npm run content/);
    assert.equal(statSync(META).mtimeMs, built, 'rebuilt although nothing changed');
  });

  it('names the commands when given an unknown one', async () => {
    const r = await launch(['deploy']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /export\|start\|content\|preview/);
  });

  it('the bundled export, run from another folder, writes the same site as the TypeScript one', {
    timeout: 180_000,
  }, async () => {
    const work = tempDir('launcher');
    try {
      const env = cleanEnv({
        EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
        EXPORT_IMAGE_CACHE_DIR: path.join(work, 'cache'),
      });
      const viaTsx = await runExportTs(['--content', MINI, '--out', path.join(work, 'tsx')], env);
      assert.equal(viaTsx.code, 0, viaTsx.stderr);
      const bundled = await launch(['export', '--content', MINI, '--out', path.join(work, 'bundled')], {
        cwd: tmpdir(),
        env,
      });
      assert.equal(bundled.code, 0, bundled.stderr);
      const files = listFiles(path.join(work, 'tsx'));
      assert.deepEqual(listFiles(path.join(work, 'bundled')), files);
      for (const f of files.filter((x) => /\.(html|js|css|json|txt)$/.test(x))) {
        assert.equal(read(path.join(work, 'bundled'), f), read(path.join(work, 'tsx'), f), `${f} differs`);
      }
    } finally {
      removeDir(work);
    }
  });
});
