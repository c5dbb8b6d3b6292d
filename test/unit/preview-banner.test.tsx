// The preview banner's wording for each state editors meet, its accessible status role, and the
// live-preview toggle link that keeps the rest of the address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { bannerNote, bannerText, PreviewBanner } from '../../src/preview/PreviewBanner.tsx';
import { PreviewApiError, previewProblem } from '../../src/preview/api.ts';
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

test('the banner says what is wrong and what to do: a refused token, a service down, an ended session', () => {
  const refused = previewProblem(
    new PreviewApiError(
      502,
      'preview API /api/schools/x answered 502 (content service unavailable: the content service refused the preview credentials)',
    ),
  );
  assert.match(
    refused!,
    /refused the preview’s read token: give the preview server a token with read rights and restart it/,
  );
  assert.match(previewProblem(new PreviewApiError(503, 'x'))!, /not answering: this page fills in by itself/);
  assert.match(previewProblem(new PreviewApiError(401, 'x'))!, /open the preview link again/);
  assert.match(previewProblem(new TypeError('Failed to fetch'))!, /preview server is not answering/);
  assert.equal(previewProblem(new PreviewApiError(404, 'x')), null);
  assert.equal(
    bannerNote('error', 'the content service is not answering'),
    'could not load the school: the content service is not answering',
  );
  assert.equal(bannerNote('error', null), 'could not load the school, trying again');
  assert.equal(bannerNote('ready', null), null);
});
