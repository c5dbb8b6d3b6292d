// The Spanish edition in Chromium: the language switcher keeps the school both ways, and the
// place too (the grid's filters, the compared schools, the section in the hash), each edition
// hydrates in its own language without a warning, English content on a Spanish page carries
// lang="en" while the interface words inside it stay Spanish (school pages, the compare table),
// a miss under /es/ gets the Spanish 404 page, and Spanish pages have no axe violation (WCAG A/AA
// plus 2.5.3 and landmark-unique) at 390×844 and 1280×800, the distance chip showing miles.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { es } from '../../src/i18n/es.ts';
import { hydrated, openPage, SKIP } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { scrollThrough, unexpectedProblems } from './helpers/checks.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';
import { spanishMarkedEnglish, spanishWords } from './helpers/lang-marks.ts';

let session: SampleSession;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Follows the switcher (named in the language it leads to) and waits for the other edition at `expected`. */
async function switchLanguage(page: Page, name: string, expected: string): Promise<void> {
  await page.getByRole('link', { name }).click();
  await page.waitForURL(expected);
  await hydrated(page);
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
      // Interface words inside the English sections are Spanish, and marked so: a screen reader
      // must not read "Más información" with an English voice.
      const uiWords = [es.school.learnMore, es.school.opensNewTab.trim()];
      const misread = await w.page.$$eval(
        'section.school-section[lang="en"] *',
        (els, words) =>
          els
            .filter((el) =>
              Array.from(el.childNodes).some((n) => n.nodeType === 3 && words.includes(n.textContent!.trim())),
            )
            .filter((el) => el.closest('[lang]')!.getAttribute('lang') !== 'es')
            .map((el) => el.outerHTML.slice(0, 120)),
        uiWords,
      );
      const found = await w.page.$$eval('section.school-section[lang="en"] [lang="es"]', (els) => els.length);
      assert.ok(found > 0, 'the untranslated sections hold Spanish interface words');
      assert.deepEqual(misread, []);
      await w.page.goto(`${session.site.origin}/es/schools/cottonwood`, { waitUntil: 'load' });
      await hydrated(w.page);
      assert.equal(await w.page.$$eval('section.school-section[lang]', (els) => els.length), 0);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
    } finally {
      await w.close();
    }
  });
  for (const viewport of [PHONE, DESKTOP]) {
    test(`${viewport.width}px: the switcher keeps the filters, the compared schools and the section`, async () => {
      const w = await openPage(session.browser, viewport);
      try {
        const { page } = w;
        const origin = session.site.origin;
        await page.goto(`${origin}/?type=charter#options`, { waitUntil: 'load' });
        await hydrated(page);
        await switchLanguage(page, 'Leer esta página en español', `${origin}/es/?type=charter#options`);
        await page.waitForSelector('.grid-tools:not(.grid-tools--pending) [aria-pressed="true"]');

        await page.goto(`${origin}/compare/?schools=lincoln-middle,riverside`, { waitUntil: 'load' });
        await hydrated(page);
        await switchLanguage(
          page,
          'Leer esta página en español',
          `${origin}/es/compare/?schools=lincoln-middle,riverside`,
        );
        await page.waitForSelector('.compare table');
        assert.equal(await page.locator('.compare table thead th[scope="col"]').count(), 2);

        await page.goto(`${origin}/es/schools/lincoln-middle`, { waitUntil: 'load' });
        await hydrated(page);
        const second = await page.$$eval('section.school-section', (els) => els[1]!.id);
        await page.goto(`${origin}/es/schools/lincoln-middle#${second}`, { waitUntil: 'load' });
        await hydrated(page);
        await switchLanguage(page, 'Read this page in English', `${origin}/schools/lincoln-middle#${second}`);
        assert.deepEqual(await unexpectedProblems(page, w.problems), []);
      } finally {
        await w.close();
      }
    });

    test(`${viewport.width}px: no axe violation on Spanish pages (WCAG A/AA, 2.5.3, landmark-unique), chip showing miles`, async () => {
      const failures: string[] = [];
      const pages = [
        '/es/',
        '/es/schools/lincoln-middle',
        '/es/schools/riverside',
        '/es/compare/?schools=lincoln-middle,riverside,cottonwood',
      ];
      for (const url of pages) {
        const w = await openPage(session.browser, viewport, {
          ...AXE_CONTEXT,
          permissions: ['geolocation'],
          geolocation: { latitude: 39.6, longitude: -105.0 },
        });
        try {
          await w.page.goto(session.site.origin + url, { waitUntil: 'load' });
          await hydrated(w.page);
          await scrollThrough(w.page);
          if (url.includes('/schools/')) {
            await w.page.click('.distance-chip');
            await w.page.waitForSelector('.distance-chip__value');
            for (const b of await w.page.$$('.accordion__button[aria-expanded="false"]')) await b.click();
          }
          if (url.includes('/compare/')) await w.page.waitForSelector('.compare table');
          for (const v of await axe(w.page)) failures.push(`${url}: ${v}`);
        } finally {
          await w.close();
        }
      }
      assert.deepEqual(failures, []);
    });
  }
  test('the Spanish compare table: English facts marked lang="en", Spanish ones not, the tour named as on the school page', async () => {
    const w = await openPage(session.browser, DESKTOP);
    try {
      await w.page.goto(`${session.site.origin}/es/compare/?schools=lincoln-middle,riverside,cottonwood`, {
        waitUntil: 'load',
      });
      await w.page.waitForSelector('.compare table');
      const table = w.page.locator('.compare table');
      // Each edition has its facts: the translated schools (Lincoln, Cottonwood) speak Spanish, the
      // untranslated Riverside's quote is the English school's, marked so.
      const quoteLangs = await table.evaluate((t) =>
        Array.from(t.querySelectorAll('.compare__quote'), (q) => q.closest('[lang]')!.getAttribute('lang')),
      );
      assert.deepEqual(quoteLangs, ['es', 'en', 'es']);
      const own = await table.evaluate((t) =>
        Array.from(t.querySelectorAll('.compare__list li:not([lang])'), (li) => li.textContent),
      );
      assert.deepEqual(await spanishMarkedEnglish(w.page, spanishWords()), [], 'no Spanish words marked English');
      assert.ok(own.includes(es.school.tours), 'the tour entry of the sections row is Spanish');
      const text = (await table.textContent()) ?? '';
      assert.ok(!/\bTours\b/.test(text), 'no English "Tours" heading');
      assert.ok(text.includes(`${es.school.scheduleTourAt} Lincoln Middle School`), 'named as on the school page');
      assert.ok(text.includes(es.school.scheduleTour));
    } finally {
      await w.close();
    }
  });

  test('a miss under /es/ gets the Spanish 404 page; elsewhere the English one', async () => {
    for (const [url, lang] of [
      ['/es/no-such-page', 'es'],
      ['/es/schools/no-such-school', 'es'],
      ['/no-such-page', 'en'],
    ] as const) {
      const res = await fetch(session.site.origin + url);
      assert.equal(res.status, 404, url);
      const html = await res.text();
      assert.match(html, new RegExp(`<html lang="${lang}"`), url);
      assert.match(html, /<meta name="robots" content="noindex/, url);
    }
  });
});
