// The navigation bar as families use it: the district's logo home and its external links (the
// sample district's settings), the schools dropdown in its three states, keyboard and outside-click
// behaviour, the same entries without JavaScript; and a district that gave none of them.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { NavBar } from '../../src/components/NavBar.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import type { NavSchool } from '../../src/lib/content/types.ts';
import { en } from '../../src/i18n/en.ts';
import { builtinSettings } from '../../src/lib/content/builtin-settings.ts';
import { createImageUrls } from '../../src/lib/images/image.ts';
import { withLogo } from '../../src/build/site-settings.ts';
import { setupDom, type Dom } from './helpers/dom.ts';
import { sampleSettings } from './helpers/landing-copy.ts';

const IMAGES = { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' };
const SETTINGS = withLogo(sampleSettings('en', '/theme/'), createImageUrls(IMAGES));
const env: SiteEnv = { images: IMAGES, base: '/theme/', settings: SETTINGS };
const withEnv = (ui: ReactNode) => <SiteEnvProvider env={env}>{ui}</SiteEnvProvider>;

const schools: NavSchool[] = [
  {
    id: 'a',
    name: 'Aspen Middle School',
    description: '',
    link: '/schools/aspen',
    icon: { asset: { _ref: 'image-aaa111-400x400-png' } },
  },
  { id: 'b', name: 'Birch Middle School', description: '', link: '/schools/birch', icon: null },
  {
    id: 'c',
    name: 'Cedar Charter Academy',
    description: '',
    link: '/schools/cedar',
    icon: { asset: { _ref: 'image-ccc333-300x200-jpg' } },
  },
];

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

const q = <T extends Element = HTMLElement>(sel: string): T => {
  const el = dom!.container.querySelector<T>(sel);
  assert.ok(el, `no element matches ${sel}`);
  return el;
};
const toggle = () => q<HTMLButtonElement>('.nav__list .nav-dropdown__toggle');
const panel = () => q<HTMLElement>('.nav__list .nav-dropdown__panel');
const dropdownLinks = () =>
  Array.from(dom!.container.querySelectorAll<HTMLAnchorElement>('.nav__list .nav-dropdown__panel a'));

test('server HTML: logo links home, external links, and every school link without JavaScript', () => {
  const html = renderToString(withEnv(<NavBar nav={schools} />));
  assert.match(
    html,
    /<a class="nav__logo" href="\/"><img src="https:\/\/img\.test\/images\/test\/production\/[0-9a-f]{40}-400x96\.png\?w=200&amp;[^"]*" width="200" height="48" alt="Cedar Valley Public Schools home"/,
  );
  assert.ok(html.includes(`href="${SETTINGS.elementaryLink!.href}">Elementary School Options</a>`));
  assert.ok(html.includes(`href="${SETTINGS.highSchoolLink!.href}">High School Options</a>`));
  // The dropdown is a <details>, so its list opens without scripts; no button that needs JS.
  assert.match(
    html,
    /<details class="nav-dropdown"><summary class="nav-dropdown__toggle nav__link">Middle School Options<\/summary>/,
  );
  for (const s of schools) assert.ok(html.includes(`href="${s.link}"`), `link to ${s.link}`);
  assert.ok(!html.includes('aria-expanded'), 'no scripted controls in server HTML');
});

test('a district that gave no logo, name or links: a text home link, and no outbound links', () => {
  const html = renderToString(
    <SiteEnvProvider env={{ ...env, settings: builtinSettings(en) }}>
      <NavBar nav={schools} />
    </SiteEnvProvider>,
  );
  assert.match(html, /<a class="nav__logo nav__logo--text" href="\/">Home<\/a>/);
  assert.doesNotMatch(html, /<img[^>]*alt="[^"]*home"|class="(?:nav__link|mobile-menu__link)" href="https?:/);
  const named = renderToString(
    <SiteEnvProvider env={{ ...env, settings: { ...builtinSettings(en), districtName: 'Riverbend' } }}>
      <NavBar nav={schools} />
    </SiteEnvProvider>,
  );
  assert.match(named, /<a class="nav__logo nav__logo--text" href="\/">Riverbend<\/a>/);
});

