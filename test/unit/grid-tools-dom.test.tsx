// The landing grid's tools in a DOM (happy-dom): the grid shows every card until the tools and the
// facts have loaded; then the filter buttons (aria-pressed) change the cards, the count and the
// address, the address's state applies on load and on popstate, and "Sort by distance" orders
// nearest first with each card's distance, or leaves the order and says why when there is no position.
import { strict as assert } from 'node:assert';
import { afterEach, describe, test } from 'node:test';
import { setupDom, type Dom } from './helpers/dom.ts';
import { SchoolGrid } from '../../src/components/landing/SchoolGrid.tsx';
import { factsOf, restoreFetch, serveFacts } from './helpers/facts-fixture.ts';
import type { LandingCard } from '../../src/lib/content/types.ts';
import { defaultSiteEnv, SiteEnvProvider } from '../../src/SiteEnv.tsx';
import { es } from '../../src/i18n/es.ts';
import type { Messages } from '../../src/i18n/messages.ts';
import { landingCopy } from '../../src/lib/content/landing-copy.ts';

const COPY = landingCopy(null, 'en');

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
  restoreFetch();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const card = (slug: string, title: string): LandingCard => ({ id: slug, slug, title, description: '', image: null });
const CARDS = [card('alpha', 'Alpha'), card('bravo', 'Bravo'), card('charlie', 'Charlie'), card('delta', 'Delta')];
const f = factsOf;
const FACTS = [
  f('alpha', { location: { lat: 1, lng: 0 }, programs: { arts: ['Band'], athletics: [], clubs: [] } }),
  f('bravo', {
    type: 'charter',
    location: { lat: 0, lng: 0.1 },
    programs: { arts: [], athletics: [], clubs: ['Robotics'] },
  }),
  f('charlie', { programs: { arts: ['Band'], athletics: [], clubs: ['Robotics'] } }),
  f('delta', { type: 'charter', location: { lat: 0.5, lng: 0 } }),
];

/** An IntersectionObserver the test drives: `near()` reports the grid as near the window. */
function stubObserver(d: Dom): { near: () => void; observed: number } {
  const state = { observed: 0, near: () => {} };
  class Observer {
    constructor(private readonly cb: IntersectionObserverCallback) {}
    observe() {
      state.observed++;
      state.near = () => this.cb([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
    }
    disconnect() {}
  }
  Object.defineProperty(d.window, 'IntersectionObserver', { value: Observer, configurable: true });
  return state;
}

let n = 0;
async function setup(
  url = 'http://localhost/',
  geo?: { lat: number; lng: number } | 'denied',
  messages?: Messages,
): Promise<Dom> {
  const d = await setupDom({ url });
  const observer = stubObserver(d);
  serveFacts(FACTS);
  if (geo)
    Object.defineProperty(d.window.navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          setTimeout(() => {
            if (geo === 'denied') fail({ code: 1, message: 'denied' } as GeolocationPositionError);
            else ok({ coords: { latitude: geo.lat, longitude: geo.lng } } as GeolocationPosition);
          }, 1),
      },
    });
  // A new file name per test: the facts are fetched once per page and name.
  const grid = <SchoolGrid id="options" cards={CARDS} factsSrc={`/school-facts.${++n}.json`} copy={COPY} />;
  await d.render(messages ? <SiteEnvProvider env={{ ...defaultSiteEnv, messages }}>{grid}</SiteEnvProvider> : grid);
  if (!url.includes('?')) {
    await d.act(() => sleep(30));
    assert.equal(d.container.querySelector(LIVE), null, 'nothing loads before the grid nears the window');
    assert.equal(observer.observed, 1);
    observer.near();
  }
  // The idle callback or timer, the chunk (compiled on first import), the fetch.
  for (let i = 0; i < 100 && !d.container.querySelector(LIVE); i++) await d.act(() => sleep(50));
  assert.ok(d.container.querySelector(LIVE), 'the tools showed');
  return d;
}

/** The working tools, not the pending panel the page draws until they load. */
const LIVE = '.grid-tools:not(.grid-tools--pending)';

