// A red-team finding: an SVG uploaded as an image (or file) asset, opened at its own URL on the
// content service, ran its script on the service's origin (which answers any origin's reads).
// Opened in Chromium here, both as an image and as a file asset: the script must not run.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { launch, SKIP } from './helpers/browser.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
  '<script>document.documentElement.setAttribute("data-pwned", "1")</script>' +
  '<rect width="40" height="40" fill="red"/></svg>';

let dir: string;
let service: ContentService;
let browser: Browser | null = null;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'asset-sandbox-'));
  mkdirSync(join(dir, 'images'));
  mkdirSync(join(dir, 'files'));
  writeFileSync(join(dir, 'dataset.ndjson'), '');
  writeFileSync(join(dir, 'images', 'f0e1d2c3b4-40x40.svg'), SVG);
  writeFileSync(join(dir, 'files', 'a9b8c7d6e5.svg'), SVG);
  service = await startContentService({ contentDir: dir, watch: false, log: () => {} });
});

after(async () => {
  await browser?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an SVG asset opened at its own URL does not run its script', SKIP, async () => {
  browser = await launch();
  const page = await browser.newPage();
  for (const path of [
    '/images/p/production/f0e1d2c3b4-40x40.svg',
    '/images/p/production/f0e1d2c3b4-40x40.svg?w=20',
    '/files/p/production/a9b8c7d6e5.svg',
  ]) {
    const res = await page.goto(`${service.url}${path}`);
    assert.equal(res?.status(), 200, path);
    // The document loaded (its root element is there), but its script never ran.
    assert.equal(await page.evaluate(() => document.documentElement.tagName.toLowerCase()), 'svg', path);
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-pwned')), null, path);
  }
});