test('dropdown states: loading, empty, list', () => {
  const loading = renderToString(withEnv(<NavBar nav={null} />));
  assert.ok(loading.includes('Loading schools...'));
  assert.ok(!loading.includes('No schools found'));
  const empty = renderToString(withEnv(<NavBar nav={[]} />));
  assert.ok(empty.includes('No schools found'));
  assert.ok(!empty.includes('Loading schools...'));
  const list = renderToString(withEnv(<NavBar nav={schools} />));
  assert.ok(!list.includes('No schools found') && !list.includes('Loading schools...'));
});

test('each school shows a 64x64 logo (or its initials) and its name, linking to its page', async () => {
  dom = await setupDom({ width: 1280 });
  await dom.render(withEnv(<NavBar nav={schools} />));
  const links = dropdownLinks();
  assert.deepEqual(
    links.map((a) => a.getAttribute('href')),
    ['/schools/aspen', '/schools/birch', '/schools/cedar'],
  );
  assert.deepEqual(
    links.map((a) => a.textContent),
    schools.map((s) => s.name),
  );
  const aspen = links[0]!.querySelector('img')!;
  assert.equal(aspen.getAttribute('width'), '64');
  assert.equal(aspen.getAttribute('height'), '64');
  assert.equal(aspen.getAttribute('alt'), '');
  const src = new URL(aspen.getAttribute('src')!);
  assert.equal(src.origin, 'https://img.test');
  assert.ok(src.pathname.endsWith('/aaa111-400x400.png'));
  assert.equal(src.searchParams.get('w'), '64');
  assert.equal(src.searchParams.get('h'), '64');
  assert.equal(src.searchParams.get('fit'), 'crop');
  // No logo of any kind: the school's initials, decorative (the name is beside them), never an empty box.
  assert.equal(links[1]!.querySelector('img'), null);
  const monogram = links[1]!.querySelector('.school-link__icon--monogram')!;
  assert.equal(monogram.getAttribute('data-monogram'), 'BM');
  assert.equal(monogram.textContent, '', 'drawn by CSS: the link text is the name alone');
  assert.equal(monogram.getAttribute('aria-hidden'), 'true');
  assert.equal(links[2]!.querySelector('img')!.getAttribute('width'), '64');
});

test('hydrates the server HTML without mismatch, then becomes a disclosure button', async () => {
  dom = await setupDom({ width: 1280 });
  const ui = withEnv(<NavBar nav={schools} />);
  const errors = await dom.hydrate(ui, renderToString(ui));
  assert.deepEqual(errors, []);
  const button = toggle();
  assert.equal(button.tagName, 'BUTTON');
  assert.equal(button.getAttribute('aria-expanded'), 'false');
  assert.equal(button.getAttribute('aria-controls'), panel().id);
  assert.ok(panel().hidden);
  assert.equal(dom.container.querySelector('.nav__list details'), null);
});

test('click toggles the dropdown; a click outside closes it, a click inside does not', async () => {
  dom = await setupDom({ width: 1280 });
  await dom.render(withEnv(<NavBar nav={schools} />));
  await dom.act(() => toggle().click());
  assert.equal(toggle().getAttribute('aria-expanded'), 'true');
  assert.equal(panel().hidden, false);
  await dom.act(() => panel().click());
  assert.equal(toggle().getAttribute('aria-expanded'), 'true', 'click inside keeps it open');
  await dom.act(() => dom!.document.body.click());
  assert.equal(toggle().getAttribute('aria-expanded'), 'false');
  assert.ok(panel().hidden);
  await dom.act(() => toggle().click());
  await dom.act(() => toggle().click());
  assert.equal(toggle().getAttribute('aria-expanded'), 'false', 'second click closes');
});

