// The real Sanity Studio, offline, in Chromium: `npm run studio -- --content DIR`'s own start
// (the embedded service over a copy of the sample, and `sanity dev` pointed at it) opens logged
// in as the local editor with every outside host unreachable; an editor opens a
// school, changes its name and publishes, and the dataset folder then holds the published
// document with the new name and no draft, which the service serves to the site's readers and a
// running preview over the same service shows. The translation plugin's menu creates a quote's
// Spanish version: a `language: "es"` document linked to the English one by translation.metadata.
// The Presentation tool frames that preview (its secret handshake through the service), and a
// click on the school's name in the frame opens the school with its name field focused, one on
// its featured quote opens the quote. The dataset's site settings list four languages (English,
// Spanish, Simplified Chinese, Arabic): the plugin's menu and the desk offer each of them, and a
// Chinese translation is a `language: "zh-Hans"` document.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, Frame, Page } from 'playwright-core';
import { startOfflineStudio, type OfflineStudio } from '../../studio/scripts/offline.ts';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { readDataset, removeDir, SAMPLE, tempDir } from '../integration/export-helpers.ts';
import { isLoopback, launch, SKIP } from './helpers/browser.ts';

// A school of the sample whose content passes the Studio's validation (others carry deliberate faults).
const SCHOOL = 'school-meridian';
const SCHOOL_PATH = '/schools/meridian-stem';
// An English quote of the sample with no Spanish version yet.
const QUOTE = 'quote-meridian-2';
// Another, for a Chinese version.
const QUOTE_ZH = 'quote-riverside-2';
/** The languages the test's site settings list (content-model.md: siteSettings.languages). */
const LANGUAGES = [
  { _key: 'en', _type: 'siteLanguage', id: 'en', title: 'English', direction: 'ltr' },
  { _key: 'es', _type: 'siteLanguage', id: 'es', title: 'Español', direction: 'ltr' },
  { _key: 'zh', _type: 'siteLanguage', id: 'zh-Hans', title: '中文（简体）', direction: 'ltr' },
  { _key: 'ar', _type: 'siteLanguage', id: 'ar', title: 'العربية', direction: 'rtl' },
];

/** Gives the dataset folder's English site settings the four languages. */
function withLanguages(folder: string): void {
  const file = path.join(folder, 'dataset.ndjson');
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const at = lines.findIndex((l) => (JSON.parse(l) as { _id: string })._id === 'siteSettings');
  lines[at] = JSON.stringify({ ...JSON.parse(lines[at]!), languages: LANGUAGES });
  writeFileSync(file, `${lines.join('\n')}\n`);
}
// The quote the school features on its page.
const FEATURED_QUOTE = 'quote-meridian-1';
const SECRET = `preview-secret-${'q8'.repeat(10)}`;

let studio: OfflineStudio;
let browser: Browser;
let page: Page;
let preview: FastifyInstance;
let previewOrigin: string;
const outside: string[] = [];
const dir = path.join(tempDir('studio-offline'), 'dataset');

// The plugin names each entry's language in `language` (its `_key` is random).
/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Link = { language?: string; value?: { _ref?: string } };

/** The id the translation.metadata linking `english` gives its version in `lang`, once there is one. */
function translationRef(docs: Record<string, unknown>[], english = QUOTE, lang = 'es'): string | undefined {
  for (const d of docs) {
    if (d._type !== 'translation.metadata' || !Array.isArray(d.translations)) continue;
    const links = d.translations as Link[];
    if (links.some((t) => t.language === 'en' && t.value?._ref === english))
      return links.find((t) => t.language === lang)?.value?._ref;
  }
  return undefined;
}

