// A ZIP code field's answers in words: nothing typed, not five digits (naming what was typed, a
// long paste cut), and a code the district does not have; a district code passes.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { checkZip } from '../../src/lib/family-tools/zip-input.ts';
import { FAMILY_WORDS } from '../../src/i18n/family/index.ts';

const known = (zip: string) => zip === '80210';

test('each problem is said, naming what was typed; a district code passes', () => {
  for (const lang of ['en', 'es'] as const) {
    const w = FAMILY_WORDS[lang].zip;
    const words = { empty: w.empty, notZip: w.notZip('{zip}'), unknown: w.unknown('{zip}') };
    assert.deepEqual(checkZip(' 80210 ', known, words), { zip: '80210' });
    assert.deepEqual(checkZip('   ', known, words), { problem: w.empty });
    assert.deepEqual(checkZip('8021', known, words), { problem: w.notZip('8021') });
    assert.deepEqual(checkZip('99999', known, words), { problem: w.unknown('99999') });
    const long = checkZip('8'.repeat(500), known, words);
    assert.ok('problem' in long && long.problem.length < 200, 'a long paste stays a sentence');
  }
  assert.match(FAMILY_WORDS.en.zip.notZip('8021'), /“8021” is not a ZIP code/);
});
