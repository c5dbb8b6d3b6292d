// Section numbering, safe unique anchor ids, tour visibility and the section-menu entries.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import {
  TOUR_NUMBER,
  isTourShown,
  padNumber,
  sanitizeAnchorId,
  schoolSections,
  sectionMenuItems,
} from '../../src/lib/content/sections.ts';
import type { School, Section } from '../../src/lib/content/types.ts';
import { schoolWith, sectionWith } from './helpers/school-fixture.ts';

const school = (sections: (Partial<Section> | null)[], extra: Partial<School> = {}): School =>
  schoolWith({ title: 'Lincoln', sectionRepeater: sections.map((s) => (s ? sectionWith(s) : null)), ...extra });
const block = { _type: 'content' as const, _key: 'c' };

test('padNumber zero-pads to 2 digits', () => {
  assert.equal(padNumber(1), '01');
  assert.equal(padNumber(6), '06');
  assert.equal(padNumber(12), '12');
});

test('sanitizeAnchorId keeps only [A-Za-z0-9_-]', () => {
  assert.equal(sanitizeAnchorId('academics'), 'academics');
  assert.equal(sanitizeAnchorId('#Student Life'), 'Student-Life');
  assert.equal(sanitizeAnchorId('x" onmouseover="alert(1)'), 'x-onmouseoveralert1');
  assert.equal(sanitizeAnchorId('<script>'), 'script');
  assert.equal(sanitizeAnchorId('--a--b--'), 'a-b');
  assert.equal(sanitizeAnchorId('"><'), null);
  assert.equal(sanitizeAnchorId(''), null);
  assert.equal(sanitizeAnchorId(null), null);
  assert.equal(sanitizeAnchorId(5), null);
  assert.equal(sanitizeAnchorId('a'.repeat(300))!.length, 64);
});

test('sections are numbered from 1 in order, skipping null and empty ones', () => {
  const s = schoolSections(
    school([
      { title: 'Academics', href: 'academics', blocks: [block] },
      null,
      { title: '', href: 'empty', blocks: [] },
      { title: 'Arts', href: 'arts', blocks: [null, block, { nope: 1 } as never] },
    ]),
  );
  assert.deepEqual(
    s.map((x) => [x.number, x.label, x.id, x.title, x.blocks.length]),
    [
      [1, '01', 'academics', 'Academics', 1],
      [2, '02', 'arts', 'Arts', 1],
    ],
  );
});

test('unsafe, missing, reserved and duplicate ids never collide', () => {
  const s = schoolSections(
    school([
      { title: 'One', href: '"><img src=x>', blocks: [block] },
      { title: 'Two', href: null, blocks: [block] },
      { title: 'Three', href: 'tours', blocks: [block] },
      { title: 'Four', href: 'arts', blocks: [block] },
      { title: 'Five', href: 'arts', blocks: [block] },
      { title: 'Six', href: 'section-7', blocks: [block] },
      { title: 'Seven', href: '', blocks: [block] },
    ]),
  );
  const ids = s.map((x) => x.id);
  assert.deepEqual(ids, ['img-srcx', 'section-2', 'section-3', 'arts', 'section-5', 'section-7', 'section-7-2']);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]+$/);
});

test('a section with blocks but no title is still numbered and named', () => {
  const [s] = schoolSections(school([{ title: null, href: 'x', blocks: [block] }]));
  assert.equal(s!.title, 'Section 1');
});

test('malformed schools give no sections', () => {
  assert.deepEqual(schoolSections(null), []);
  assert.deepEqual(schoolSections(schoolWith({ sectionRepeater: 'nope' as never })), []);
});

test('the tour section shows unless showTourSection is exactly false', () => {
  assert.equal(isTourShown(school([])), true);
  assert.equal(isTourShown(school([], { showTourSection: true })), true);
  assert.equal(isTourShown(school([], { showTourSection: null })), true);
  assert.equal(isTourShown(school([], { showTourSection: false })), false);
  assert.equal(isTourShown(null), false);
});

test('menu: one entry per section plus Tours (always 6) when shown and titled', () => {
  const s = school(
    [
      { title: 'Academics', href: 'academics', blocks: [block] },
      { title: 'Arts', href: 'arts', blocks: [block] },
    ],
    { tourTitle: 'Visit us' },
  );
  assert.deepEqual(sectionMenuItems(s), [
    { id: 'academics', title: 'Academics', number: 1 },
    { id: 'arts', title: 'Arts', number: 2 },
    { id: 'tours', title: 'Tours', number: TOUR_NUMBER },
  ]);
  assert.equal(TOUR_NUMBER, 6);
  assert.equal(sectionMenuItems({ ...s, tourTitle: '  ' }).length, 2);
  assert.equal(sectionMenuItems({ ...s, tourTitle: null }).length, 2);
  assert.equal(sectionMenuItems({ ...s, showTourSection: false }).length, 2);
});
