// The shortlist and the visit's position as stored in the browser:
// bad or hostile stored values degrade to nothing, the cap of 4, other tabs' changes, the link to
// the comparison; and the shortlist button and navigation link hydrating over the server HTML
// without a mismatch, then showing and changing the stored list (happy-dom).
import { strict as assert } from 'node:assert';
import { afterEach, describe, test } from 'node:test';
import { Profiler } from 'react';
import { renderToString } from 'react-dom/server';
import { setupDom, type Dom } from './helpers/dom.ts';
import {
  compareHref,
  parseShortlist,
  readShortlist,
  SHORTLIST_KEY,
  SHORTLIST_MAX,
  subscribeShortlist,
  toggleShortlist,
  writeShortlist,
} from '../../src/lib/family-tools/shortlist.ts';
import { POSITION_KEY, requestPosition, storedPosition } from '../../src/lib/family-tools/position.ts';
import { ShortlistButton } from '../../src/components/ShortlistButton.tsx';
import { ShortlistLink } from '../../src/components/ShortlistLink.tsx';
import { DistanceChip } from '../../src/components/DistanceChip.tsx';
import { SiteEnvProvider, defaultSiteEnv } from '../../src/SiteEnv.tsx';

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

describe('shortlist storage', () => {
  test('a bad or hostile stored value reads as an empty list or its usable slugs', () => {
    for (const raw of [null, '', 'nope', '{"a":1}', '"slug"', '42', 'null', `[${'"x",'.repeat(2000)}"x"]`])
      assert.deepEqual(parseShortlist(raw), [], String(raw).slice(0, 20));
    assert.deepEqual(parseShortlist('["a", 1, null, "../x", "a", "b,c", "b", {"x":1}, "c", "d", "e"]'), [
      'a',
      'b',
      'c',
      'd',
    ]);
    assert.equal(parseShortlist(JSON.stringify(Array.from({ length: 10 }, (_, i) => `s${i}`))).length, SHORTLIST_MAX);
  });

  test('add, remove, the cap of 4, and what is stored', async () => {
    dom = await setupDom();
    const store = dom.window.localStorage;
    assert.deepEqual(readShortlist(), []);
    for (const s of ['a', 'b', 'c', 'd']) assert.equal(toggleShortlist(s), 'added');
    assert.equal(toggleShortlist('e'), 'full');
    assert.deepEqual(readShortlist(), ['a', 'b', 'c', 'd']);
    assert.equal(store.getItem(SHORTLIST_KEY), '["a","b","c","d"]');
    assert.equal(toggleShortlist('b'), 'removed');
    assert.deepEqual(readShortlist(), ['a', 'c', 'd']);
    assert.equal(toggleShortlist('../etc/passwd'), 'failed');
    writeShortlist([]);
    assert.equal(store.getItem(SHORTLIST_KEY), null, 'an empty list leaves nothing behind');
    store.setItem(SHORTLIST_KEY, '<img src=x onerror=alert(1)>');
    assert.deepEqual(readShortlist(), []);
  });

  test('this tab’s changes and another tab’s storage event reach subscribers', async () => {
    dom = await setupDom();
    let calls = 0;
    const stop = subscribeShortlist(() => calls++);
    toggleShortlist('a');
    assert.equal(calls, 1);
    dom.window.localStorage.setItem(SHORTLIST_KEY, '["a","b"]');
    const win = dom.window;
    win.dispatchEvent(new win.StorageEvent('storage', { key: SHORTLIST_KEY }));
    win.dispatchEvent(new win.StorageEvent('storage', { key: 'other' }));
    assert.equal(calls, 2);
    assert.deepEqual(readShortlist(), ['a', 'b']);
    stop();
    toggleShortlist('a');
    assert.equal(calls, 2);
  });

  test('the comparison link names the schools in order, or none', () => {
    assert.equal(compareHref([]), '/compare/');
    assert.equal(compareHref(['a', 'b-c']), '/compare/?schools=a,b-c');
    assert.equal(compareHref(['é', 'x,y']), '/compare/?schools=%C3%A9');
  });
});

