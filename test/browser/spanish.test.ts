// The Spanish edition in Chromium (issue 17): the language switcher keeps the school both ways,
// each edition hydrates in its own language without a warning, English content on a Spanish page
// carries lang="en", and a Spanish school page has no WCAG A/AA violation (axe) at 375 and 1280.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hydrated, openPage, SKIP } from './helpers/browser.ts';
import { scrollThrough, unexpectedProblems } from './helpers/checks.ts';
import { ROOT, withSampleSite, type SampleSession } from './helpers/site.ts';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let session: SampleSession;

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const r = await (window as unknown as { axe: { run(d: Document, o: object): Promise<Result> } }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
  }, TAGS);
}

describe('the Spanish edition', SKIP, () => {
  session = withSampleSite();

  test('the switcher keeps the school, both ways, and each edition hydrates in its language', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      await w.page.goto(`${session.site.origin}/schools/lincoln-middle`, { waitUntil: 'load' });
      await hydrated(w.page);
      await w.page.getByRole('link', { name: 'Leer esta página en español' }).click();
      await w.page.waitForURL(`${session.site.origin}/es/schools/lincoln-middle`);
      await hydrated(w.page);
      assert.equal(await w.page.getAttribute('html', 'lang'), 'es');
      assert.equal(await w.page.textContent('h1'), 'Lincoln Middle School');
      assert.equal(await w.page.textContent('.school-header__subtitle'), 'El hogar de los Leones desde 1962');
      // Hydrated in Spanish: the interactive parts speak it too.
      assert.equal(
        await w.page.getAttribute('.section-menu__toggle', 'aria-label'),
        'Abrir o cerrar el menú de secciones',
      );
      await w.page.getByRole('link', { name: 'Read this page in English' }).click();
      await w.page.waitForURL(`${session.site.origin}/schools/lincoln-middle`);
      await hydrated(w.page);
      assert.equal(await w.page.getAttribute('html', 'lang'), 'en');
      assert.equal(await w.page.textContent('.school-header__subtitle'), 'Home of the Lions since 1962');
      assert.deepEqual(await unexpectedProblems(w.page, w.problems), [], 'no hydration warning in either edition');
    } finally {
      await w.close();
    }
  });

  test('an untranslated school shows English content marked lang="en"; the translated one does not', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      await w.page.goto(`${session.site.origin}/es/schools/riverside`, { waitUntil: 'load' });
      await hydrated(w.page);
      assert.equal(await w.page.getAttribute('html', 'lang'), 'es');
      assert.equal(await w.page.getAttribute('.school-header__title', 'lang'), 'en');
      const sections = await w.page.$$eval('section.school-section:not(.tour-section)', (els) =>
        els.map((e) => e.getAttribute('lang')),
      );
      assert.ok(sections.length > 0 && sections.every((l) => l === 'en'), String(sections));
      assert.equal(await w.page.textContent('.site-footer__top'), 'Volver arriba');
      await w.page.goto(`${session.site.origin}/es/schools/cottonwood`, { waitUntil: 'load' });
      await hydrated(w.page);
      assert.equal(await w.page.$$eval('section.school-section[lang]', (els) => els.length), 0);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
    } finally {
      await w.close();
    }
  });

  for (const width of [375, 1280] as const) {
    test(`${width}px: no WCAG A/AA violations on Spanish pages`, async () => {
      const failures: string[] = [];
      for (const url of ['/es/', '/es/schools/lincoln-middle', '/es/schools/riverside']) {
        const w = await openPage(session.browser, width, { bypassCSP: true });
        try {
          await w.page.goto(session.site.origin + url, { waitUntil: 'load' });
          await hydrated(w.page);
          await scrollThrough(w.page);
          for (const v of await axe(w.page)) failures.push(`${url}: ${v}`);
        } finally {
          await w.close();
        }
      }
      assert.deepEqual(failures, []);
    });
  }
});
