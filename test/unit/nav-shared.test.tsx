// A district-sized navigation list ships as one shared file (SiteEnv.navSrc) instead of inside
// every page. These tests are what a family would notice: without JavaScript the menus offer a
// link to the landing grid; with it the page hydrates cleanly, fetches the file once for both
// menus and lists every school; a failed fetch ends the loading with 'No schools found'.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Layout } from '../../src/components/Layout.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import type { NavSchool } from '../../src/lib/content/types.ts';
import { NAV_ALL_SCHOOLS } from '../../src/config/site.ts';
import { en } from '../../src/i18n/en.ts';

const NAV_STATES = en.nav;
import { parseNavList } from '../../src/lib/content/mapping.ts';
import { setupDom, type Dom } from './helpers/dom.ts';

const schools: NavSchool[] = Array.from({ length: 30 }, (_, i) => ({
  id: `s${i}`,
  name: `School ${i}`,
  description: '',
  link: `/schools/s${i}`,
  icon: null,
}));

let dom: Dom | null = null;
const realFetch = globalThis.fetch;
const realError = console.error;
afterEach(() => {
  dom?.cleanup();
  dom = null;
  globalThis.fetch = realFetch;
  console.error = realError;
});

// Each test names its own file: the loader shares one request per URL for the page's lifetime.
const envFor = (navSrc: string): SiteEnv => ({
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/',
  navSrc,
});
const page = (env: SiteEnv): ReactNode => (
  <SiteEnvProvider env={env}>
    <Layout nav={null}>
      <p>content</p>
    </Layout>
  </SiteEnvProvider>
);

function stubFetch(answer: (url: string) => Promise<Response>): string[] {
  const calls: string[] = [];
  globalThis.fetch = ((input: string | URL) => {
    calls.push(String(input));
    return answer(String(input));
  }) as typeof fetch;
  return calls;
}

test('without JavaScript: both menus link to the landing grid instead of listing schools', () => {
  const html = renderToString(page(envFor('/navigation-nojs.json')));
  const fallback = `<a class="school-link" href="${NAV_ALL_SCHOOLS.href}">${en.nav.allSchools}</a>`;
  assert.equal(html.split(fallback).length - 1, 2, 'dropdown and mobile menu');
  assert.ok(!html.includes('href="/schools/'));
  assert.ok(!html.includes(NAV_STATES.loading), 'no loading state that never ends');
});

test('with JavaScript: hydrates without mismatch, fetches the file once, lists every school in both menus', async () => {
  const calls = stubFetch(async () => new Response(JSON.stringify(schools), { status: 200 }));
  dom = await setupDom({ width: 1280 });
  const ui = page(envFor('/navigation-ok.json'));
  const errors = await dom.hydrate(ui, renderToString(ui));
  assert.deepEqual(errors, []);
  await dom.act(() => new Promise((r) => setTimeout(r, 0)));
  assert.deepEqual(calls, ['/navigation-ok.json']);
  for (const menu of ['.nav-dropdown__panel', '.mobile-menu__panel']) {
    const links: (string | null)[] = Array.from(
      dom.container.querySelectorAll<HTMLAnchorElement>(`${menu} .school-list a`),
      (a) => a.getAttribute('href'),
    );
    assert.deepEqual(
      links,
      schools.map((s) => s.link),
      menu,
    );
  }
  assert.equal(
    dom.container.querySelector(`a[href="${NAV_ALL_SCHOOLS.href}"].school-link`),
    null,
    'the no-JS link is gone',
  );
});

test('while the file loads the menus say "Loading schools..."; a failed fetch is logged and shows "No schools found"', async () => {
  let fail!: (r: Response) => void;
  stubFetch(
    () =>
      new Promise((resolve) => {
        fail = resolve;
      }),
  );
  const logged: unknown[] = [];
  console.error = (...args: unknown[]) => {
    logged.push(args);
  };
  dom = await setupDom({ width: 1280 });
  const ui = page(envFor('/navigation-fail.json'));
  await dom.hydrate(ui, renderToString(ui));
  assert.equal(dom.container.querySelector('.nav-dropdown__panel')!.textContent, NAV_STATES.loading);
  await dom.act(async () => {
    fail(new Response('<!doctype html>not found', { status: 404 }));
    await new Promise((r) => setTimeout(r, 0));
  });
  assert.equal(dom.container.querySelector('.nav-dropdown__panel')!.textContent, NAV_STATES.empty);
  assert.equal(logged.length, 1);
});

test('parseNavList keeps usable school entries and drops the rest', () => {
  assert.deepEqual(
    parseNavList([
      schools[0],
      null,
      'x',
      { name: 'No link' },
      { name: 'Off site', link: 'https://evil.test/' },
      { name: 'Script', link: 'javascript:alert(1)' },
      { name: 7, link: '/schools/x' },
    ]),
    [schools[0]],
  );
  assert.deepEqual(parseNavList([{ name: 'Bare', link: '/schools/bare' }]), [
    { id: '', name: 'Bare', description: '', link: '/schools/bare', icon: null },
  ]);
  assert.throws(() => parseNavList({ schools }), /does not hold a list/);
});