describe('the visit’s position', () => {
  test('kept in sessionStorage once granted; a bad stored value is no position', async () => {
    dom = await setupDom();
    assert.equal(storedPosition(), null);
    Object.defineProperty(dom.window.navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          setTimeout(() => ok({ coords: { latitude: 39.7, longitude: -105 } } as GeolocationPosition), 1),
      },
    });
    assert.deepEqual(await requestPosition(), { lat: 39.7, lng: -105 });
    assert.deepEqual(storedPosition(), { lat: 39.7, lng: -105 });
    for (const bad of ['x', '{"lat":"1","lng":2}', '{"lat":91,"lng":0}', '[]'])
      dom.window.sessionStorage.setItem(POSITION_KEY, bad), assert.equal(storedPosition(), null, bad);
  });

  test('a distance chip shows the visit’s position after hydration, without asking', async () => {
    dom = await setupDom();
    let asked = 0;
    Object.defineProperty(dom.window.navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: () => asked++ },
    });
    dom.window.sessionStorage.setItem(POSITION_KEY, JSON.stringify({ lat: 0, lng: 1 }));
    const ui = <DistanceChip location={{ lat: 0, lng: 0 }} />;
    const errors = await dom.hydrate(ui, renderToString(ui));
    assert.deepEqual(errors, []);
    assert.equal(dom.container.querySelector('.distance-chip__value')?.textContent, '69.1 mi');
    assert.equal(asked, 0);
  });
});

describe('shortlist button and navigation link', () => {
  const ui = (
    <SiteEnvProvider env={{ ...defaultSiteEnv, root: '/repo/' }}>
      <ShortlistButton slug="lincoln" title="Lincoln Middle School" />
      <ShortlistLink className="nav__link" />
    </SiteEnvProvider>
  );
  const button = (d: Dom) => d.container.querySelector('button.shortlist-button') as HTMLButtonElement;
  const link = (d: Dom) => d.container.querySelector('a.nav__link') as HTMLAnchorElement;
  const name = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

  test('server HTML is neutral; hydration shows the stored list without a mismatch', async () => {
    const html = renderToString(ui);
    assert.match(html, /aria-pressed="false"/);
    assert.match(html, /Shortlist \(0\)/);
    dom = await setupDom();
    dom.window.localStorage.setItem(SHORTLIST_KEY, '["lincoln","aspen"]');
    const errors = await dom.hydrate(ui, html);
    assert.deepEqual(errors, []);
    assert.equal(button(dom).getAttribute('aria-pressed'), 'true');
    assert.equal(name(button(dom)), 'Remove Lincoln Middle School from shortlist');
    assert.equal(link(dom).textContent, 'Shortlist (2)');
    assert.equal(link(dom).getAttribute('href'), '/repo/compare/?schools=lincoln,aspen');
  });

  test('with nothing stored, hydration is the only render: no second pass over every card', async () => {
    // A second pass re-rendered every card's button at once, synchronously, right after
    // hydration: on a phone, part of one long task.
    const html = renderToString(ui);
    dom = await setupDom();
    const commits: string[] = [];
    const counted = (
      <Profiler id="shortlist" onRender={(_id, phase) => commits.push(phase)}>
        {ui}
      </Profiler>
    );
    const errors = await dom.hydrate(counted, html);
    assert.deepEqual(errors, []);
    assert.deepEqual(commits, ['mount']);
    assert.equal(button(dom).getAttribute('aria-pressed'), 'false');
  });

  test('pressing toggles, the link follows; a full list says so and stays as it was', async () => {
    dom = await setupDom();
    await dom.render(ui);
    assert.equal(name(button(dom)), 'Add Lincoln Middle School to shortlist');
    await dom.act(() => button(dom!).click());
    assert.equal(button(dom).getAttribute('aria-pressed'), 'true');
    assert.equal(link(dom).textContent, 'Shortlist (1)');
    await dom.act(() => button(dom!).click());
    assert.equal(button(dom).getAttribute('aria-pressed'), 'false');
    assert.equal(link(dom).getAttribute('href'), '/repo/compare/');
    await dom.act(() => writeShortlist(['a', 'b', 'c', 'd']));
    await dom.act(() => button(dom!).click());
    assert.equal(button(dom).getAttribute('aria-pressed'), 'false');
    assert.match(dom.container.querySelector('.shortlist-toggle__note')!.textContent!, /already holds 4 schools/);
    assert.equal(link(dom).textContent, 'Shortlist (4)');
    // Room again (say, removed in another tab): the note goes.
    await dom.act(() => writeShortlist(['a', 'b', 'c']));
    assert.equal(dom.container.querySelector('.shortlist-toggle__note')!.textContent, '');
  });
});
