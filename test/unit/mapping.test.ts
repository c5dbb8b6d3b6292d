// Direct tests of the pure mapping behind the navigation dropdown and the landing grid: the order
// and filtering families see are decided here, so each rule has a case that breaks if it changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isHiddenFromGrid, mapLandingGrid, mapNavigation, parseNavList } from '../../src/lib/content/mapping.ts';
import { schoolPath } from '../../src/routes.ts';
import type { LandingSchoolRow, NavigationSchoolRow } from '../../src/lib/content/types.ts';
import { imageOf, landingRowWith, navRowWith } from './helpers/school-fixture.ts';

const nav = (
  title: string,
  slug: string,
  isCharter: boolean | null = null,
  extra: Partial<NavigationSchoolRow> = {},
): NavigationSchoolRow =>
  navRowWith({ _id: `school-${slug}`, title, slug, subtitle: `${title} subtitle`, isCharter, ...extra });

test('navigation lists non-charter schools first, then charter schools, alphabetical within each group', () => {
  const rows = [
    nav('Zephyr Charter Academy', 'zephyr', true),
    nav('aspen ridge', 'aspen', false),
    nav('Meridian Charter', 'meridian', true),
    nav('Lincoln Middle', 'lincoln', null),
    nav('Birch Middle', 'birch'),
  ];
  assert.deepEqual(
    mapNavigation(rows).map((s) => s.name),
    ['aspen ridge', 'Birch Middle', 'Lincoln Middle', 'Meridian Charter', 'Zephyr Charter Academy'],
  );
});

test('navigation maps to name, description, link and icon', () => {
  const logo = imageOf('image-abc-512x512-png');
  assert.deepEqual(
    mapNavigation([nav('Lincoln Middle', 'lincoln-middle', false, { logo, subtitle: 'Home of the Lions' })]),
    [
      {
        id: 'school-lincoln-middle',
        name: 'Lincoln Middle',
        description: 'Home of the Lions',
        link: '/schools/lincoln-middle',
        icon: logo,
      },
    ],
  );
  assert.equal(schoolPath('x'), '/schools/x');
});

test("a school without logo carries its staticLogo as the menus' icon; with a logo it does not", () => {
  const [a, b, c] = mapNavigation([
    navRowWith({ _id: 'a', title: 'A', slug: 'a', staticLogo: '/static/a.png' }),
    navRowWith({ _id: 'b', title: 'B', slug: 'b', logo: imageOf('image-x-1x1-png'), staticLogo: '/static/b.png' }),
    navRowWith({ _id: 'c', title: 'C', slug: 'c', staticLogo: '  ' }),
  ]);
  assert.equal(a!.staticIcon, '/static/a.png');
  assert.ok(!('staticIcon' in b!) && !('staticIcon' in c!), 'only when it is the icon: pages stay small');
  const fromFile = parseNavList(JSON.parse(JSON.stringify([a])));
  assert.equal(fromFile[0]!.staticIcon, '/static/a.png', 'the shared list file keeps it');
});

test('navigation skips rows without a title or slug and survives junk input', () => {
  const rows = [
    null,
    nav('No Slug', ''),
    { ...nav('Bad', 'bad'), title: 42 as unknown as string },
    nav('Good', 'good'),
  ];
  assert.deepEqual(
    mapNavigation(rows).map((s) => s.link),
    ['/schools/good'],
  );
  assert.deepEqual(mapNavigation(null), []);
  assert.deepEqual(mapNavigation('nope' as unknown as NavigationSchoolRow[]), []);
  assert.equal(mapNavigation([nav('Untitled subtitle', 'u', false, { subtitle: null })])[0]!.description, '');
});

const row = (title: string, slug: string, extra: Partial<LandingSchoolRow> = {}): LandingSchoolRow =>
  landingRowWith({ _id: `school-${slug}`, title, slug, seoDescription: `About ${title}`, ...extra });

test('the landing grid is sorted by title, not by slug or input order', () => {
  const rows = [
    row('Cottonwood Middle', 'a-cottonwood'),
    row('Aspen Ridge Middle', 'z-aspen'),
    row('bluebell Hill', 'm-bluebell'),
  ];
  assert.deepEqual(
    mapLandingGrid(rows).map((c) => c.title),
    ['Aspen Ridge Middle', 'bluebell Hill', 'Cottonwood Middle'],
  );
});

test("the landing grid hides titles containing 'Innovation Center', 'Career Elevation' or 'Guide'", () => {
  const rows = [
    row('Northfield Innovation Center', 'northfield'),
    row('Career Elevation Campus', 'career'),
    row('Middle School Guide', 'guide'),
    row('Riverside Middle', 'riverside'),
  ];
  assert.deepEqual(
    mapLandingGrid(rows).map((c) => c.slug),
    ['riverside'],
  );
  assert.equal(isHiddenFromGrid('Innovation Centre'), false, 'only the exact phrases hide a school');
  assert.equal(isHiddenFromGrid('Lincoln Guide Program'), true);
});

test('a landing card carries title, slug, short description and main image', () => {
  const mainImage = imageOf('image-abc-1600x1200-jpg', { hotspot: { x: 0.4, y: 0.6 } });
  assert.deepEqual(mapLandingGrid([row('Lincoln Middle', 'lincoln', { mainImage, seoDescription: 'Short.' })]), [
    { id: 'school-lincoln', title: 'Lincoln Middle', slug: 'lincoln', description: 'Short.', image: mainImage },
  ]);
  assert.equal(
    mapLandingGrid([row('No description', 'nd', { seoDescription: 7 as unknown as string })])[0]!.description,
    '',
  );
  assert.deepEqual(mapLandingGrid(undefined), []);
});

test('schools sharing a title keep one order whatever order their rows come in', () => {
  const a = {
    ...navRowWith({ _id: 'school-a', title: 'Lincoln Middle School', slug: 'lincoln-a', isCharter: false }),
    color: null,
    mainImage: null,
    seoDescription: null,
  };
  const b = {
    ...navRowWith({ _id: 'school-b', title: 'Lincoln Middle School', slug: 'lincoln-b', isCharter: false }),
    color: null,
    mainImage: null,
    seoDescription: null,
  };
  assert.deepEqual(
    mapNavigation([b, a]).map((s) => s.link),
    mapNavigation([a, b]).map((s) => s.link),
  );
  assert.deepEqual(
    mapLandingGrid([b, a]).map((c) => c.slug),
    mapLandingGrid([a, b]).map((c) => c.slug),
  );
});
