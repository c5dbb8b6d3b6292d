// An editor's day in the real Studio, offline in Chromium, on a district's own content
// (test/fixtures/district: older schools without language or alt text, a Spanish landing page
// linked in the translation plugin's older format, no Spanish schools), beside a running preview:
// every desk list opens in both languages; a one-field edit of an older school publishes, and 12 s
// later the Studio offers no Publish and the dataset holds no draft; a draft deleted through the
// API while its form is open leaves the form on the published words; the create menu offers no
// second landing page or site settings; the landing page's translations menu opens the Spanish
// landing page the district has instead of making another. Along the way it times what editors
// wait for (docs/editors.md): the Studio's start, a keystroke reaching the preview, a discard
// reaching the preview.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SanityClient } from '@sanity/client';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { startOfflineStudio, type OfflineStudio } from '../../studio/scripts/offline.ts';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { closedPort, readDataset, removeDir, ROOT, tempDir } from '../integration/export-helpers.ts';
import { isLoopback, launch, SKIP } from './helpers/browser.ts';

const SCHOOL = 'school-bluebell';
const SCHOOL_PATH = '/schools/bluebell';
const SECRET = `preview-secret-${'d7'.repeat(10)}`;
const LISTS = ['Schools', 'Landing page', 'Site settings', 'Quotes', 'Highlights', 'Accordion panels', 'Videos'];

let studio: OfflineStudio;
let client: SanityClient;
let browser: Browser;
let page: Page;
let preview: FastifyInstance;
let previewOrigin: string;
const outside = new Set<string>();
const timings: Record<string, number> = {};
const dir = path.join(tempDir('studio-district'), 'dataset');

const origin = () => new URL(studio.url).origin;
const draftInFile = () => readDataset(dir).some((d) => d._id === `drafts.${SCHOOL}`);
const publishedSubtitle = () => readDataset(dir).find((d) => d._id === SCHOOL)?.subtitle as string;

