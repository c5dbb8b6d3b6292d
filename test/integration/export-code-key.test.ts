// The incremental export carries a page over only while the code that made it is unchanged. The
// code key is derived from the export's import graph, so it must cover modules outside src/ and
// scripts/: here a copy of the repository has its embedded content service changed so that it
// serves a school differently (without changing any revision), and the next export into the same
// out/ must render that page again instead of carrying the stale one over.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportModules } from '../../scripts/lib/export-manifest.ts';
import { cleanEnv, MINI, read, removeDir, ROOT, runNode, tempDir, type RunResult } from './export-helpers.ts';

const work = tempDir('code-key');
after(() => removeDir(work));

test("the export's module graph reaches the content service, its lazy import and core/", async () => {
  const modules = await exportModules(ROOT);
  for (const m of [
    'scripts/export.ts',
    'render/render.tsx',
    'core/content-source.ts',
    'content-service/index.ts',
    'content-service/store.ts',
    'content-service/ndjson.ts',
    'src/App.tsx',
  ]) {
    assert.ok(modules.includes(m), `${m} is not in the code key`);
  }
  assert.ok(
    !modules.some((m) => m.includes('node_modules/') || m.startsWith('test/') || m.startsWith('server/')),
    'only what the export loads',
  );
});

function exportIn(root: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return runNode(['--import', 'tsx', path.join(root, 'scripts/export.ts'), ...args], {
    cwd: root,
    env,
    timeoutMs: 180_000,
  });
}

test('a change to a content-service module renders the pages it shapes again', async () => {
  const repo = path.join(work, 'repo');
  for (const dir of ['src', 'render', 'core', 'content-service', 'scripts', 'public'])
    cpSync(path.join(ROOT, dir), path.join(repo, dir), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json'])
    cpSync(path.join(ROOT, file), path.join(repo, file));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'));
  const content = path.join(work, 'content');
  cpSync(MINI, content, { recursive: true });
  const out = path.join(work, 'out');
  const env = cleanEnv({
    EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
    EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images'),
  });
  const args = ['--content', content, '--out', out];
  const page = 'schools/alpha-middle/index.html';

  const first = await exportIn(repo, args, env);
  assert.equal(first.code, 0, first.stderr);
  assert.ok(read(out, page).includes('Alpha Middle School') && !read(out, page).includes('(served differently)'));
  const again = await exportIn(repo, args, env);
  assert.match(
    again.stdout,
    /pages 0 rendered, \d+ carried over/,
    'unchanged code and content: everything carried over',
  );

  // The service now serves the school's title differently; its revision (a hash of the file's line) stays.
  const store = path.join(repo, 'content-service/ndjson.ts');
  const code = readFileSync(store, 'utf8');
  const parse = '      value = JSON.parse(line);\n';
  assert.ok(code.includes(parse), 'ndjson.ts still parses each line where this test expects');
  writeFileSync(
    store,
    code.replace(
      parse,
      `${parse}      if (isObject(value) && value.title === 'Alpha Middle School') value.title += ' (served differently)';\n`,
    ),
  );

  const edited = await exportIn(repo, args, env);
  assert.equal(edited.code, 0, edited.stderr);
  assert.ok(read(out, page).includes('Alpha Middle School (served differently)'), `${page} was carried over stale`);
  assert.match(edited.stdout, /content: all read/);
  assert.match(edited.stdout, /pages \d+ rendered, 0 carried over/);
});
