// The site's code holds no district: nothing outside the sample's own data (content/sample, and
// scripts/sample/, which makes it) names the sample district, its website's domain or its schools.
// What marks the sample is read from its data, so this test names no district either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths.ts';
import { sampleMarks } from '../../scripts/lib/sample-residue.ts';

const CODE = [
  'src',
  'render',
  'core',
  'server',
  'content-service',
  'scripts',
  'studio/src',
  'studio/schema.json',
  'public',
  'bin',
  '.github',
];
const OWN_DATA = [path.join('scripts', 'sample')];
const TEXT = /\.(ts|tsx|mjs|js|json|css|svg|ya?ml|html)$/;

function files(rel: string): string[] {
  const abs = path.join(REPO_ROOT, rel);
  if (OWN_DATA.includes(rel)) return [];
  if (statSync(abs).isFile()) return TEXT.test(rel) ? [rel] : [];
  return readdirSync(abs).flatMap((name) => files(path.join(rel, name)));
}

test('no code, schema, public file or workflow names the sample district, its domain or its schools', () => {
  const marks = sampleMarks(path.join(REPO_ROOT, 'content/sample'));
  const words = [marks.name, ...marks.domains, ...marks.schools];
  assert.ok(words.length > 10, 'the sample names itself, its domain and its schools');
  const found = CODE.flatMap(files).flatMap((rel) => {
    const text = readFileSync(path.join(REPO_ROOT, rel), 'utf8');
    return words.filter((w) => text.includes(w)).map((w) => `${rel}: ${w}`);
  });
  assert.deepEqual(found, []);
});
