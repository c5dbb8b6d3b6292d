// The one route table: which page a path shows, and which file in out/ holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalPath,
  matchRoute,
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

test('any other path shows the landing page', () => {
  for (const p of [
    '/about',
    '/schools',
    '/schools/',
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
