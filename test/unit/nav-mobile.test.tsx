// The small-screen menu: a labelled button opens a full-screen panel with the same entries; Escape or
// the close button closes it, focus goes in and comes back, and the page cannot scroll behind it.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { NavBar } from '../../src/components/NavBar.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import type { NavSchool } from '../../src/lib/content/types.ts';
import { setupDom, type Dom } from './helpers/dom.ts';
import { sampleSettings } from './helpers/landing-copy.ts';

// The sample district's settings: its outbound links are among the menu's entries.
const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/',
  settings: sampleSettings(),
};
const withEnv = (ui: ReactNode) => <SiteEnvProvider env={env}>{ui}</SiteEnvProvider>;
const schools: NavSchool[] = [
  { id: 'a', name: 'Aspen Middle School', description: '', link: '/schools/aspen', icon: null },
  { id: 'b', name: 'Birch Middle School', description: '', link: '/schools/birch', icon: null },
];

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

const menuButton = () => dom!.container.querySelector<HTMLButtonElement>('.mobile-menu__toggle')!;
const menuPanel = () => dom!.container.querySelector<HTMLElement>('.mobile-menu__panel')!;
const closeButton = () => dom!.container.querySelector<HTMLButtonElement>('.mobile-menu__close')!;
const locked = () => dom!.document.body.classList.contains('is-scroll-locked');

async function openMenu(nav: NavSchool[] | null = schools): Promise<void> {
  dom = await setupDom({ width: 375 });
  await dom.render(withEnv(<NavBar nav={nav} />));
  assert.equal(menuButton().getAttribute('aria-expanded'), 'false');
  assert.ok(menuPanel().hidden);
  menuButton().focus();
  await dom.act(() => menuButton().click());
}

test('server HTML: the small-screen menu is a <details> holding every entry, usable without JavaScript', () => {
  const html = renderToString(withEnv(<NavBar nav={schools} />));
  const menu = html.slice(html.indexOf('<details class="mobile-menu">'));
  assert.ok(menu.startsWith('<details class="mobile-menu"><summary class="mobile-menu__toggle">'));
  assert.ok(menu.includes('Open menu'));
  for (const text of [
    'Elementary School Options',
    'Middle School Options',
    'High School Options',
    'href="/schools/aspen"',
    'href="/schools/birch"',
  ]) {
    assert.ok(menu.includes(text), text);
  }
});

test('the menu button is labelled and opens a full-screen dialog with the same entries', async () => {
  await openMenu();
  const button = menuButton();
  assert.equal(button.getAttribute('aria-label'), 'Open menu');
  assert.equal(button.getAttribute('aria-expanded'), 'true');
  assert.equal(button.getAttribute('aria-controls'), menuPanel().id);
  const panel = menuPanel();
  assert.equal(panel.hidden, false);
  assert.equal(panel.getAttribute('role'), 'dialog');
  assert.equal(panel.getAttribute('aria-modal'), 'true');
  const links = Array.from(panel.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
  assert.deepEqual(
    links.map(([t]) => t),
    ['Elementary School Options', 'Aspen Middle School', 'Birch Middle School', 'High School Options', 'Shortlist (0)'],
  );
  assert.ok(panel.textContent!.includes('Middle School Options'));
  assert.equal(dom!.document.activeElement, closeButton(), 'focus moves into the panel');
  assert.equal(closeButton().getAttribute('aria-label'), 'Close menu');
  assert.ok(locked(), 'body scroll locked while open');
});

test('the close button closes the menu, unlocks scrolling and returns focus to the menu button', async () => {
  await openMenu();
  await dom!.act(() => closeButton().click());
  assert.ok(menuPanel().hidden);
  assert.equal(menuButton().getAttribute('aria-expanded'), 'false');
  assert.equal(locked(), false);
  assert.equal(dom!.document.activeElement, menuButton());
});

test('Escape closes the menu', async () => {
  await openMenu();
  await dom!.key(closeButton(), 'Escape');
  assert.ok(menuPanel().hidden);
  assert.equal(locked(), false);
  assert.equal(dom!.document.activeElement, menuButton());
});

test('Tab stays inside the open panel', async () => {
  await openMenu();
  const focusables = Array.from(menuPanel().querySelectorAll<HTMLElement>('a, button'));
  const last = focusables[focusables.length - 1]!;
  last.focus();
  await dom!.key(last, 'Tab');
  assert.equal(dom!.document.activeElement, focusables[0]);
  await dom!.key(focusables[0]!, 'Tab', { shiftKey: true });
  assert.equal(dom!.document.activeElement, last);
});

test('the menu shows the dropdown states too', async () => {
  await openMenu(null);
  assert.ok(menuPanel().textContent!.includes('Loading schools...'));
  dom!.cleanup();
  await openMenu([]);
  assert.ok(menuPanel().textContent!.includes('No schools found'));
});

test('unmounting an open menu releases the scroll lock', async () => {
  await openMenu();
  assert.ok(locked());
  await dom!.render(withEnv(<p>other page</p>));
  assert.equal(locked(), false);
});
