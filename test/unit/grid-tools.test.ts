// The landing grid tools' rules (sort by distance, filters) without a browser: program tokens, the
// address state (parsed from anything a visitor can type), the filter matching rule, the
// nearest-first order with schools lacking a location last, and the facts file's checking.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  byDistance,
  knownOnly,
  makeMatcher,
  MAX_TOKENS,
  milesLabel,
  parseFilterState,
  programGroups,
  programToken,
  serializeFilterState,
  toggle,
} from '../../src/lib/family-tools/grid-tools.ts';
import { parseFactsList } from '../../src/lib/facts/facts-file.ts';
import { factsOf } from './helpers/facts-fixture.ts';

const facts = factsOf;

const band = facts('band', { programs: { arts: ['Concert Band', 'Choir'], athletics: ['Soccer'], clubs: [] } });
const robo = facts('robo', {
  type: 'charter',
  programs: { arts: [], athletics: ['Soccer'], clubs: ['Robotics', 'Chess Club'] },
});
const both = facts('both', { programs: { arts: ['Choir'], athletics: [], clubs: ['robotics '] } });
const none = facts('none');
const ALL = [band, robo, both, none];

describe('program tokens', () => {
  test('lower case, accents dropped, other characters one dash', () => {
    assert.equal(programToken('Track & Field'), 'track-field');
    assert.equal(programToken('Folklórico Dance'), 'folklorico-dance');
    assert.equal(programToken('  Robotics '), 'robotics');
    assert.equal(programToken('日本語 クラブ'), '日本語-クラフ'); // letters of any script stay (NFKD splits the dakuten)
    assert.equal(programToken('***'), '');
  });
});

describe('filter state in the address', () => {
  test('reads the issue’s example', () => {
    assert.deepEqual(parseFilterState('?type=charter&program=robotics,band'), {
      types: ['charter'],
      programs: ['band', 'robotics'],
    });
  });

  test('hostile or malformed input is ignored, never an error', () => {
    assert.deepEqual(parseFilterState(''), { types: [], programs: [] });
    assert.deepEqual(parseFilterState('?type=private,charter,,CHARTER&type=district'), {
      types: ['district', 'charter'],
      programs: [],
    });
    assert.deepEqual(parseFilterState('?program=<script>,a%20b,..%2F..,ok-one,-lead,trail-,a--b,%E0%A4%A,Robotics'), {
      types: [],
      programs: ['ok-one', 'robotics'],
    });
    const many = Array.from({ length: 500 }, (_, i) => `p${i}`).join(',');
    assert.equal(parseFilterState(`?program=${many}`).programs.length, MAX_TOKENS);
    assert.deepEqual(parseFilterState(`?program=${'x'.repeat(81)}`).programs, []);
    assert.deepEqual(parseFilterState('?program=__proto__,constructor').programs, ['constructor']);
  });

  test('writes commas literally, keeps other parameters, drops empty ones', () => {
    assert.equal(
      serializeFilterState({ types: ['charter'], programs: ['robotics', 'band'] }, '?utm=x&type=district'),
      '?utm=x&type=charter&program=band,robotics',
    );
    assert.equal(serializeFilterState({ types: [], programs: [] }, '?type=charter&program=a'), '');
    assert.equal(serializeFilterState({ types: [], programs: ['日本'] }), '?program=%E6%97%A5%E6%9C%AC');
    // What is written reads back the same.
    const state = { types: ['district', 'charter'] as const, programs: ['a-b', 'c'] };
    assert.deepEqual(parseFilterState(serializeFilterState({ ...state, types: [...state.types] })), {
      types: ['district', 'charter'],
      programs: ['a-b', 'c'],
    });
  });

  test('toggle presses and releases', () => {
    let s = toggle({ types: [], programs: [] }, 'type', 'charter');
    s = toggle(s, 'type', 'district');
    assert.deepEqual(s.types, ['district', 'charter']);
    s = toggle(s, 'type', 'charter');
    s = toggle(s, 'program', 'robotics');
    s = toggle(s, 'program', 'band');
    assert.deepEqual(s, { types: ['district'], programs: ['band', 'robotics'] });
    assert.deepEqual(toggle(s, 'program', 'band').programs, ['robotics']);
  });
});