describe('the real Studio offline', () => {
  before(async () => {
    if (SKIP.skip) return;
    cpSync(SAMPLE, dir, { recursive: true });
    withLanguages(dir);
    // The Studio and the preview each need the other's address: the preview's port is chosen first.
    const previewPort = await freePort();
    previewOrigin = `http://127.0.0.1:${previewPort}`;
    studio = await startOfflineStudio({ contentDir: dir, port: await freePort(), previewUrl: previewOrigin });
    // The preview as `npm run preview` runs it beside the offline Studio: the same service, the
    // editor's token, and the Studio allowed to frame it.
    preview = await buildPreviewServer(
      {
        content: { config: embeddedConfig(studio.serviceUrl), token: studio.token },
        previewSecret: SECRET,
        studioUrl: new URL(studio.url).origin,
      },
      { logLevel: 'silent' },
    );
    await preview.listen({ host: '127.0.0.1', port: previewPort });
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // As with no network at all: whatever would leave loopback fails, and is noted.
    await page.route(
      (url) => !isLoopback(url.href) && !url.hostname.endsWith('.localhost'),
      (route) => {
        outside.push(new URL(route.request().url()).hostname);
        return route.abort('internetdisconnected');
      },
    );
  });

  after(async () => {
    await browser?.close();
    await preview?.close();
    await studio?.close();
    removeDir(path.dirname(dir));
  });

  test('opens logged in as the local editor', SKIP, async () => {
    await page.goto(studio.url);
    await page.getByText('Schools', { exact: true }).first().waitFor({ timeout: 120_000 });
    assert.doesNotMatch(page.url(), /token=/, 'the Studio takes the token out of the address');
  });

  test('an edit published in the Studio is in the dataset folder as a published document', SKIP, async () => {
    const origin = new URL(studio.url).origin;
    await page.goto(`${origin}/intent/edit/id=${SCHOOL};type=school/`);
    const name = page.locator('input#title');
    await name.waitFor({ timeout: 60_000 });
    await assert.doesNotReject(
      page.waitForFunction(() => !document.querySelector('input#title')?.hasAttribute('readonly'), null, {
        timeout: 60_000,
      }),
      'the form becomes editable',
    );
    const renamed = `${await name.inputValue()} (edited in the Studio)`;
    await name.fill(renamed);
    const publish = page.locator('[data-testid="action-publish"]');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="action-publish"]')?.hasAttribute('disabled'),
      null,
      { timeout: 60_000 },
    );
    await publish.click();
    const deadline = Date.now() + 30_000;
    let docs = readDataset(dir);
    while (Date.now() < deadline && docs.find((d) => d._id === SCHOOL)?.title !== renamed) {
      await new Promise((r) => setTimeout(r, 250));
      docs = readDataset(dir);
    }
    assert.equal(docs.find((d) => d._id === SCHOOL)?.title, renamed);
    assert.equal(
      docs.find((d) => d._id === `drafts.${SCHOOL}`),
      undefined,
      'publishing removes the draft',
    );
    const res = await fetch(
      `${studio.serviceUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_id == $id][0].title')}&%24id=${encodeURIComponent(JSON.stringify(SCHOOL))}`,
    );
    assert.equal((await res.json()).result, renamed, 'readers (no token) see the published name');

    const previewPage = await browser.newPage();
    try {
      await previewPage.goto(`${previewOrigin}${SCHOOL_PATH}?secret=${encodeURIComponent(SECRET)}`);
      assert.equal(await previewPage.textContent('h1'), renamed, 'the running preview shows the published name');
    } finally {
      await previewPage.close();
    }
  });

  test('the translations menu creates a quote’s Spanish version, linked to the English one', SKIP, async () => {
    const origin = new URL(studio.url).origin;
    await page.goto(`${origin}/intent/edit/id=${QUOTE};type=quote/`);
    const menu = page.locator('[data-testid="document-internationalization-menu"]');
    await menu.waitFor({ timeout: 60_000 });
    await menu.click();
    // Enabled once the plugin has read the quote's language and its (absent) metadata.
    await page.getByRole('button', { name: 'Español' }).click({ timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    let docs = readDataset(dir);
    while (Date.now() < deadline && !translationRef(docs)) {
      await new Promise((r) => setTimeout(r, 250));
      docs = readDataset(dir);
    }
    const ref = translationRef(docs);
    assert.ok(ref, 'a translation.metadata document links the English quote to a Spanish one');
    const spanish = docs.find((d) => d._id === ref || d._id === `drafts.${ref}`);
    assert.equal(spanish?._type, 'quote');
    assert.equal(spanish?.language, 'es');
    const english = docs.find((d) => d._id === QUOTE);
    assert.equal(spanish?.quote, english?.quote, 'the translation starts from the English text');
    assert.equal(english?.language, 'en', 'the English quote stays English');
    assert.equal(
      docs.find((d) => d._id === `drafts.${QUOTE}`),
      undefined,
      'creating the translation leaves the English quote untouched',
    );
  });
  test(
    'the plugin’s menu and the desk offer every language of the site settings, one added included',
    SKIP,
    async () => {
      const origin = new URL(studio.url).origin;
      await page.goto(`${origin}/intent/edit/id=${QUOTE_ZH};type=quote/`);
      const menu = page.locator('[data-testid="document-internationalization-menu"]');
      await menu.waitFor({ timeout: 60_000 });
      await menu.click();
      for (const name of ['Español', 'العربية']) await page.getByRole('button', { name }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: '中文（简体）' }).click({ timeout: 30_000 });
      const deadline = Date.now() + 30_000;
      let docs = readDataset(dir);
      while (Date.now() < deadline && !translationRef(docs, QUOTE_ZH, 'zh-Hans')) {
        await new Promise((r) => setTimeout(r, 250));
        docs = readDataset(dir);
      }
      const ref = translationRef(docs, QUOTE_ZH, 'zh-Hans');
      assert.ok(ref, 'a translation.metadata document links the English quote to a Chinese one');
      const chinese = docs.find((d) => d._id === ref || d._id === `drafts.${ref}`);
      assert.equal(chinese?.language, 'zh-Hans');
      // The desk lists schools in each language.
      await page.goto(`${origin}/structure/schools`);
      for (const name of ['English', 'Español', '中文（简体）', 'العربية'])
        await page.getByRole('link', { name, exact: true }).first().waitFor({ timeout: 30_000 });
      // A language published in the settings is offered on the next visit: no code, no redeploy.
      const res = await fetch(`${studio.serviceUrl}/v2025-02-19/data/mutate/production`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          mutations: [
            {
              patch: {
                id: 'siteSettings',
                insert: {
                  after: 'languages[-1]',
                  items: [{ _key: 'vi', _type: 'siteLanguage', id: 'vi', title: 'Tiếng Việt', direction: 'ltr' }],
                },
              },
            },
          ],
        }),
      });
      assert.equal(res.status, 200);
      await page.goto(`${origin}/intent/edit/id=${QUOTE_ZH};type=quote/`);
      await page.reload();
      await menu.waitFor({ timeout: 60_000 });
      await menu.click();
      await page.getByRole('button', { name: 'Tiếng Việt' }).waitFor({ timeout: 30_000 });
    },
  );
  test('Presentation frames the preview; a click on the school’s name opens its field', SKIP, async () => {
    const origin = new URL(studio.url).origin;
    await page.goto(`${origin}/presentation?preview=${encodeURIComponent(SCHOOL_PATH)}`);
    let frame: Frame | undefined;
    for (let i = 0; i < 300 && !frame; i++) {
      frame = page.frames().find((f) => f.url().startsWith(`${previewOrigin}${SCHOOL_PATH}`));
      if (!frame) await page.waitForTimeout(100);
    }
    assert.ok(frame, 'the preview loads in the Presentation tool after its handshake');
    // Overlays answer clicks once the page carries stega and its channel to the Studio is up,
    // which the page does not announce: a short wait after the title shows.
    await frame.waitForSelector('h1', { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await frame.click('h1');
    // Presentation's address names the document and the field: …/presentation/school/<id>/title.
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '').endsWith(`/school/${SCHOOL}/title`), {
      timeout: 30_000,
    });
    const name = page.locator('input#title');
    await name.waitFor({ timeout: 30_000 });
    assert.match(
      await name.inputValue(),
      /\(edited in the Studio\)$/,
      'the school’s name field, with its published name',
    );
    await assert.doesNotReject(
      page.waitForFunction(() => document.activeElement?.id === 'title', null, { timeout: 10_000 }),
      'the name field has the focus',
    );
    // A string from another document: the featured quote opens the quote.
    await frame.click('.featured-quote__text p');
    await page.waitForURL((url) => decodeURIComponent(url.href).includes(FEATURED_QUOTE), { timeout: 30_000 });
  });

  test('nothing is asked of a host outside this machine', SKIP, () => {
    assert.deepEqual([...new Set(outside)], []);
  });
});
