// Every word families read is the editors': a district that is not the sample writes its own
// landing page (headline, statistics, panels) and site settings in English and Spanish, linked the
// way the Studio's translation plugin links them, and alternative text on a school's header image.
// The export of that dataset, seen in Chromium, shows exactly their words and none of the sample's;
// then a published landing edit re-renders only the landing pages, and a settings edit every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { SAMPLE, serve, type Served } from './helpers/site.ts';
import { cleanEnv, readDataset, runExport } from '../integration/export-helpers.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };

const work = mkdtempSync(path.join(tmpdir(), 'msg-editors-content-'));
const content = path.join(work, 'content');
const out = path.join(work, 'out');
const env = cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'manifests') });

const stat = (key: string, value: string, label: string) => ({ _key: key, _type: 'stat', value, label });
const para = (key: string, text: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }],
});

/** The sample with another district's landing page, settings and a hero image's alt text. */
function districtDocs(): Doc[] {
  const docs = readDataset(SAMPLE) as Doc[];
  const byId = (id: string) => docs.find((d) => d._id === id)!;
  Object.assign(byId('landingPage'), {
    headline: 'Find your middle school in Pine County',
    stats: [stat('s1', '97.1%', 'Graduation rate last year'), stat('s2', '31', 'Languages spoken at home')],
    panels: [
      {
        _key: 'p1',
        _type: 'panel',
        title: 'Getting to school',
        defaultOpen: true,
        body: [para('b1', 'Every Pine County school has bus routes from each neighborhood.')],
        links: [{ _key: 'l1', label: 'Bus routes', href: 'https://pine.example/buses' }],
      },
    ],
  });
  // The Spanish translation leaves the tagline to English: shown, and marked English.
  Object.assign(byId('landingPage-es'), {
    headline: 'Encuentre su escuela intermedia en Pine County',
    tagline: null,
    stats: [stat('s1', '97.1%', 'se graduaron el año pasado')],
    panels: [
      {
        _key: 'p1',
        _type: 'panel',
        title: 'Cómo llegar a la escuela',
        body: [para('b1', 'Cada escuela tiene rutas de autobús.')],
        links: [],
      },
    ],
  });
  byId('landingPage').tagline = 'Nine schools, one district';
  Object.assign(byId('siteSettings'), { districtName: 'Pine County Schools' });
  const lincoln = byId('school-lincoln');
  lincoln.image = { ...(lincoln.image as object), alt: 'The front doors of Lincoln at sunrise' };
  return docs;
}

function writeDocs(docs: Doc[]): void {
  writeFileSync(path.join(content, 'dataset.ndjson'), `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
}

async function exportOnce(): Promise<string> {
  const r = await runExport(['--content', content, '--out', out], env, 180_000);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

describe("the editors' words, in Chromium", SKIP, () => {
  let browser: Browser;
  let site: Served;
  let docs: Doc[];

  before(async () => {
    cpSync(path.join(SAMPLE, 'images'), path.join(content, 'images'), { recursive: true });
    docs = districtDocs();
    writeDocs(docs);
    await exportOnce();
    [browser, site] = await Promise.all([launch(), serve(out)]);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const visibleText = async (urlPath: string) => {
    const w = await openPage(browser, 375);
    try {
      await w.page.goto(site.origin + urlPath, { waitUntil: 'load' });
      await hydrated(w.page);
      return { text: await w.page.innerText('body'), page: w.page, close: w.close, problems: w.problems };
    } catch (err) {
      await w.close();
      throw err;
    }
  };

  test("the landing page shows the district's headline, statistics and panels, and none of the sample's", async () => {
    const { text, page, close, problems } = await visibleText('/');
    try {
      assert.equal(await page.textContent('h1'), 'Find your middle school in Pine County');
      assert.match(text, /97\.1%\s+Graduation rate last year/);
      assert.match(text, /Every Pine County school has bus routes/);
      assert.equal(await page.getAttribute('.landing-advantage__links a', 'href'), 'https://pine.example/buses');
      for (const sample of [
        '94.3%',
        'Graduation rate\n',
        'Rigorous Academic Preparation',
        'Step into a world of possibility',
      ])
        assert.ok(!text.includes(sample), `the sample's "${sample.trim()}" is gone`);
      assert.match(await page.title(), /^Find your middle school in Pine County \| Pine County Schools$/);
      assert.match(text, /© \d{4} Pine County Schools\./);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('the Spanish edition shows the translation, and the English words it lacks marked as English', async () => {
    const { text, page, close } = await visibleText('/es/');
    try {
      assert.equal(await page.textContent('h1'), 'Encuentre su escuela intermedia en Pine County');
      assert.match(text, /97\.1%\s+se graduaron el año pasado/);
      assert.match(text, /Cómo llegar a la escuela/);
      assert.ok(!text.includes('94.3%'));
      assert.equal(await page.getAttribute('.landing-hero__tagline', 'lang'), 'en');
      assert.equal(await page.textContent('.landing-hero__tagline'), 'Nine schools, one district');
      assert.equal(await page.getAttribute('h1', 'lang'), null);
    } finally {
      await close();
    }
  });

  test("a school's header image has the editors' alternative text", async () => {
    const { page, close } = await visibleText('/schools/lincoln-middle');
    try {
      assert.equal(await page.getAttribute('.school-header__hero-img', 'alt'), 'The front doors of Lincoln at sunrise');
      // On the Spanish page the English words are marked English (the sample's translation has none).
      await page.goto(`${site.origin}/es/schools/lincoln-middle`, { waitUntil: 'load' });
      assert.equal(await page.getAttribute('.school-header__hero-img', 'alt'), 'The front doors of Lincoln at sunrise');
      assert.equal(await page.getAttribute('.school-header__hero-img', 'lang'), 'en');
    } finally {
      await close();
    }
  });

  test('a landing edit re-renders the landing pages only; a settings edit every page', async () => {
    const school = path.join(out, 'schools/lincoln-middle.html');
    const before = { bytes: readFileSync(school), mtime: statSync(school).mtimeMs };
    docs.find((d) => d._id === 'landingPage')!.headline = 'Pine County middle schools, side by side';
    docs.find((d) => d._id === 'landingPage')!._rev = 'edited-1';
    writeDocs(docs);
    const landing = await exportOnce();
    // The English landing page and 404.html (which shows it); the Spanish page has its own headline.
    assert.match(landing, /pages 2 rendered, \d+ carried over/);
    assert.deepEqual(readFileSync(school), before.bytes);
    assert.equal(statSync(school).mtimeMs, before.mtime, 'the school page was not written again');
    const { page, close } = await visibleText('/');
    try {
      assert.equal(await page.textContent('h1'), 'Pine County middle schools, side by side');
    } finally {
      await close();
    }

    const settings = docs.find((d) => d._id === 'siteSettings')!;
    Object.assign(settings, { districtName: 'Pine County Public Schools', _rev: 'edited-2' });
    writeDocs(docs);
    const all = await exportOnce();
    assert.match(all, /pages (\d+) rendered, 0 carried over/);
    const shown = await visibleText('/schools/lincoln-middle');
    try {
      assert.match(shown.text, /© \d{4} Pine County Public Schools\./);
      assert.match(await shown.page.title(), / \| Pine County Public Schools$/);
    } finally {
      await shown.close();
    }
  });
});
