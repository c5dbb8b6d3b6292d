// The swap that publishes an export is two renames; a SIGKILL between them left no out/, and the
// next export then failed and `npm start` exported the sample over the crashed site. A failed
// export on a full disk kept its partial tree as the spare, holding the space the next one needed.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { MINI, read, removeDir, runExport, tempDir } from './export-helpers.ts';
import { SiteWriter, SPARE_SUFFIX } from '../../scripts/lib/write-site.ts';

const work = tempDir('swap-crash');
after(() => removeDir(work));

/** A process id no process can have (above Linux's highest): its folders count as a crashed export's. */
const DEAD = 9_999_999;

describe('an export killed between the swap renames', () => {
  test('the next export puts the last good site back first, and publishes', async () => {
    const out = path.join(work, 'a', 'out');
    const first = await runExport(['--content', MINI, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    const page = read(out, 'index.html');
    // The moment of the kill: out/ renamed to the backup, the complete new tree not yet in place.
    renameSync(out, `${out}.old-${DEAD}`);
    cpSync(`${out}.old-${DEAD}`, `${out}.tmp-${DEAD}`, { recursive: true });
    const next = await runExport(['--content', MINI, '--out', out]);
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stdout + next.stderr, new RegExp(`restored .*out from out\\.old-${DEAD}`));
    assert.equal(read(out, 'index.html'), page);
    const left = readdirSync(path.dirname(out)).filter((n) => n.includes(`-${DEAD}`));
    assert.deepEqual(left, [], 'the crashed trees were reused or removed, once out/ was safe');
  });
});

describe('a failed write on a full disk', () => {
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  test('removes its partial tree instead of keeping it as the spare', async () => {
    const out = path.join(work, 'b', 'out');
    const writer = new SiteWriter(out);
    mkdirSync(path.dirname(out), { recursive: true });
    await writer.begin();
    await writer.abort(enospc);
    assert.ok(!existsSync(`${out}${SPARE_SUFFIX}`), 'no spare kept');
    assert.ok(!existsSync(`${out}.tmp-${process.pid}`), 'no temp tree kept');
  });

  test('keeps the spare after any other failure (the next export starts from it)', async () => {
    const out = path.join(work, 'c', 'out');
    mkdirSync(path.dirname(out), { recursive: true });
    const writer = new SiteWriter(out);
    await writer.begin();
    await writer.abort(new Error('render failed'));
    assert.ok(existsSync(`${out}${SPARE_SUFFIX}`));
  });
});
