// The preview banner's wording for each state editors meet, its accessible status role, and the
// live-preview toggle link that keeps the rest of the address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { bannerText, PreviewBanner } from '../../src/preview/PreviewBanner.tsx';
import { toggleLivepreview } from '../../src/preview/PreviewRoot.tsx';

test('banner text says draft or published and live or reconnecting', () => {
  assert.equal(bannerText({ livepreview: false, mode: null, connection: null }), 'Preview · published content');
  assert.equal(bannerText({ livepreview: true, mode: 'draft', connection: 'live' }), 'Preview · draft · live');
  assert.equal(
    bannerText({ livepreview: true, mode: 'published', connection: 'reconnecting' }),
    'Preview · published, no draft · reconnecting…',
  );
  assert.equal(bannerText({ livepreview: true, mode: null, connection: null }), 'Preview · drafts included');
  assert.equal(
    bannerText({ livepreview: true, mode: null, connection: null, note: 'school not found' }),
    'Preview · drafts included · school not found',
  );
});

test('banner markup: a labelled region with a polite status and a toggle link', () => {
  const html = renderToStaticMarkup(
    <PreviewBanner livepreview mode="draft" connection="live" toggleHref="/schools/x" />,
  );
  assert.match(html, /<aside class="preview-banner" aria-label="Preview">/);
  assert.match(
    html,
    /role="status" aria-live="polite"[^>]*data-mode="draft" data-connection="live">Preview · draft · live</,
  );
  assert.match(html, /<a class="preview-banner__toggle" href="\/schools\/x">Show published<\/a>/);
});

test('toggle keeps path, other parameters and hash', () => {
  assert.equal(toggleLivepreview('/schools/x?a=1#tours', true), '/schools/x?a=1&livepreview=1#tours');
  assert.equal(toggleLivepreview('/schools/x?livepreview=1&a=1', false), '/schools/x?a=1');
  assert.equal(toggleLivepreview('/', true), '/?livepreview=1');
});
