// School page behaviour in a DOM (happy-dom): distance chip, accordion, section menu, video facade,
// and hydration of the full server-rendered page without mismatches or console errors.
import { strict as assert } from 'node:assert';
import { afterEach, describe, test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { setupDom, type Dom } from './helpers/dom.ts';
import { sampleSchool } from './helpers/school-fixture.ts';
import { parseHtml, text } from './helpers/html.ts';
import { Accordion, ACCORDION_TRANSITION_MS } from '../../src/components/Accordion.tsx';
import { DistanceChip } from '../../src/components/DistanceChip.tsx';
import { SectionMenu } from '../../src/components/SectionMenu.tsx';
import { VideoFacade } from '../../src/components/VideoFacade.tsx';
import { App } from '../../src/App.tsx';
import { SchoolPage } from '../../src/pages/SchoolPage.tsx';
import { defaultSiteEnv, SiteEnvProvider } from '../../src/SiteEnv.tsx';
import { builtinSettings } from '../../src/lib/content/builtin-settings.ts';
import { en } from '../../src/i18n/en.ts';
import type { PageData } from '../../src/routes.ts';

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type GeoMock = { calls: number; getCurrentPosition(ok: PositionCallback, fail: PositionErrorCallback): void };
function mockGeo(d: Dom, answer: { lat: number; lng: number } | 'denied' | 'throws'): GeoMock {
  const geo: GeoMock = {
    calls: 0,
    getCurrentPosition(ok, fail) {
      geo.calls++;
      if (answer === 'throws') throw new Error('blocked');
      // Real browsers answer asynchronously.
      setTimeout(() => {
        if (answer === 'denied') fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
        else ok({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
      }, 1);
    },
  };
  Object.defineProperty(d.window.navigator, 'geolocation', { value: geo, configurable: true });
  return geo;
}

describe('distance chip', () => {
  const school = { lat: 0, lng: 0 };
  const chip = (d: Dom) => d.container.querySelector('button.distance-chip') as HTMLButtonElement;
  const press = async (d: Dom) => {
    await d.act(async () => {
      chip(d).click();
      await sleep(5);
    });
  };

  test("granted: pin icon and the distance in miles to one decimal ('69.1 mi' for one degree at the equator)", async () => {
    dom = await setupDom();
    const geo = mockGeo(dom, { lat: 0, lng: 1 });
    await dom.render(<DistanceChip location={school} />);
    assert.equal(chip(dom).textContent, 'Get Distance');
    assert.equal(geo.calls, 0, 'no position request before the click');
    await press(dom);
    assert.equal(geo.calls, 1);
    assert.equal(chip(dom).textContent, '69.1 mi from your location');
    assert.equal(chip(dom).querySelector('.distance-chip__value')!.textContent, '69.1 mi');
    // The name starts with what the chip shows (WCAG 2.5.3): no aria-label replaces it.
    assert.equal(chip(dom).getAttribute('aria-label'), null);
    assert.equal(chip(dom).querySelector('svg')!.getAttribute('aria-hidden'), 'true');
  });

  test("denied: back to 'Get Distance' with no message", async () => {
    dom = await setupDom();
    mockGeo(dom, { lat: 0, lng: 1 });
    await dom.render(<DistanceChip location={school} />);
    await press(dom);
    assert.equal(chip(dom).querySelector('.distance-chip__value')!.textContent, '69.1 mi');
    mockGeo(dom, 'denied');
    await press(dom);
    assert.equal(chip(dom).textContent, 'Get Distance');
    assert.equal(dom.container.textContent, 'Get Distance');
  });

  test('denied, in a district with ZIP codes: the chip returns to the prompt and offers a ZIP code instead', async () => {
    dom = await setupDom();
    mockGeo(dom, 'denied');
    const settings = { ...builtinSettings(en), zipCodes: [{ zip: '80210', lat: 0, lng: 1 }] };
    await dom.render(
      <SiteEnvProvider env={{ ...defaultSiteEnv, settings }}>
        <DistanceChip location={school} />
      </SiteEnvProvider>,
    );
    assert.equal(dom.container.querySelector('.distance__zip'), null, 'nothing offered before a refusal');
    await press(dom);
    assert.equal(chip(dom).textContent, 'Get Distance', 'the chip itself is reset (spec section 4)');
    assert.match(text(dom.container.querySelector('.distance__offer')), /distance from your ZIP code/);
    const form = dom.container.querySelector('.distance__zip form') as HTMLFormElement;
    const input = form.querySelector('input')!;
    const submit = async (value: string) => {
      await dom!.act(async () => {
        input.value = value;
        (form.querySelector('button[type="submit"]') as HTMLButtonElement).click();
        await sleep(1);
      });
    };
    await submit('8021');
    assert.match(text(form.querySelector('[role="status"]')), /“8021” is not a ZIP code/);
    await submit('80210');
    assert.equal(chip(dom).textContent, '69.1 mi from the center of ZIP code 80210');
    assert.equal(text(dom.container.querySelector('.distance__from')), 'from the center of ZIP code 80210');
    assert.equal(text(form.querySelector('[role="status"]')), '', 'the earlier problem is gone');
  });

  test('a distance that rounds to 0 shows the prompt', async () => {
    dom = await setupDom();
    mockGeo(dom, { lat: 0.0001, lng: 0.0001 });
    await dom.render(<DistanceChip location={school} />);
    await press(dom);
    assert.equal(chip(dom).textContent, 'Get Distance');
  });

  test('while it looks for the position the chip says so in words, aria-busy; each click asks afresh', async () => {
    dom = await setupDom();
    const seen: (PositionOptions | undefined)[] = [];
    let answer: ((p: GeolocationPosition) => void) | null = null;
    Object.defineProperty(dom.window.navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition(ok: (p: GeolocationPosition) => void, _fail: unknown, opts?: PositionOptions) {
          seen.push(opts);
          answer = ok;
        },
      },
    });
    await dom.render(<DistanceChip location={school} />);
    await press(dom);
    assert.equal(chip(dom).textContent, 'Finding your location…');
    assert.equal(chip(dom).getAttribute('aria-busy'), 'true');
    await press(dom); // a second click while waiting does not start a second request
    assert.equal(seen.length, 1);
    await dom.act(async () => {
      answer!({ coords: { latitude: 0, longitude: 1 } } as GeolocationPosition);
      await sleep(1);
    });
    assert.equal(chip(dom).querySelector('.distance-chip__value')!.textContent, '69.1 mi');
    assert.equal(chip(dom).getAttribute('aria-busy'), null);
    await press(dom);
    assert.equal(chip(dom).textContent, 'Finding your location…', 'the old distance is not shown as if current');
    assert.equal(seen.length, 2);
    for (const o of seen) assert.ok((o?.maximumAge ?? Infinity) <= 5000, `maximumAge ${o?.maximumAge}`);
  });

  test('no geolocation, or a throwing one: stays the prompt', async () => {
    dom = await setupDom();
    Object.defineProperty(dom.window.navigator, 'geolocation', { value: undefined, configurable: true });
    await dom.render(<DistanceChip location={school} />);
    await press(dom);
    assert.equal(chip(dom).textContent, 'Get Distance');
    mockGeo(dom, 'throws');
    await press(dom);
    assert.equal(chip(dom).textContent, 'Get Distance');
  });
});

describe('accordion', () => {
  const ui = (defaultOpen = false) => (
    <Accordion title="Honors" defaultOpen={defaultOpen}>
      <p>Panel text</p>
    </Accordion>
  );

  test('server HTML is <details> with the text; after hydration a button controls the panel', async () => {
    const html = renderToString(ui());
    assert.match(html, /^<details class="accordion"><summary/);
    assert.ok(html.includes('Panel text'));
    dom = await setupDom();
    const errors = await dom.hydrate(ui(), html);
    assert.deepEqual(errors, []);
    const button = dom.container.querySelector('h3 > button')!;
    const panel = dom.document.getElementById(button.getAttribute('aria-controls')!)!;
    assert.equal(button.getAttribute('type'), 'button');
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    // Not a landmark: two open panels titled alike would be landmarks with one name (landmark-unique).
    assert.equal(panel.getAttribute('role'), null);
    assert.ok(panel.hasAttribute('hidden'));
  });

  test('click opens (animated), click again closes after the transition', async () => {
    dom = await setupDom();
    await dom.render(ui());
    const button = dom.container.querySelector('button')!;
    const panel = () => dom!.document.getElementById(button.getAttribute('aria-controls')!)!;
    await dom.act(() => button.click());
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    assert.equal(panel().hasAttribute('hidden'), false);
    assert.equal(panel().getAttribute('data-animate'), 'true');
    await dom.act(() => button.click());
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    assert.equal(panel().getAttribute('data-state'), 'closing');
    assert.equal(panel().hasAttribute('hidden'), false, 'still visible while fading out');
    await dom.act(() => sleep(ACCORDION_TRANSITION_MS + 30));
    assert.ok(panel().hasAttribute('hidden'));
  });

  test('keyboard: the control is a focusable native button; Enter activation toggles it', async () => {
    dom = await setupDom({ reducedMotion: true });
    await dom.render(ui(true));
    const button = dom.container.querySelector('button')! as HTMLButtonElement;
    button.focus();
    assert.equal(dom.document.activeElement, button);
    assert.equal(button.hasAttribute('tabindex'), false);
    assert.equal(button.disabled, false);
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    // happy-dom has no key activation behaviour: a browser turns Enter/Space on a <button> into click.
    await dom.key(button, 'Enter');
    await dom.act(() => button.click());
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    assert.ok(
      dom.document.getElementById(button.getAttribute('aria-controls')!)!.hasAttribute('hidden'),
      'reduced motion: hidden at once',
    );
  });
});

describe('section menu', () => {
  const items = [
    { id: 'one', title: 'Academics' },
    { id: 'two', title: 'Arts' },
    { id: 'tours', title: 'Tours', number: 6 },
  ];
  async function mount(tops = [300, 1300, 2300], width = 375) {
    const d = await setupDom({ width, height: 800 });
    const page = d.document.createElement('div');
    page.innerHTML = items
      .map((i) => `<section id="${i.id}" tabindex="-1" style="height:1000px">${i.title}</section>`)
      .join('');
    d.document.body.appendChild(page);
    Object.defineProperty(d.document.documentElement, 'scrollHeight', { value: 3000, configurable: true });
    setTops(d, tops);
    await d.render(<SectionMenu items={items} numbered label="School sections" />);
    return d;
  }
  const setTops = (d: Dom, tops: number[]) =>
    items.forEach((item, i) => {
      const el = d.document.getElementById(item.id)!;
      el.getBoundingClientRect = () =>
        ({
          top: tops[i]!,
          bottom: tops[i]! + 1000,
          left: 0,
          right: 375,
          width: 375,
          height: 1000,
          x: 0,
          y: tops[i]!,
        }) as DOMRect;
    });
  const scroll = async (d: Dom, y: number) => {
    await d.act(async () => {
      d.window.scrollTo(0, y);
      d.window.dispatchEvent(new d.window.Event('scroll'));
      await sleep(40);
    });
  };

  test("numbered links '01 Academics' … '06 Tours'; toggle 'Toggle navigation menu' with aria-expanded/controls", async () => {
    dom = await mount();
    assert.equal(dom.container.querySelector('a[aria-current]'), null, 'no section reached at the top of the page');
    const links = [...dom.container.querySelectorAll('a')];
    assert.deepEqual(
      links.map((a) => a.textContent),
      ['01 Academics', '02 Arts', '06 Tours'],
    );
    const toggle = dom.container.querySelector('button')!;
    assert.equal(toggle.getAttribute('aria-label'), 'Toggle navigation menu');
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(dom.document.getElementById(toggle.getAttribute('aria-controls')!)!.tagName, 'OL');
    assert.equal(dom.container.querySelector('.section-menu__current')!.textContent, '01 Academics');
    await dom.act(() => toggle.click());
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(dom.container.querySelector('nav')!.classList.contains('is-open'));
    await dom.key(toggle, 'Escape');
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(dom.document.activeElement, toggle);
  });

  test('active section follows scrolling; the last becomes active at the bottom of the page', async () => {
    dom = await mount();
    setTops(dom, [0, 1000, 2000]);
    await scroll(dom, 10);
    const current = () => dom!.container.querySelector('a[aria-current]')?.textContent ?? null;
    assert.equal(current(), '01 Academics');
    setTops(dom, [-1000, 0, 1000]);
    await scroll(dom, 1000);
    assert.equal(current(), '02 Arts');
    assert.equal(dom.container.querySelector('.section-menu__current')!.textContent, '02 Arts');
    // Bottom: 2200 + 800 = 3000 = page height, although the last section's top is still far down.
    setTops(dom, [-2200, -1200, 400]);
    await scroll(dom, 2200);
    assert.equal(current(), '06 Tours');
  });

  test('a click scrolls smoothly below the measured bar, replaces the hash and closes the menu', async () => {
    dom = await mount();
    setTops(dom, [100, 1100, 2100]);
    const calls: unknown[] = [];
    dom.window.scrollTo = ((opts: unknown) => {
      calls.push(opts);
    }) as typeof dom.window.scrollTo;
    (globalThis as { scrollTo?: unknown }).scrollTo = dom.window.scrollTo;
    const pushes: string[] = [];
    const replace = dom.window.history.replaceState.bind(dom.window.history);
    dom.window.history.replaceState = (s: unknown, t: string, url?: string | URL | null) => {
      pushes.push(String(url));
      replace(s, t, url ?? undefined);
    };
    const nav = dom.container.querySelector('nav')!;
    nav.getBoundingClientRect = () =>
      ({ top: 0, bottom: 56, height: 56, left: 0, right: 375, width: 375, x: 0, y: 0 }) as DOMRect;
    nav.style.position = 'sticky';
    nav.style.top = '0px';
    await dom.act(() => dom!.container.querySelector('button')!.click());
    await dom.act(() => (dom!.container.querySelectorAll('a')[1] as HTMLAnchorElement).click());
    assert.deepEqual(calls, [{ top: 1100 - 56, behavior: 'smooth' }]);
    assert.deepEqual(pushes, ['#two']);
    assert.equal(dom.window.location.hash, '#two');
    assert.equal(dom.container.querySelector('button')!.getAttribute('aria-expanded'), 'false');
    assert.equal(dom.document.activeElement, dom.document.getElementById('two'));
  });

  test('server HTML: plain anchor links, no toggle (works without JavaScript)', () => {
    const html = renderToString(<SectionMenu items={items} numbered label="School sections" />);
    assert.ok(html.includes('href="#one"') && html.includes('href="#tours"'));
    assert.ok(!html.includes('<button'));
    assert.ok(html.includes('data-sticky'));
  });
});

describe('video facade', () => {
  test('only poster and play button until pressed; then the privacy-enhanced iframe', async () => {
    const ui = (
      <VideoFacade videoId="dQw4w9WgXcQ" title="Sam on band" poster={{ src: '/p.jpg', width: 1920, height: 1080 }} />
    );
    const html = renderToString(ui);
    assert.ok(!html.includes('youtube-nocookie') && !html.includes('<iframe'));
    dom = await setupDom();
    assert.deepEqual(await dom.hydrate(ui, html), []);
    const play = dom.container.querySelector('button.video-facade__play')!;
    assert.equal(play.getAttribute('aria-label'), 'Play video: Sam on band');
    assert.equal(dom.container.querySelector('iframe'), null);
    assert.ok(dom.container.querySelector('img.video-facade__poster'));
    await dom.act(() => (play as HTMLButtonElement).click());
    const frame = dom.container.querySelector('iframe')!;
    assert.equal(frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    assert.equal(frame.getAttribute('title'), 'Sam on band');
    assert.equal(dom.container.querySelector('.video-facade__play'), null);
  });
});

describe('hydration', () => {
  test('the full school page hydrates with no recoverable errors and no console.error', async () => {
    const data: PageData = { page: 'school', nav: [], school: sampleSchool() };
    const ui = <App data={data} env={defaultSiteEnv} page={SchoolPage} />;
    const realWarn = console.warn;
    console.warn = () => {};
    const html = renderToString(ui);
    assert.equal(text(parseHtml(html).querySelector('#academics h2')), '01 Academics');
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...a: unknown[]) => {
      errors.push(a);
    };
    try {
      dom = await setupDom({ width: 1280 });
      const recoverable = await dom.hydrate(ui, html);
      assert.deepEqual(recoverable, []);
    } finally {
      console.error = realError;
      console.warn = realWarn;
    }
    assert.deepEqual(errors, []);
    // Enhanced after hydration: accordions are buttons, the menu has its toggle, text is unchanged.
    assert.ok(dom.container.querySelector('.accordion__button'));
    assert.ok(dom.container.querySelector('button[aria-label="Toggle navigation menu"]'));
    assert.equal(dom.container.querySelector('h1')!.textContent, 'Lincoln Middle School');
  });
});
