// What search engines and link previews get for each page: the district named as its settings
// name it (DISTRICT, as the export passes it), and no district named when it has given no name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createImageUrls } from '../../src/lib/images/image.ts';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import {
  absoluteUrl,
  compareSeo,
  geoOf,
  landingSeo,
  landingTitle,
  normalizeSiteUrl,
  schoolDescription,
  schoolSeo,
  schoolTitle,
  trimDescription,
  twitterHandle,
} from '../../src/lib/seo.ts';
import type { School } from '../../src/lib/content/types.ts';
import { geopoint, imageOf, schoolWith } from './helpers/school-fixture.ts';

const DISTRICT_NAME = 'Riverbend School District';

const urls = createImageUrls({
  projectId: 'embedded',
  dataset: 'production',
  imageHost: 'http://127.0.0.1:9',
  selfHostBase: '/',
});
const school: School = schoolWith({
  _id: 'school-lincoln',
  title: 'Lincoln Middle School',
  subtitle: 'Home of the Lions',
  slug: 'lincoln-middle',
  seoDescription: '  Lincoln  offers\nIB classes. ',
  location: geopoint(39.74, -104.99),
  seoImage: imageOf('image-abc123-2400x1600-jpg'),
  twitter: 'https://twitter.com/LincolnLions',
});

test('titles: "{School} | {district}" and the landing guide title; without a name, the page\'s own alone', () => {
  assert.equal(schoolTitle(school, en, DISTRICT_NAME), `Lincoln Middle School | ${DISTRICT_NAME}`);
  assert.equal(landingTitle(en, undefined, DISTRICT_NAME), `Guide to Middle School Options | ${DISTRICT_NAME}`);
  assert.equal(schoolTitle(school), 'Lincoln Middle School');
  assert.equal(landingTitle(en), 'Guide to Middle School Options');
  assert.equal(compareSeo('/compare/', { siteUrl: null, base: '/', urls }).title, 'Compare schools');
});

test('descriptions come from seoDescription, then subtitle, then the title; whitespace collapsed', () => {
  assert.equal(schoolDescription(school), 'Lincoln offers IB classes.');
  assert.equal(schoolDescription({ title: 'X', subtitle: 'Sub', seoDescription: '   ' }), 'Sub');
  assert.equal(
    schoolDescription({ title: 'X', subtitle: null, seoDescription: null }, en, DISTRICT_NAME),
    `X: a middle school in ${DISTRICT_NAME}.`,
  );
  assert.equal(schoolDescription({ title: 'X', subtitle: null, seoDescription: null }), 'X: a middle school.');
  assert.equal(
    schoolDescription({ title: 'X', subtitle: null, seoDescription: null }, es),
    'X: una escuela intermedia.',
  );
  const long = trimDescription('word '.repeat(100), 50);
  assert.ok(long.length <= 50 && long.endsWith('…'), long);
});

test('site URLs must be absolute http(s) and lose their trailing slash', () => {
  assert.equal(normalizeSiteUrl('https://schools.example.org/'), 'https://schools.example.org');
  assert.equal(normalizeSiteUrl('http://example.org/guide//'), 'http://example.org/guide');
  for (const bad of ['schools.example.org', 'ftp://x.org', '/relative', 'https://u:p@x.org', 'https://x.org/?a=1']) {
    assert.throws(() => normalizeSiteUrl(bad), Error, bad);
  }
  assert.equal(absoluteUrl('https://x.org', '/media/a.webp'), 'https://x.org/media/a.webp');
  assert.equal(absoluteUrl(null, '/media/a.webp'), null);
  assert.equal(absoluteUrl(null, 'https://cdn.sanity.io/a.jpg'), 'https://cdn.sanity.io/a.jpg');
});

test('a school page: canonical, social image (absolute), MiddleSchool JSON-LD with GeoCoordinates', () => {
  const seo = schoolSeo(school, '/schools/lincoln-middle/', {
    siteUrl: 'https://schools.example.org',
    base: '/',
    urls,
    district: DISTRICT_NAME,
  });
  assert.equal(seo.canonical, 'https://schools.example.org/schools/lincoln-middle/');
  assert.match(seo.image!.url, /^https:\/\/schools\.example\.org\/media\/abc123-1200x630-[0-9a-f]{8}\.webp$/);
  assert.equal(seo.twitterSite, '@LincolnLions');
  assert.deepEqual(seo.jsonLd, {
    '@context': 'https://schema.org',
    '@type': 'MiddleSchool',
    name: 'Lincoln Middle School',
    description: 'Lincoln offers IB classes.',
    url: 'https://schools.example.org/schools/lincoln-middle/',
    image: seo.image!.url,
    geo: { '@type': 'GeoCoordinates', latitude: 39.74, longitude: -104.99 },
    sameAs: ['https://x.com/LincolnLions'],
    parentOrganization: { '@type': 'Organization', name: DISTRICT_NAME },
  });
});

test('without a site URL or location: no canonical, no self-hosted social image, no geo', () => {
  const seo = schoolSeo({ ...school, location: null }, '/schools/lincoln-middle/', { siteUrl: null, base: '/', urls });
  assert.equal(seo.canonical, null);
  assert.equal(seo.image, null);
  assert.equal((seo.jsonLd as Record<string, unknown>).geo, undefined);
  assert.equal((seo.jsonLd as Record<string, unknown>).url, undefined);
  assert.equal((seo.jsonLd as Record<string, unknown>).parentOrganization, undefined, 'no district named: none');
});

test('geo only for real coordinates', () => {
  assert.deepEqual(geoOf({ location: geopoint(0, 0) }), { latitude: 0, longitude: 0 });
  assert.equal(geoOf({ location: geopoint(91, 0) }), null);
  assert.equal(geoOf({ location: geopoint(Number.NaN, 1) }), null);
  assert.equal(geoOf({ location: geopoint('39' as unknown as number, 1) }), null);
  assert.equal(geoOf({ location: null }), null);
});

test('twitter handles from handles and profile URLs only', () => {
  assert.equal(twitterHandle('@lions'), '@lions');
  assert.equal(twitterHandle('lions'), '@lions');
  assert.equal(twitterHandle('https://x.com/lions/'), '@lions');
  assert.equal(twitterHandle('https://evil.example/lions'), null);
  assert.equal(twitterHandle('<script>'), null);
  assert.equal(twitterHandle(42), null);
});

test('the landing page: fixed description, canonical "/", the district\'s hero poster as social image', () => {
  const poster = imageOf('image-def456-1920x1080-jpg');
  const seo = landingSeo('/', {
    siteUrl: 'https://schools.example.org',
    base: '/',
    urls,
    poster,
    district: DISTRICT_NAME,
  });
  assert.equal(seo.description, en.seo.landingDescription(DISTRICT_NAME));
  assert.match(seo.description, /^Compare the middle schools of Riverbend School District:/);
  assert.equal(seo.canonical, 'https://schools.example.org/');
  assert.match(seo.image!.url, /^https:\/\/schools\.example\.org\/media\/def456-1200x630-[0-9a-f]{8}\.webp$/);
  assert.deepEqual((seo.jsonLd as { about?: unknown }).about, { '@type': 'Organization', name: DISTRICT_NAME });
  assert.equal(landingSeo(null, { siteUrl: 'https://schools.example.org', base: '/', urls }).canonical, null);
  const bare = landingSeo('/', { siteUrl: 'https://schools.example.org', base: '/', urls });
  assert.equal(bare.image, null, 'no poster: no social image');
  assert.match(bare.description, /^Compare the middle schools of the district:/);
  assert.equal((bare.jsonLd as { about?: unknown }).about, undefined);
});