describe('filter groups and matching', () => {
  test('one button per label, by category, alphabetical; a category no school has is left out', () => {
    const groups = programGroups(ALL);
    assert.deepEqual(
      groups.map((g) => [g.category, g.options.map((o) => o.label)]),
      [
        ['arts', ['Choir', 'Concert Band']],
        ['athletics', ['Soccer']],
        ['clubs', ['Chess Club', 'Robotics']],
      ],
    );
    assert.deepEqual(
      programGroups([none]).map((g) => g.category),
      [],
    );
    // A label under two categories is one button, under the first.
    const twice = facts('twice', { programs: { arts: ['Dance'], athletics: ['dance'], clubs: [] } });
    assert.deepEqual(
      programGroups([twice]).map((g) => [g.category, g.options.map((o) => o.token)]),
      [['arts', ['dance']]],
    );
  });

  const match = (search: string) => {
    const groups = programGroups(ALL);
    const m = makeMatcher(knownOnly(parseFilterState(search), groups), groups);
    return ALL.filter((f) => m(f)).map((f) => f.slug);
  };

  test('nothing pressed: every school, even one without facts', () => {
    assert.deepEqual(match(''), ['band', 'robo', 'both', 'none']);
    const groups = programGroups(ALL);
    assert.equal(makeMatcher(parseFilterState(''), groups)(undefined), true);
    assert.equal(makeMatcher(parseFilterState('?type=district'), groups)(undefined), false);
  });

  test('within a group any pressed label matches', () => {
    assert.deepEqual(match('?program=robotics,chess-club'), ['robo', 'both']);
    assert.deepEqual(match('?type=district,charter'), ['band', 'robo', 'both', 'none']);
  });

  test('across groups every group must match', () => {
    assert.deepEqual(match('?program=choir,robotics'), ['both']);
    assert.deepEqual(match('?type=charter&program=robotics'), ['robo']);
    assert.deepEqual(match('?type=district&program=soccer'), ['band']);
    assert.deepEqual(match('?type=charter&program=choir'), []);
  });

  test('tokens no button shows are ignored', () => {
    assert.deepEqual(match('?program=underwater-basket-weaving'), ['band', 'robo', 'both', 'none']);
    assert.deepEqual(match('?program=underwater-basket-weaving,choir'), ['band', 'both']);
  });
});

describe('nearest first', () => {
  const here = { lat: 39.7, lng: -105 };
  const at = (slug: string, lat: number, lng: number) => facts(slug, { location: { lat, lng } });

  test('orders by distance, schools without a location (or facts) last in their given order', () => {
    const list = [facts('a-none'), at('far', 40.7, -105), undefined, at('near', 39.71, -105), facts('z-none')];
    const r = byDistance(list, here);
    assert.deepEqual(r.order, [3, 1, 0, 2, 4]);
    assert.equal(r.miles[3], '0.7 mi');
    assert.equal(r.miles[1], '69.1 mi');
    assert.equal(r.miles[0], null);
    assert.equal(r.miles[2], null);
  });

  test('equal distances keep title order; a distance that rounds to 0 still has a label', () => {
    const r = byDistance([at('b', 39.8, -105), at('a', 39.6, -105), at('here', 39.7, -105)], here);
    assert.deepEqual(r.order, [2, 0, 1]);
    assert.equal(r.miles[2], 'under 0.1 mi');
    assert.equal(milesLabel(2.44), '2.4 mi');
    assert.equal(milesLabel(Number.NaN), null);
  });
});

describe('the facts file as the browser reads it', () => {
  test('keeps usable entries, drops the rest, never throws on an entry', () => {
    const list = parseFactsList([
      band,
      null,
      'x',
      { slug: '../etc', title: 'Bad' },
      { slug: 'no-title' },
      { ...robo, location: { lat: 200, lng: 0 }, programs: { arts: 'Band', clubs: [1, ' Chess ', null] } },
      { ...band, title: 'Duplicate slug' },
    ]);
    assert.deepEqual(
      list.map((f) => f.slug),
      ['band', 'robo'],
    );
    assert.equal(list[1]!.location, null);
    assert.deepEqual(list[1]!.programs, { arts: [], athletics: [], clubs: ['Chess'] });
    assert.throws(() => parseFactsList({ schools: [] }), /not a JSON array/);
  });
});