test('keyboard: ArrowDown opens and focuses the first school, arrows move and wrap, Escape closes and returns focus', async () => {
  dom = await setupDom({ width: 1280 });
  await dom.render(withEnv(<NavBar nav={schools} />));
  const doc = dom.document;
  toggle().focus();
  await dom.key(toggle(), 'ArrowDown');
  assert.equal(toggle().getAttribute('aria-expanded'), 'true');
  const links = dropdownLinks();
  assert.equal(doc.activeElement, links[0]);
  await dom.key(links[0]!, 'ArrowDown');
  assert.equal(doc.activeElement, links[1]);
  await dom.key(links[1]!, 'ArrowDown');
  await dom.key(links[2]!, 'ArrowDown');
  assert.equal(doc.activeElement, links[0], 'wraps to the first');
  await dom.key(links[0]!, 'ArrowUp');
  assert.equal(doc.activeElement, links[2], 'wraps to the last');
  await dom.key(links[2]!, 'Home');
  assert.equal(doc.activeElement, links[0]);
  await dom.key(links[0]!, 'End');
  assert.equal(doc.activeElement, links[2]);
  await dom.key(links[2]!, 'Escape');
  assert.equal(toggle().getAttribute('aria-expanded'), 'false');
  assert.equal(doc.activeElement, toggle(), 'focus back on the button');
  // ArrowUp on the closed button opens at the last school.
  await dom.key(toggle(), 'ArrowUp');
  assert.equal(doc.activeElement, dropdownLinks()[2]);
  // Escape on the button itself also closes.
  toggle().focus();
  await dom.key(toggle(), 'Escape');
  assert.equal(toggle().getAttribute('aria-expanded'), 'false');
});

test('moving focus out of the open dropdown closes it', async () => {
  dom = await setupDom({ width: 1280 });
  await dom.render(withEnv(<NavBar nav={schools} />));
  await dom.key(toggle(), 'ArrowDown');
  assert.equal(toggle().getAttribute('aria-expanded'), 'true');
  const high = Array.from(dom.container.querySelectorAll<HTMLAnchorElement>('.nav__list a')).find(
    (a) => a.textContent === 'High School Options',
  )!;
  await dom.act(() => high.focus());
  assert.equal(toggle().getAttribute('aria-expanded'), 'false');
});

test('dropdown with no schools: arrow keys open it on the status text without errors', async () => {
  dom = await setupDom({ width: 1280 });
  await dom.render(withEnv(<NavBar nav={[]} />));
  await dom.key(toggle(), 'ArrowDown');
  assert.equal(toggle().getAttribute('aria-expanded'), 'true');
  assert.equal(panel().textContent, 'No schools found');
  assert.equal(panel().querySelector('[role="status"]')?.textContent, 'No schools found');
});

test('a school with only a staticLogo shows it in the dropdown and the phone menu (under the asset base)', async () => {
  const only: NavSchool[] = [
    { id: 'd', name: 'Dogwood', description: '', link: '/schools/d', icon: null, staticIcon: '/static/dogwood.png' },
  ];
  const html = renderToString(withEnv(<NavBar nav={only} />));
  const imgs = [...html.matchAll(/<img src="([^"]+)" width="64" height="64" alt="" class="school-link__icon"/g)];
  const src = '/theme/static/dogwood.png';
  assert.deepEqual(
    imgs.map((m) => m[1]),
    [src, src],
    'dropdown and phone menu',
  );
  // An unsafe address is ignored like anywhere else: the initials instead.
  const bad = renderToString(withEnv(<NavBar nav={[{ ...only[0]!, staticIcon: 'javascript:alert(1)' }]} />));
  assert.ok(!bad.includes('javascript:'));
  assert.ok(bad.includes('school-link__icon--monogram" aria-hidden="true" data-monogram="D">'));
});
