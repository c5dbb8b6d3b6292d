// The hero background video, the district's own (the sample's uploaded files): nothing loads on
// small screens, its sources attach after mount on wide ones, it fades in over 1000 ms once loaded,
// it does not play under reduced motion, and a district without one gets no video at all.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { LandingHero } from '../../src/components/landing/LandingHero.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import { HERO_VIDEO_FADE_MS } from '../../src/config/site.ts';
import { setupDom, type Dom } from './helpers/dom.ts';
import { landingCopy } from '../../src/lib/content/landing-copy.ts';
import { sampleCopy } from './helpers/landing-copy.ts';

const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/theme/',
};
const withEnv = (ui: ReactNode) => <SiteEnvProvider env={env}>{ui}</SiteEnvProvider>;

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

interface MediaCalls {
  play: number;
  load: number;
}

async function mountHero(
  width: number,
  reducedMotion = false,
): Promise<{ video: HTMLVideoElement; calls: MediaCalls }> {
  dom = await setupDom({ width, reducedMotion });
  const calls: MediaCalls = { play: 0, load: 0 };
  const proto = (dom.window as unknown as { HTMLMediaElement: { prototype: HTMLMediaElement } }).HTMLMediaElement
    .prototype;
  proto.play = function play(this: HTMLMediaElement) {
    calls.play++;
    this.dispatchEvent(new (dom!.window.Event as unknown as typeof Event)('play'));
    return Promise.resolve();
  };
  proto.load = () => {
    calls.load++;
  };
  const ui = withEnv(<LandingHero copy={sampleCopy('en', '/theme/')} />);
  assert.deepEqual(await dom.hydrate(ui, renderToString(ui)), []);
  return { video: dom.container.querySelector('video')!, calls };
}

test('fade-in constant is 1000 ms (spec section 9)', () => {
  assert.equal(HERO_VIDEO_FADE_MS, 1000);
});

test('on a 375px screen the video gets no sources and nothing is loaded or played', async () => {
  const { video, calls } = await mountHero(375);
  assert.equal(video.querySelectorAll('source').length, 0);
  assert.equal(video.getAttribute('preload'), 'none');
  assert.equal(video.getAttribute('poster'), null);
  assert.deepEqual(calls, { play: 0, load: 0 });
});

test('on a 1280px screen local sources attach after mount, it plays muted and fades in over 1000 ms once loaded', async () => {
  const { video, calls } = await mountHero(1280);
  const sources = Array.from(video.querySelectorAll('source')).map((s) => [
    s.getAttribute('src'),
    s.getAttribute('type'),
  ]);
  assert.equal(sources.length, 2);
  assert.match(sources[0]![0]!, /^\/theme\/files\/[0-9a-f]{40}\.webm$/);
  assert.equal(sources[0]![1], 'video/webm');
  assert.match(sources[1]![0]!, /^\/theme\/files\/[0-9a-f]{40}\.mp4$/);
  assert.equal(sources[1]![1], 'video/mp4');
  // No poster: it was never visible (the video fades in on its first frame) and cost a second download.
  assert.equal(video.getAttribute('poster'), null);
  assert.ok(video.muted);
  assert.ok(video.loop);
  assert.deepEqual(calls, { play: 1, load: 1 });
  assert.ok(video.style.transition.includes('1000ms'));
  assert.ok(!video.classList.contains('is-ready'), 'invisible until loaded');
  await dom!.act(() => video.dispatchEvent(new (dom!.window.Event as unknown as typeof Event)('loadeddata')));
  assert.ok(video.classList.contains('is-ready'));
  // Moving video needs a pause control (WCAG 2.2.2).
  const control = dom!.container.querySelector<HTMLButtonElement>('.landing-hero__video-toggle')!;
  assert.equal(control.textContent, 'Pause background video');
});

test('under prefers-reduced-motion the video loads but does not autoplay', async () => {
  const { video, calls } = await mountHero(1280, true);
  assert.equal(video.querySelectorAll('source').length, 2);
  assert.equal(calls.play, 0);
  assert.equal(video.hasAttribute('autoplay'), false);
  await dom!.act(() => video.dispatchEvent(new (dom!.window.Event as unknown as typeof Event)('loadeddata')));
  const control = dom!.container.querySelector<HTMLButtonElement>('.landing-hero__video-toggle')!;
  assert.equal(control.textContent, 'Play background video');
  await dom!.act(() => control.click());
  assert.equal(calls.play, 1, 'plays only when asked');
  assert.equal(control.textContent, 'Pause background video');
});

test('a district without a hero video: no video element, no control', () => {
  const html = renderToString(withEnv(<LandingHero copy={landingCopy(null, 'en')} />));
  assert.doesNotMatch(html, /<video|landing-hero__video/);
});
