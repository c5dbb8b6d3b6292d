// The one route table: which page a path shows, and which file in out/ holds it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { notFoundPage, redirectsFile } from '../../scripts/lib/host-files.ts';
import {
  canonicalPath,
  matchPreviewRoute,
  matchRoute,
  notFoundFile,
  NOT_FOUND_FILE,
  pageHref,
  routeAliases,
  routeFile,
  schoolPath,
  stripRoot,
} from '../../src/routes.ts';

test('/ is the landing page and /schools/{slug} a school, with or without a trailing slash', () => {
  assert.deepEqual(matchRoute('/'), { page: 'landing', lang: 'en' });
  assert.deepEqual(matchRoute('/schools/lincoln-middle'), { page: 'school', slug: 'lincoln-middle', lang: 'en' });
  assert.deepEqual(matchRoute('/schools/lincoln-middle/'), { page: 'school', slug: 'lincoln-middle', lang: 'en' });
  assert.deepEqual(matchRoute('/schools/caf%C3%A9'), { page: 'school', slug: 'café', lang: 'en' });
});

test('/schools/ is every school: a page of its own in each edition, the landing page in the preview', () => {
  for (const p of ['/schools', '/schools/', '/schools/index.html'])
    assert.deepEqual(matchRoute(p), { page: 'schools', lang: 'en' }, p);
  assert.deepEqual(matchRoute('/es/schools/'), { page: 'schools', lang: 'es' });
  assert.equal(routeFile({ page: 'schools', lang: 'en' }), 'schools/index.html');
  assert.equal(routeFile({ page: 'schools', lang: 'es' }), 'es/schools/index.html');
  assert.equal(canonicalPath({ page: 'schools', lang: 'es' }), '/es/schools/');
  assert.deepEqual(matchPreviewRoute('/schools/'), { page: 'landing', lang: 'en' });
});

test('any other path shows the landing page', () => {
  for (const p of [
    '/about',
    '/schools/a/b',
    '/404.html',
    '/index.html',
    '/schools/%E0%A4%A',
    '/schools/%2e%2e',
    '/schools/..',
  ]) {
    assert.deepEqual(matchRoute(p), { page: 'landing', lang: 'en' }, p);
  }
});

test('each route has one file in out/ (plus the old folder form), and unsafe slugs never become paths', () => {
  assert.equal(routeFile({ page: 'landing', lang: 'en' }), 'index.html');
  assert.deepEqual(routeAliases({ page: 'landing', lang: 'en' }), []);
  // '/schools/x' is answered with x.html by static hosts, no redirect; the folder keeps '/schools/x/' working.
  assert.equal(routeFile({ page: 'school', slug: 'lincoln-middle', lang: 'en' }), 'schools/lincoln-middle.html');
  assert.deepEqual(routeAliases({ page: 'school', slug: 'lincoln-middle', lang: 'en' }), [
    'schools/lincoln-middle/index.html',
  ]);
  assert.equal(NOT_FOUND_FILE, '404.html');
  for (const slug of ['../x', 'a/b', '%2e', 'a\u0000b', 'x'.repeat(201), '']) {
    assert.throws(() => routeFile({ page: 'school', slug, lang: 'en' }), /unsafe slug/, slug);
    assert.throws(() => routeAliases({ page: 'school', slug, lang: 'en' }), /unsafe slug/, slug);
  }
});

test('links and canonical URLs are the same /schools/{slug} (a static host answers it with 200)', () => {
  assert.equal(schoolPath('lincoln-middle'), '/schools/lincoln-middle');
  assert.equal(canonicalPath({ page: 'school', slug: 'lincoln-middle', lang: 'en' }), '/schools/lincoln-middle');
  assert.equal(canonicalPath({ page: 'landing', lang: 'en' }), '/');
  assert.equal(schoolPath('café'), '/schools/caf%C3%A9');
});

test('pageHref puts root-relative links under the site path; stripRoot undoes it for the router', () => {
  assert.equal(pageHref(undefined, '/schools/a'), '/schools/a');
  assert.equal(pageHref('/', '/'), '/');
  assert.equal(pageHref('/repo/', '/'), '/repo/');
  assert.equal(pageHref('/repo/', '/schools/a'), '/repo/schools/a');
  assert.equal(pageHref('/repo/', '/#schools'), '/repo/#schools');
  for (const other of ['#about', 'https://d.org/x', '//evil.example/x', 'mailto:a@b.c']) {
    assert.equal(pageHref('/repo/', other), other);
  }
  assert.equal(stripRoot('/repo/', '/repo/schools/a'), '/schools/a');
  assert.equal(stripRoot('/repo/', '/repo/'), '/');
  assert.equal(stripRoot('/repo/', '/repo'), '/');
  assert.equal(stripRoot(undefined, '/schools/a'), '/schools/a');
});

describe('each edition answers its own misses', () => {
  test('404 pages: the English one at the top, the Spanish one under /es/, for any site root', () => {
    assert.equal(notFoundFile('en'), '404.html');
    assert.equal(notFoundFile('es'), 'es/404.html');
    assert.equal(notFoundPage('/', '/es/no-such-page'), 'es/404.html');
    assert.equal(notFoundPage('/', '/es'), 'es/404.html');
    assert.equal(notFoundPage('/', '/no-such-page'), '404.html');
    assert.equal(notFoundPage('/', '/estonia/'), '404.html');
    assert.equal(notFoundPage('/guide/', '/guide/es/schools/x/y'), 'es/404.html');
    // Netlify: a 404 rule applies only where no file matches.
    assert.equal(redirectsFile('/'), '/es/* /es/404.html 404\n');
    assert.equal(redirectsFile('/guide/'), '/guide/es/* /guide/es/404.html 404\n');
  });
});
