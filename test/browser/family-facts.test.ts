// What families decide by, in Chromium on the exported sample, at a phone's and a desktop's width
// and in both languages: a school at a glance and its tours with calendar files, the landing
// page's "How to apply" and ZIP finder (with and without JavaScript), and a ZIP code's page with
// the zoned school first. Each page passes axe.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { hydrated, openPage, SKIP } from './helpers/browser.ts';
import { axe, AXE_CONTEXT } from './helpers/axe.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;
const WIDTHS = [375, 1280] as const;

describe('the facts families decide by', SKIP, () => {
  session = withSampleSite();

  for (const width of WIDTHS) {
    test(`a school at a glance and its tours, both editions, at ${width} px`, async () => {
      for (const [prefix, grades, time, events] of [
        ['', 'Grades', /\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} PM/, 'Tours and open houses'],
        ['/es', 'Grados', /\d{1,2}:\d{2} a\. m\. – \d{1,2}:\d{2} p\. m\./, 'Visitas y jornadas de puertas abiertas'],
      ] as const) {
        const w = await openPage(session.browser, width, AXE_CONTEXT);
        try {
          await w.page.goto(`${session.site.origin}${prefix}/schools/lincoln-middle`, { waitUntil: 'load' });
          await hydrated(w.page);
          const glance = await w.page.innerText('.school-glance');
          assert.match(glance, new RegExp(grades));
          assert.match(glance, time);
          assert.match(glance, /(Last year|El año pasado): \d+ (seats|plazas), \d+ (applicants|solicitudes)/);
          assert.equal(await w.page.getAttribute('.school-glance__row--phone a', 'href'), 'tel:3035550142');
          assert.equal(await w.page.textContent('#school-events-title'), events);
          const href = await w.page.getAttribute('.school-events__all a', 'href');
          assert.equal(href, `${prefix}/calendar/lincoln-middle.ics`, 'each edition its own calendar file');
          const ics = readFileSync(path.join(session.site.dir, href!), 'utf8');
          assert.ok(new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').length >= 1);
          assert.deepEqual(await axe(w.page), []);
        } finally {
          await w.close();
        }
      }
    });

    test(`how to apply and the ZIP finder on the landing page, then a ZIP page, at ${width} px`, async () => {
      const w = await openPage(session.browser, width, AXE_CONTEXT);
      try {
        await w.page.goto(`${session.site.origin}/`, { waitUntil: 'load' });
        await hydrated(w.page);
        assert.equal(await w.page.textContent('#how-to-apply-title'), 'How to apply');
        assert.equal(await w.page.getAttribute('.how-to-apply a[download]', 'href'), '/calendar/how-to-apply.ics');
        await w.page.fill('#zip-finder-input', '99999');
        await w.page.click('.zip-finder__form button');
        assert.match((await w.page.textContent('.zip-finder__status')) ?? '', /99999 is not in the district/);
        assert.deepEqual(await axe(w.page), []);
        await w.page.fill('#zip-finder-input', '80210');
        await Promise.all([w.page.waitForURL('**/zip/80210/'), w.page.click('.zip-finder__form button')]);
        await hydrated(w.page);
        assert.equal(await w.page.textContent('h1'), 'Schools for ZIP code 80210');
        const headings = await w.page.$$eval('.zip-page__heading', (hs) => hs.map((h) => h.textContent));
        assert.deepEqual(headings, [
          'Your zoned school',
          'Open to the whole district',
          'Other programs you may choose',
        ]);
        const first = await w.page.textContent('.zip-page .school-grid__item .school-card__title');
        assert.match(first ?? '', /Lincoln Middle School/);
        assert.deepEqual(await axe(w.page), []);
      } finally {
        await w.close();
      }
    });
  }

  test('without JavaScript the ZIP finder is a list of the ZIP pages, and a ZIP page reads in Spanish', async () => {
    const w = await openPage(session.browser, 375, { javaScriptEnabled: false });
    try {
      await w.page.goto(`${session.site.origin}/es/`, { waitUntil: 'load' });
      assert.equal(await w.page.isVisible('#zip-finder-input'), false, 'no field that could not work');
      const links = await w.page.$$eval('.zip-finder__list a', (as) => as.map((a) => a.getAttribute('href')));
      assert.ok(links.includes('/es/zip/80210/'));
      await w.page.goto(`${session.site.origin}/es/zip/80210/`, { waitUntil: 'load' });
      assert.equal(await w.page.textContent('h1'), 'Escuelas para el código postal 80210');
      assert.match((await w.page.innerText('.zip-page')) ?? '', /A \d+\.\d mi del centro del código postal/);
    } finally {
      await w.close();
    }
  });
});