/** Polls `check` every 100 ms until it holds or `ms` pass; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean> | boolean, what: string): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}

async function openSchoolForm(): Promise<void> {
  await page.goto(`${origin()}/intent/edit/id=${SCHOOL};type=school/`);
  await page.locator('input#subtitle').waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => !document.querySelector('input#subtitle')?.hasAttribute('readonly'), null, {
    timeout: 60_000,
  });
}

const publishEnabled = () =>
  page.evaluate(() => {
    const b = document.querySelector('[data-testid="action-publish"]');
    return b !== null && !b.hasAttribute('disabled');
  });

before(async () => {
  if (SKIP.skip) return;
  cpSync(path.join(ROOT, 'test/fixtures/district'), dir, { recursive: true });
  const previewPort = await closedPort();
  previewOrigin = `http://127.0.0.1:${previewPort}`;
  const started = Date.now();
  studio = await startOfflineStudio({
    contentDir: dir,
    port: await closedPort(),
    previewUrl: previewOrigin,
    log: () => {},
  });
  timings.studioServe = Date.now() - started;
  client = createClient({
    projectId: 'embedded',
    dataset: 'production',
    apiHost: studio.serviceUrl,
    useProjectHostname: false,
    apiVersion: '2025-02-19',
    token: studio.token,
    useCdn: false,
  });
  preview = await buildPreviewServer(
    {
      content: { config: embeddedConfig(studio.serviceUrl), token: studio.token },
      previewSecret: SECRET,
      studioUrl: origin(),
    },
    { logLevel: 'silent' },
  );
  await preview.listen({ host: '127.0.0.1', port: previewPort });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.route(
    (url) => !isLoopback(url.href) && !url.hostname.endsWith('.localhost'),
    (route) => {
      outside.add(new URL(route.request().url()).hostname);
      return route.abort('internetdisconnected');
    },
  );
  const loading = Date.now();
  await page.goto(studio.url);
  await page.getByText('Schools', { exact: true }).first().waitFor({ timeout: 120_000 });
  timings.studioFirstLoad = Date.now() - loading;
});

after(async () => {
  if (Object.keys(timings).length) console.log(`studio-district timings (ms): ${JSON.stringify(timings)}`);
  await browser?.close();
  await preview?.close();
  await studio?.close();
  removeDir(path.dirname(dir));
});

test('every desk list opens in both languages', SKIP, async () => {
  const failed: string[] = [];
  for (const list of LISTS)
    for (const language of ['English', 'Español']) {
      await page.goto(`${origin()}/structure`);
      await page.getByText(list, { exact: true }).first().click();
      await page.getByText(language, { exact: true }).first().click();
      // The list (or the English singleton's form) shows, or says it cannot.
      await page.waitForTimeout(1500);
      const error = await page.getByText(/Could not fetch list items|An error occurred/).count();
      if (error > 0) failed.push(`${list} (${language})`);
    }
  assert.deepEqual(failed, []);
  await page.goto(`${origin()}/structure`);
  await page.getByText('Schools', { exact: true }).first().click();
  await page.getByText('English', { exact: true }).first().click();
  await page.getByText('Bluebell Middle School').first().waitFor({ timeout: 30_000 });
});

test('a one-field edit of an older school publishes; 12 s later no Publish and no draft', SKIP, async () => {
  await openSchoolForm();
  const words = 'Edited in the Studio on Riverbend';
  const previewPage = await browser.newPage();
  try {
    await previewPage.goto(`${previewOrigin}${SCHOOL_PATH}?livepreview=1&secret=${encodeURIComponent(SECRET)}`);
    await previewPage.locator('.school-header__subtitle').waitFor();
    const typed = Date.now();
    await page.locator('input#subtitle').fill(words);
    timings.keystrokeToPreview = await within(
      15_000,
      async () => (await previewPage.locator('.school-header__subtitle').textContent()) === words,
      'the preview shows the draft',
    );
    void typed;
  } finally {
    await previewPage.close();
  }
  await within(30_000, publishEnabled, 'Publish is offered (older pictures without alt text only warn)');
  await page.locator('[data-testid="action-publish"]').click();
  await within(30_000, () => publishedSubtitle() === words && !draftInFile(), 'the dataset holds the published edit');
  await page.waitForTimeout(12_000);
  assert.equal(await publishEnabled(), false, 'no Publish offered for a draft that does not exist');
  assert.equal(draftInFile(), false, 'the dataset has no draft');
  assert.equal(await page.locator('input#subtitle').inputValue(), words);
});

test('a draft deleted through the API while its form is open: the form shows the published words', SKIP, async () => {
  await openSchoolForm();
  const published = publishedSubtitle();
  await page.locator('input#subtitle').fill('Words another editor will discard');
  await within(15_000, draftInFile, 'the edit is saved as a draft');
  const previewPage = await browser.newPage();
  try {
    await previewPage.goto(`${previewOrigin}${SCHOOL_PATH}?livepreview=1&secret=${encodeURIComponent(SECRET)}`);
    await within(
      15_000,
      async () =>
        (await previewPage.locator('.school-header__subtitle').textContent()) === 'Words another editor will discard',
      'the preview shows the draft',
    );
    const discarded = Date.now();
    await client.action({ actionType: 'sanity.action.document.discard', draftId: `drafts.${SCHOOL}` } as never);
    await within(8000, async () => (await page.locator('input#subtitle').inputValue()) === published, 'the form');
    timings.discardToForm = Date.now() - discarded;
    await within(
      15_000,
      async () => (await previewPage.locator('.school-header__subtitle').textContent()) === published,
      'the preview shows the published words',
    );
    timings.discardToPreview = Date.now() - discarded;
  } finally {
    await previewPage.close();
  }
  assert.equal(await publishEnabled(), false, 'nothing to publish');
});

test('the create menu offers no landing page or site settings, and each type once', SKIP, async () => {
  await page.goto(`${origin()}/structure`);
  await page.locator('[data-testid="new-document-button"]').first().click();
  const options = page.locator('[data-testid^="create-new-"]');
  await options.first().waitFor({ timeout: 30_000 });
  const ids = await options.evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-testid')!.slice('create-new-'.length)),
  );
  // The district's vocabulary: a term of each kind (support program, result measure, admission priority).
  assert.deepEqual(ids.sort(), [
    'accordion-en',
    'highlight-en',
    'quote-en',
    'school-en',
    'video-en',
    'vocabularyTerm-measure',
    'vocabularyTerm-priority',
    'vocabularyTerm-support',
  ]);
  await page.keyboard.press('Escape');
});

test('the landing page’s translations menu opens the Spanish landing page it has, and makes none', SKIP, async () => {
  const spanish = () => readDataset(dir).filter((d) => d._type === 'landingPage' && d.language === 'es');
  assert.equal(spanish().length, 1);
  await page.goto(`${origin()}/intent/edit/id=landingPage;type=landingPage/`);
  const menu = page.locator('[data-testid="document-internationalization-menu"]');
  await menu.waitFor({ timeout: 60_000 });
  await menu.click();
  // An English document from before translations has no language: the plugin's first click
  // sets it (docs/studio.md), then the menu lists the translations it has.
  const apply = page.getByText('Choose a language to apply to');
  if (await apply.isVisible({ timeout: 5000 }).catch(() => false)) {
    await page.getByRole('button', { name: /^English/ }).click();
    await within(
      15_000,
      () => readDataset(dir).some((d) => String(d._id).endsWith('landingPage') && d.language === 'en'),
      'the language is set',
    );
    await page.keyboard.press('Escape');
    await menu.click();
  }
  // The plugin renders the menu again once the document has its language, which can close a menu
  // just opened: open it again until the Spanish entry can be chosen.
  const spanishEntry = page.getByRole('button', { name: /^Español/ });
  await within(
    60_000,
    async () => {
      if (decodeURIComponent(page.url()).includes('landingPage-es')) return true;
      if (await spanishEntry.isVisible().catch(() => false))
        await spanishEntry.click({ timeout: 5000 }).catch(() => {});
      else await menu.click({ timeout: 5000 }).catch(() => {});
      await page.waitForTimeout(500);
      return decodeURIComponent(page.url()).includes('landingPage-es');
    },
    'the translations menu opens the Spanish landing page',
  );
  await page.waitForTimeout(1000);
  assert.equal(spanish().length, 1, 'no second Spanish landing page');
});

test('nothing is asked of a host outside this machine', SKIP, () => {
  // The Studio's version check, feedback endpoint, fonts and dashboard bridge are kept on loopback
  // (studio/src/offline/loopback-only.ts, studio/sanity.cli.ts).
  assert.deepEqual([...outside], []);
});
