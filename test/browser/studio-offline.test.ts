// The real Sanity Studio, offline, in Chromium: `npm run studio -- --content DIR`'s own start
// (the embedded service over a copy of the sample, and `sanity dev` pointed at it) opens logged
// in as the local editor with every outside host unreachable; an editor opens a
// school, changes its name and publishes, and the dataset folder then holds the published
// document with the new name and no draft, which the service serves to the site's readers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startOfflineStudio, type OfflineStudio } from '../../studio/scripts/offline.ts';
import { readDataset, removeDir, SAMPLE, tempDir } from '../integration/export-helpers.ts';
import { isLoopback, launch, SKIP } from './helpers/browser.ts';

// A school of the sample whose content passes the Studio's validation (others carry deliberate faults).
const SCHOOL = 'school-meridian';

let studio: OfflineStudio;
let browser: Browser;
let page: Page;
const outside: string[] = [];
const dir = path.join(tempDir('studio-offline'), 'dataset');

describe('the real Studio offline', () => {
  before(async () => {
    if (SKIP.skip) return;
    cpSync(SAMPLE, dir, { recursive: true });
    studio = await startOfflineStudio({ contentDir: dir, port: 0 });
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
  });

  test('what it asks of outside hosts is only Sanity’s fonts, update check and telemetry', SKIP, () => {
    // Known and harmless offline (docs/studio.md): the Studio falls back to system fonts and skips them.
    const known = /^(studio-static\.sanity\.io|sanity-cdn\.com|core\.sanity-cdn\.com|api\.sanity\.io)$/;
    assert.deepEqual(
      [...new Set(outside)].filter((h) => !known.test(h)),
      [],
    );
  });
});
