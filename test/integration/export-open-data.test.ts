// The export's open data (schools.json, schools.csv, linked from every footer as "Download school
// data") and the facts file the landing page's tools load: every published school, nothing else,
// with absolute page URLs when the site URL is known.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DATA_ID } from '../../src/lib/serialize.ts';
import type { LandingPageData } from '../../src/pages/LandingPage.tsx';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import {
  cleanEnv,
  embeddedJson,
  expectedSlugs,
  MINI,
  read,
  readDataset,
  removeDir,
  runExport,
  tempDir,
} from './export-helpers.ts';

const work = tempDir('open-data');
const out = path.join(work, 'out');

describe('open data and the facts file', () => {
  before(async () => {
    const env = cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'm'), EXPORT_IMAGE_CACHE_DIR: path.join(work, 'i') });
    const r = await runExport(['--content', MINI, '--out', out, '--site-url', 'https://example.org/guide'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => removeDir(work));

  test('schools.json and schools.csv list every published school with its absolute page URL', () => {
    const slugs = expectedSlugs(readDataset(MINI));
    const json = JSON.parse(read(out, 'schools.json')) as { schools: { slug: string; url: string }[] };
    assert.deepEqual(json.schools.map((s) => s.slug).sort(), slugs);
    for (const s of json.schools) assert.equal(s.url, `https://example.org/guide/schools/${s.slug}`);
    const csv = read(out, 'schools.csv')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    assert.equal(
      csv[0],
      'name,slug,url,type,latitude,longitude,arts,athletics,clubs,tour_link,grades,enrollment,address,phone,website,bell_start,bell_end,transportation,before_after_care,support_programs,admissions_year,admissions_seats,admissions_applicants,zip_codes,next_event,next_event_start,admissions_priorities,admissions_lottery,admissions_waitlisted,admissions_note,results',
    );
    assert.equal(csv.length, slugs.length + 1);
    // The Spanish edition's files: the same schools and columns, each linking its Spanish page.
    const es = JSON.parse(read(out, 'es/schools.json')) as { schools: { slug: string; url: string }[] };
    assert.deepEqual(es.schools.map((s) => s.slug).sort(), slugs);
    for (const s of es.schools) assert.equal(s.url, `https://example.org/guide/es/schools/${s.slug}`);
    assert.equal(
      read(out, 'es/schools.csv')
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
      csv[0],
    );
  });

  test('the footer links to the data under the site path, and the landing page names an existing facts file', () => {
    const html = read(out, 'index.html');
    assert.match(html, /<a href="\/guide\/schools\.csv">Download school data<\/a>/);
    assert.match(html, /<a href="\/guide\/schools\.json">JSON<\/a>/);
    const data = embeddedJson(html, DATA_ID) as LandingPageData;
    assert.equal(data.factsSrc, '/guide/school-facts.json');
    const file = data.factsSrc!.slice('/guide/'.length);
    assert.ok(existsSync(path.join(out, file)));
    const facts = JSON.parse(read(out, file)) as SchoolFacts[];
    assert.deepEqual(facts.map((f) => f.slug).sort(), expectedSlugs(readDataset(MINI)));
    // The Spanish pages link their own edition's data and facts.
    const es = read(out, 'es/index.html');
    assert.match(es, /<a href="\/guide\/es\/schools\.csv">Descargar los datos de las escuelas<\/a>/);
    assert.equal((embeddedJson(es, DATA_ID) as LandingPageData).factsSrc, '/guide/es/school-facts.json');
    assert.ok(existsSync(path.join(out, 'es/school-facts.json')));
  });
});