const titles = (d: Dom) => [...d.container.querySelectorAll('.school-card__title')].map((h) => h.textContent);
const button = (d: Dom, label: string) =>
  [...d.container.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
const count = (d: Dom) => d.container.querySelector('.grid-filters__count');
const click = async (d: Dom, label: string) => {
  await d.act(async () => {
    button(d, label).click();
    await sleep(10);
  });
};

describe('grid tools', () => {
  test('without facts the grid is as the server rendered it: every card, no tools', async () => {
    dom = await setupDom();
    await dom.render(<SchoolGrid id="options" cards={CARDS} copy={COPY} />);
    await dom.act(() => sleep(20));
    assert.deepEqual(titles(dom), ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    assert.equal(dom.container.querySelector('.grid-tools'), null);
  });

  test('until the tools load, the page draws their panel pending (inert, the same groups), then swaps it', async () => {
    dom = await setupDom({ url: 'http://localhost/' });
    const observer = stubObserver(dom);
    serveFacts(FACTS);
    const groups = ['arts', 'clubs'] as const;
    await dom.render(
      <SchoolGrid
        id="options"
        cards={CARDS}
        factsSrc={`/school-facts.${++n}.json`}
        programGroups={[...groups]}
        copy={COPY}
      />,
    );
    const expandLabels = (sel: string) =>
      [...dom!.container.querySelectorAll(`${sel} .grid-filters__expand`)].map((b) => b.textContent);
    const pending = dom.container.querySelector('.grid-tools--pending')!;
    assert.ok(pending, 'drawn before the tools load, so the cards do not move when they do');
    assert.equal(pending.hasAttribute('inert'), true, 'not usable yet: not focusable, not announced');
    assert.ok(pending.classList.contains('js-only'), 'hidden without JavaScript');
    assert.deepEqual(expandLabels('.grid-tools--pending'), ['Arts', 'Clubs']);
    assert.equal(pending.querySelector('[role="status"]'), null, 'nothing announced while pending');
    observer.near();
    for (let i = 0; i < 100 && !dom.container.querySelector(LIVE); i++) await dom.act(() => sleep(50));
    assert.equal(dom.container.querySelectorAll('.grid-tools').length, 1, 'replaced, not added');
    assert.deepEqual(expandLabels(LIVE), ['Arts', 'Clubs']);
  });

  test('filters: pressed state, count announced, address written, groups combined', async () => {
    dom = await setup();
    const group = dom.container.querySelector('fieldset.grid-filters > legend');
    assert.equal(group?.textContent, 'Filter schools');
    assert.deepEqual(
      [...dom.container.querySelectorAll('.grid-filters__group-title')].map((l) => l.textContent),
      ['School type', 'Arts', 'Clubs'],
      'Athletics is hidden: no school lists it',
    );
    const clubs = button(dom, 'Clubs');
    assert.equal(clubs.getAttribute('aria-expanded'), 'false');
    assert.equal(dom.document.getElementById(clubs.getAttribute('aria-controls')!)?.hasAttribute('hidden'), true);
    await click(dom, 'Clubs');
    assert.equal(clubs.getAttribute('aria-expanded'), 'true');
    assert.equal(dom.document.getElementById(clubs.getAttribute('aria-controls')!)?.hasAttribute('hidden'), false);
    assert.equal(count(dom)?.getAttribute('aria-live'), 'polite');
    assert.equal(count(dom)?.textContent, '4 schools');
    await click(dom, 'Charter schools');
    assert.equal(button(dom, 'Charter schools').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(titles(dom), ['Bravo', 'Delta']);
    assert.equal(dom.window.location.search, '?type=charter');
    await click(dom, 'Robotics');
    assert.deepEqual(titles(dom), ['Bravo']);
    assert.equal(count(dom)?.textContent, '1 school');
    assert.equal(dom.window.location.search, '?type=charter&program=robotics');
    assert.equal(button(dom, 'Band'), undefined, 'a closed group has no buttons');
    await click(dom, 'Arts');
    await click(dom, 'Band');
    assert.deepEqual(titles(dom), [], 'charter, Band (Arts) and Robotics (Clubs): no school has all three');
    assert.equal(count(dom)?.textContent, '0 schools');
    assert.match(dom.container.textContent!, /No schools match these filters/);
    await click(dom, 'Charter schools');
    assert.deepEqual(titles(dom), ['Charlie']);
    await click(dom, 'Robotics');
    assert.deepEqual(titles(dom), ['Alpha', 'Charlie']);
    await click(dom, 'Clear filters');
    assert.equal(dom.window.location.search, '');
    assert.deepEqual(titles(dom), ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    assert.equal(button(dom, 'Band').getAttribute('aria-pressed'), 'false');
  });

  test('the address’s filters apply on load and when it changes (back button)', async () => {
    dom = await setup('http://localhost/?type=district&program=band,nonsense');
    assert.deepEqual(titles(dom), ['Alpha', 'Charlie']);
    assert.equal(button(dom, 'District schools').getAttribute('aria-pressed'), 'true');
    assert.equal(button(dom, 'Arts').getAttribute('aria-expanded'), 'true', 'a group with a pressed button is open');
    assert.equal(button(dom, 'Clubs').getAttribute('aria-expanded'), 'false');
    dom.window.history.pushState(null, '', '/?program=robotics');
    await dom.act(async () => {
      dom!.window.dispatchEvent(new dom!.window.PopStateEvent('popstate'));
      await sleep(5);
    });
    assert.deepEqual(titles(dom), ['Bravo', 'Charlie']);
    assert.equal(button(dom, 'District schools').getAttribute('aria-pressed'), 'false');
  });
  test('sort by distance: nearest first with distances, no location last; back to name order', async () => {
    dom = await setup('http://localhost/', { lat: 0, lng: 0 });
    assert.equal(button(dom, 'Sort by name').getAttribute('aria-pressed'), 'true');
    await click(dom, 'Sort by distance');
    assert.equal(button(dom, 'Sort by distance').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(titles(dom), ['Bravo', 'Delta', 'Alpha', 'Charlie']);
    assert.deepEqual(
      [...dom.container.querySelectorAll('.school-card__distance-value')].map((e) => e.textContent),
      ['6.9 mi', '34.5 mi', '69.1 mi'],
    );
    // A screen reader hears that the order changed, as it hears a failure.
    const message = dom.container.querySelector('.grid-tools__message')!;
    assert.equal(message.getAttribute('role'), 'status');
    assert.equal(message.textContent, 'Sorted by distance from your location, nearest first.');
    await click(dom, 'Charter schools');
    assert.deepEqual(titles(dom), ['Bravo', 'Delta'], 'filters keep the order');
    await click(dom, 'Sort by name');
    assert.deepEqual(titles(dom), ['Bravo', 'Delta']);
    assert.equal(dom.container.querySelector('.school-card__distance-value'), null);
    assert.equal(dom.container.querySelector('.grid-tools__message')!.textContent, '');
  });

  test('sort by distance denied: a short message, the order unchanged', async () => {
    dom = await setup('http://localhost/', 'denied');
    await click(dom, 'Sort by distance');
    assert.match(dom.container.querySelector('.grid-tools__message')!.textContent!, /location is not available/);
    assert.deepEqual(titles(dom), ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    assert.equal(button(dom, 'Sort by name').getAttribute('aria-pressed'), 'true');
  });

  test('in Spanish: the tools, the count, the distances and the shortlist buttons in the catalogue’s words', async () => {
    dom = await setup('http://localhost/es/', { lat: 0, lng: 0 }, es);
    assert.equal(dom.container.querySelector('.grid-filters__title')?.textContent, 'Filtrar escuelas');
    assert.equal(count(dom)?.textContent, '4 escuelas');
    await click(dom, 'Ordenar por distancia');
    assert.deepEqual(titles(dom), ['Bravo', 'Delta', 'Alpha', 'Charlie']);
    assert.deepEqual(
      [...dom.container.querySelectorAll('.school-card__distance-value')].map((e) => e.textContent),
      ['6.9 mi', '34.5 mi', '69.1 mi'],
    );
    await click(dom, 'Escuelas chárter');
    assert.equal(count(dom)?.textContent, '2 escuelas');
    assert.match(dom.window.location.search, /type=charter/, 'the address keeps the same tokens');
    const shortlist = dom.container.querySelector('.shortlist-button')!.textContent;
    assert.equal(shortlist, 'Agregar Bravo a mi lista');
    assert.ok(!dom.container.textContent!.includes('Sort by'), 'no English words');
  });
});
