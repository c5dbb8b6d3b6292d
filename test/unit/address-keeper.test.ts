// Of schools claiming one address, the one that already had it keeps it: the earliest creation
// date; where dates cannot tell, the school the previous export published there; only then the
// first by _id. Slugs that differ only in case are one address. The skipped schools are named with
// the school that kept the address, and an incremental read with the previous export's outcomes
// keeps exactly what a full read with that export's manifest decides.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { holdersOf, keeperOf } from '../../scripts/lib/address-keeper.ts';
import type { ContentRead } from '../../scripts/lib/fetch-content.ts';
import { type KnownSchools, validateContent } from '../../scripts/lib/validate-content.ts';
import type { School } from '../../src/lib/content/types.ts';
import { warningText } from '../../src/lib/warn.ts';

const claim = (_id: string, created: string | null) => ({ _id, created });
const school = (_id: string, slug: string) => ({ _id, _type: 'school', title: _id, slug }) as unknown as School;

function read(schools: School[], created: Record<string, string | null>): ContentRead & { changed: null } {
  return { revs: {}, nav: [], landing: [], schools, site: { landing: null, settings: null }, created, changed: null };
}

describe('keeperOf', () => {
  test('the earliest creation date keeps the address, whatever the ids or the previous export', () => {
    const got = keeperOf(
      [claim('a-newcomer', '2026-05-01T00:00:00Z'), claim('school-bluebell', '2021-03-02T12:00:00Z')],
      'a-newcomer',
    );
    assert.deepEqual([got.keeper._id, got.why], ['school-bluebell', 'created first']);
  });

  test('equal dates: the previous holder, else the first by _id', () => {
    const same = [claim('b', '2021-01-01T00:00:00Z'), claim('a', '2021-01-01T00:00:00.000Z')];
    assert.equal(keeperOf(same, 'b').keeper._id, 'b');
    assert.equal(keeperOf(same, undefined).keeper._id, 'a');
    assert.match(keeperOf(same, undefined).why, /as early as another, and first by _id/);
  });

  test('a school without a date: the previous holder keeps it, else the dated one, else the first by _id', () => {
    const claims = [claim('a-undated', null), claim('school-dated', '2024-01-01T00:00:00Z')];
    assert.equal(keeperOf(claims, 'a-undated').keeper._id, 'a-undated');
    assert.equal(keeperOf(claims, undefined).keeper._id, 'school-dated');
    assert.equal(keeperOf([claim('b', null), claim('a', 'not a date')], undefined).keeper._id, 'a');
  });

  test('holders: the published school of each address, regardless of case', () => {
    const holders = holdersOf({
      'school-a': { slug: 'Bluebell', skipped: null },
      'school-b': { slug: 'bluebell', skipped: 'skipping school "school-b": …' },
      'school-c': { slug: null, skipped: 'skipping school "school-c": field slug: missing' },
    });
    assert.deepEqual([...holders], [['bluebell', 'school-a']]);
  });
});

describe('validateContent: look-alike addresses', () => {
  const bluebell = school('school-bluebell', 'bluebell');
  const annex = school('5f2c9e1d-annex', 'Bluebell');
  const exact = school('a-bluebell-copy', 'bluebell');
  const created = {
    'school-bluebell': '2021-03-02T12:00:00Z',
    '5f2c9e1d-annex': '2026-05-01T09:00:00Z',
    'a-bluebell-copy': null,
  };

  test('the established school keeps its page; each newcomer is skipped by name, with the keeper named', () => {
    const warnings: string[] = [];
    const content = validateContent(read([annex, exact, bluebell], created), (m) => warnings.push(warningText(m)));
    assert.deepEqual(
      content.schools.map((s) => s._id),
      ['school-bluebell'],
    );
    assert.deepEqual(warnings, [
      'skipping school "5f2c9e1d-annex": field slug: the address of school "school-bluebell" ("bluebell": addresses are compared regardless of case), which keeps it: first by creation date, then by _id (not every one has a creation date) ("Bluebell")',
      'skipping school "a-bluebell-copy": field slug: the address of school "school-bluebell", which keeps it: first by creation date, then by _id (not every one has a creation date) ("bluebell")',
    ]);
    assert.deepEqual(content.outcomes?.get('a-bluebell-copy'), {
      slug: 'bluebell',
      created: null,
      skipped: warnings[1],
      duplicate: true,
    });
  });

  test('a dated newcomer against a dated school: created first', () => {
    const warnings: string[] = [];
    validateContent(read([annex, bluebell], created), (m) => warnings.push(warningText(m)));
    assert.match(warnings[0]!, /^skipping school "5f2c9e1d-annex": .* which keeps it: created first \("Bluebell"\)$/);
  });

  test('the previous export decides where the dates cannot, and an incremental read keeps its decision', () => {
    const undated = { 'school-bluebell': null, '5f2c9e1d-annex': null };
    const first = validateContent(read([annex, bluebell], undated), () => {});
    assert.deepEqual(
      first.schools.map((s) => s._id),
      ['5f2c9e1d-annex'],
      'without a previous export, the first by _id',
    );
    // The export that published school-bluebell there: a full read with its manifest keeps it so.
    const holders = new Map([['bluebell', 'school-bluebell']]);
    const full = validateContent(read([annex, bluebell], undated), () => {}, null, holders);
    assert.deepEqual(
      full.schools.map((s) => s._id),
      ['school-bluebell'],
    );
    // An incremental read after that export (the annex edited) keeps the decision, warning included.
    const known: KnownSchools = Object.fromEntries(
      [...full.outcomes!].map(([id, o]) => [id, { ...o, hash: 'h', lastmod: null, facts: null }]),
    );
    const warnings: string[] = [];
    const incremental = validateContent(
      {
        ...read([{ ...annex, title: 'Bluebell Annex (edited)' } as School], { '5f2c9e1d-annex': null }),
        changed: ['5f2c9e1d-annex'],
        revs: { 'school-bluebell': 'r1', '5f2c9e1d-annex': 'r2' },
      },
      (m) => warnings.push(warningText(m)),
      known,
    );
    assert.deepEqual(
      incremental?.carried.map((c) => c._id),
      ['school-bluebell'],
    );
    assert.deepEqual(incremental?.schools, []);
    assert.match(warnings.join('\n'), /^skipping school "5f2c9e1d-annex": .*published there by the previous export/);
    // A changed creation date can move the address: the incremental read does not stand.
    const redated = validateContent(
      {
        ...read([annex], { '5f2c9e1d-annex': '2020-01-01T00:00:00Z' }),
        changed: ['5f2c9e1d-annex'],
        revs: { 'school-bluebell': 'r1', '5f2c9e1d-annex': 'r3' },
      },
      () => {},
      known,
    );
    assert.equal(redated, null);
  });
});
