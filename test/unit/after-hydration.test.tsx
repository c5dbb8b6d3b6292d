// The families' bundles hydrate interactive parts late (src/components/after-hydration.tsx): the
// export's element stays as written while hydrating, works as it does without JavaScript, and the
// component takes its place when its chunk has loaded, starting from what the visitor already did.
// A card's photo stays as the export wrote it; a card mounted later gets the component.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { useState, type ReactNode } from 'react';
import { SchoolsDropdown as FullDropdown } from '../../src/components/SchoolsDropdown.tsx';
import { CardImage as FullCardImage } from '../../src/components/landing/CardImage.tsx';
import { CardImage, DistanceChip, SchoolsDropdown } from '../../src/components/after-hydration.tsx';
import { DistanceChip as FullDistanceChip } from '../../src/components/DistanceChip.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import type { NavSchool, SanityImage } from '../../src/lib/content/types.ts';
import { HydrationFlag } from '../../src/components/useHydrated.ts';
import { setupDom, type Dom } from './helpers/dom.ts';

const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/',
};
const withEnv = (ui: ReactNode) => <SiteEnvProvider env={env}>{ui}</SiteEnvProvider>;
const nav: NavSchool[] = [
  { id: 'a', name: 'Aspen Ridge Middle School', description: '', link: '/schools/aspen-ridge', icon: null },
];
const photo: SanityImage = { asset: { _ref: 'image-abc123-1600x1200-jpg' } } as SanityImage;

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

/** Waits (in act) until `find` returns something, or fails after `ms`. */
async function waitFor<T>(d: Dom, find: () => T | null | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out');
    await d.act(() => new Promise((r) => setTimeout(r, 20)));
  }
}

test('a menu keeps the export’s <details> while hydrating, then becomes the button, still open if opened', async () => {
  dom = await setupDom();
  const server = renderToString(withEnv(<FullDropdown nav={nav} />));
  const errors = await dom.hydrate(withEnv(<SchoolsDropdown nav={nav} />), server);
  assert.deepEqual(errors, []);
  const details = dom.container.querySelector('details.nav-dropdown') as HTMLDetailsElement | null;
  assert.ok(details, 'the export’s <details> is there after hydration');
  assert.match(details.innerHTML, /Aspen Ridge Middle School/, 'with the school list as written');
  // A visitor opens it before the code is there: the <details> opens by itself, and the pointer
  // asks for the code.
  details.open = true;
  const summary = details.querySelector('summary')!;
  await dom.act(() => summary.dispatchEvent(new dom!.window.PointerEvent('pointerdown', { bubbles: true }) as never));
  const button = await waitFor(dom, () => dom!.container.querySelector('.nav-dropdown > button'));
  assert.equal(button.getAttribute('aria-expanded'), 'true', 'the menu the visitor opened stays open');
  assert.equal((dom.container.querySelector('.nav-dropdown__panel') as HTMLElement).hidden, false);
  assert.equal(dom.container.querySelector('details'), null);
});

// On its own, a component learns that hydration is over from a store; under the app's root, from
// HydrationFlag's one update (src/components/useHydrated.ts). Both must tell a later card apart.
for (const [where, root] of [
  ['on its own', (ui: ReactNode) => ui],
  ['under the app’s root', (ui: ReactNode) => <HydrationFlag>{ui}</HydrationFlag>],
] as const)
  test(`${where}: a card’s photo stays as written; a card mounted after hydration gets the component`, async () => {
    dom = await setupDom();
    let add: () => void = () => {};
    function Cards({ Image }: { Image: typeof FullCardImage }) {
      const [more, setMore] = useState(false);
      add = () => setMore(true);
      return (
        <ul>
          <li>
            <Image image={photo} />
          </li>
          {more ? (
            <li>
              <Image image={photo} />
            </li>
          ) : null}
        </ul>
      );
    }
    const server = renderToString(withEnv(root(<Cards Image={FullCardImage} />)));
    const errors = await dom.hydrate(withEnv(root(<Cards Image={CardImage} />)), server);
    assert.deepEqual(errors, []);
    const written = /<img[^>]*>/.exec(server)![0];
    assert.match(written, /src="https:\/\/img\.test\//);
    const first = dom.container.querySelector('img')!;
    // The DOM spells attribute names in lower case (srcset), renderToString as React does (srcSet).
    const same = (html: string) => html.toLowerCase().replace(/\s*\/>$/, '>');
    assert.equal(same(first.outerHTML), same(written), 'the export’s <img> untouched');
    await dom.act(() => add());
    const second = await waitFor(dom, () => dom!.container.querySelectorAll('img')[1]);
    assert.equal(second.getAttribute('src'), first.getAttribute('src'), 'the later card builds the same photo');
    assert.equal(second.getAttribute('srcset'), first.getAttribute('srcset'));
  });

test('a press on the distance chip before its code has loaded is answered once it has', async () => {
  dom = await setupDom();
  let asked = 0;
  Object.defineProperty(dom.window.navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) => {
        asked++;
        ok({ coords: { latitude: 37.78, longitude: -122.42 } });
      },
    },
  });
  const school = { lat: 37.8, lng: -122.41 };
  const server = renderToString(withEnv(<FullDistanceChip location={school} />));
  const errors = await dom.hydrate(withEnv(<DistanceChip location={school} />), server);
  assert.deepEqual(errors, []);
  const written = dom.container.querySelector('.distance button') as HTMLButtonElement;
  assert.ok(written, 'the export’s chip is there');
  await dom.act(() => written.click());
  await waitFor(dom, () => dom!.container.querySelector('.distance-chip--value'));
  assert.equal(asked, 1, 'the press asked for the position, once');
});
