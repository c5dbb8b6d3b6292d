// A family's walkthrough of the exported sample in Chromium, at 375, 768 and 1280 px and in both
// editions: a ZIP code's page keeps its code through the language switch and lists every school a
// family may choose (those the grid hides in a group of their own); "Get Distance" refused offers a
// ZIP code; the comparison has every fact a school page shows; the Spanish Support filter and facts
// are Spanish; no Spanish words sit inside lang="en"; failed scripts leave no dead control and no
// tall sticky menu (and the phone menu, working as written, shows when it is open); a #section link
// marks its section; "At a glance" links are 24 px targets. One page per test, resized between widths
// where the state does not depend on the load, so the file stays short. Expectations come from the
// sample dataset and the catalogues' words, not the site's mapping; the ZIP pages, the switch and
// the lang marks are checked on Riverbend too (test/fixtures/district: no vocabulary, typed names).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hydrated, openPage, SKIP, VIEWPORTS, WIDTHS, type Watched } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { brokenWords, unexpectedProblems } from './helpers/checks.ts';
import { spanishMarkedEnglish, spanishWords } from './helpers/lang-marks.ts';
import { HIDDEN_PARTS, mayChoose, offersSupport, publishedSchools, sampleDocs } from './helpers/sample-data.ts';
import {
  DISTRICT,
  exportedSite,
  SAMPLE,
  serve,
  withSampleSite,
  type SampleSession,
  type Served,
} from './helpers/site.ts';

let session: SampleSession;
let district: Served;

const EDITIONS = [
  {
    prefix: '',
    other: '/es',
    switchTo: 'Leer esta página en español',
    zipGroups: ['Your zoned school', 'Open to the whole district', 'Other programs you may choose'],
    offer: 'Your location is not available. You can see the distance from your ZIP code instead.',
    fromZip: 'from the center of ZIP code 80210',
    rows: {
      distance: 'Distance from ZIP code 80210',
      address: 'Address',
      phone: 'Phone',
      enrollment: 'Enrollment',
      care: 'Before and after care',
      results: ['Math proficiency', 'Reading proficiency', 'Attendance'],
      others: ['Grades', 'Bell times', 'Transportation', 'Support programs', 'Last year', 'Next tour or open house'],
    },
    lastYear: /\d+ seats, \d+ applicants/,
    students: /^\d[\d,]* students$/,
    support: 'Support',
    supportTerms: ['Special education (IEP)', 'English learner support'],
    more: /school|scroll/i,
  },
  {
    prefix: '/es',
    other: '',
    switchTo: 'Read this page in English',
    zipGroups: ['La escuela que le corresponde', 'Abiertas a todo el distrito', 'Otros programas que puede elegir'],
    offer: 'No pudimos saber su ubicación. Puede ver la distancia desde su código postal.',
    fromZip: 'desde el centro del código postal 80210',
    rows: {
      distance: 'Distancia desde el código postal 80210',
      address: 'Dirección',
      phone: 'Teléfono',
      enrollment: 'Estudiantes',
      care: 'Cuidado antes y después de clases',
      results: ['Dominio de matemáticas', 'Dominio de lectura', 'Asistencia'],
      others: ['Grados', 'Horario', 'Transporte', 'Programas de apoyo', 'El año pasado', 'Próxima visita o jornada'],
    },
    lastYear: /\d+ plazas, \d+ solicitudes/,
    students: /^\d[\d.\s]* estudiantes$/,
    support: 'Apoyo',
    supportTerms: ['Educación especial (IEP)', 'Apoyo para estudiantes de inglés'],
    more: /escuela|desplace|deslice/i,
  },
] as const;

const ZIP = '80210';
const SPANISH = spanishWords();

async function assertClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

async function visit(w: Watched, url: string): Promise<void> {
  await w.page.goto(session.site.origin + url, { waitUntil: 'load' });
  await hydrated(w.page);
}

/** A ZIP page's groups, from the exported file: each heading and the school slugs its cards link to. */
function zipPageGroups(dir: string, file: string): { heading: string; slugs: string[] }[] {
  const html = readFileSync(path.join(dir, file), 'utf8');
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return main
    .split('<h2 class="zip-page__heading">')
    .slice(1)
    .map((part) => ({
      heading: part.slice(0, part.indexOf('<')),
      slugs: [...part.matchAll(/class="school-card__link[^"]*" href="[^"]*\/schools\/([^"/]+)"/g)].map((m) => m[1]!),
    }));
}

describe('family walkthrough: ZIP pages, distance, comparison, Spanish facts, failed scripts', SKIP, () => {
  session = withSampleSite();
  before(async () => {
    district = await serve(await exportedSite(DISTRICT));
  });
  after(() => district?.close());

  test('every ZIP page, both editions, sample and Riverbend, lists every school a family may choose, hidden-type ones in their own group', () => {
    for (const [dir, content] of [
      [session.site.dir, SAMPLE],
      [district.dir, DISTRICT],
    ] as const) {
      const docs = sampleDocs(content);
      const settings = docs.find((d) => d._id === 'siteSettings') as { zipCodes: { zip: string }[] };
      const zips = settings.zipCodes.map((z) => z.zip);
      assert.ok(zips.length > 1);
      for (const e of EDITIONS) {
        for (const zip of zips) {
          const want = mayChoose(zip, docs);
          const where = `${path.basename(content)} ${e.prefix}/zip/${zip}/`;
          const groups = zipPageGroups(dir, `${e.prefix.slice(1)}${e.prefix ? '/' : ''}zip/${zip}/index.html`);
          const last = groups.at(-1)!;
          assert.equal(last.heading, e.zipGroups[2], `${where} ends with the other programs`);
          assert.deepEqual([...last.slugs].sort(), [...want.other].sort(), where);
          assert.deepEqual(
            groups
              .slice(0, -1)
              .flatMap((g) => g.slugs)
              .sort(),
            [...want.listed].sort(),
            `${where} lists every other school once`,
          );
        }
      }
    }
  });

  test('a ZIP page at 375/768/1280: the switch keeps the code, both ways; every group shows', async () => {
    const w = await openPage(session.browser, 375, AXE_CONTEXT);
    try {
      for (const e of EDITIONS) {
        await visit(w, `${e.prefix}/zip/${ZIP}/`);
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          const headings = await w.page.$$eval('.zip-page__heading', (hs) =>
            hs.filter((h) => (h as HTMLElement).offsetHeight > 0).map((h) => h.textContent),
          );
          assert.deepEqual(headings, [...e.zipGroups], `${width}: the groups`);
          const hidden = await w.page.$$eval('.zip-page .school-card__link', (as) =>
            as.filter((a) => (a as HTMLElement).offsetHeight === 0).map((a) => a.getAttribute('href')),
          );
          assert.deepEqual(hidden, [], `${width}: every card shows`);
          const link = w.page.getByRole('link', { name: e.switchTo });
          assert.ok(await link.isVisible(), `${width}: the switch shows`);
          assert.equal(await link.getAttribute('href'), `${e.other}/zip/${ZIP}/`);
        }
        assert.deepEqual(await axe(w.page), [], `${e.prefix || 'en'} at 1280`);
        await w.page.setViewportSize(VIEWPORTS[375]);
        await w.page.getByRole('link', { name: e.switchTo }).click();
        await w.page.waitForURL(`${session.site.origin}${e.other}/zip/${ZIP}/`);
        await hydrated(w.page);
        assert.equal(await w.page.getAttribute('html', 'lang'), e.other ? 'es' : 'en');
      }
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('Riverbend at 375/768/1280: the switch on /zip/80211/ keeps the code; its Spanish pages mark only English words', async () => {
    const w = await openPage(session.browser, 375, AXE_CONTEXT);
    try {
      for (const e of EDITIONS) {
        await w.page.goto(`${district.origin}${e.prefix}/zip/80211/`, { waitUntil: 'load' });
        await hydrated(w.page);
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          const link = w.page.getByRole('link', { name: e.switchTo });
          assert.ok(await link.isVisible(), `${width}: the switch shows`);
          assert.equal(await link.getAttribute('href'), `${e.other}/zip/80211/`);
        }
      }
      for (const url of [
        '/es/',
        '/es/zip/80211/',
        '/es/schools/bluebell',
        '/es/compare/?schools=bluebell,alder-creek',
      ]) {
        await w.page.goto(district.origin + url, { waitUntil: 'load' });
        await hydrated(w.page);
        if (url.includes('compare')) await w.page.waitForSelector('.compare table');
        assert.deepEqual(await spanishMarkedEnglish(w.page, SPANISH), [], url);
      }
      // Support programs typed before the vocabulary show as written, marked English.
      await w.page.goto(`${district.origin}/es/schools/bluebell`, { waitUntil: 'load' });
      const support = await w.page.$$eval('.school-glance__row--supportPrograms li', (lis) =>
        lis.map((li) => `${li.closest('[lang]')?.getAttribute('lang')}:${li.textContent}`),
      );
      assert.deepEqual(support, ['en:Special education (IEP)', 'en:English learner support']);
      assert.deepEqual(await axe(w.page), []);
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('"Get Distance" refused offers the ZIP code, which gives the distance, at 375/768/1280', async () => {
    for (const e of EDITIONS) {
      const w = await openPage(session.browser, 375, { ...AXE_CONTEXT, permissions: [] });
      try {
        await visit(w, `${e.prefix}/schools/lincoln-middle`);
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          await w.page.evaluate(() => sessionStorage.clear());
          if (width !== 375) await visit(w, `${e.prefix}/schools/lincoln-middle`);
          const chip = w.page.locator('.distance-chip');
          await chip.click();
          await w.page.waitForSelector('.distance__offer');
          assert.equal(await w.page.textContent('.distance__offer'), e.offer, `${width}: the offer says why`);
          assert.ok(await w.page.isVisible('.distance__zip input'), `${width}: a ZIP field`);
          if (width === 375) assert.deepEqual(await axe(w.page), [], 'the offer passes axe');
          await w.page.fill('.distance__zip input', ZIP);
          await w.page.click('.distance__zip button');
          await w.page.waitForSelector('.distance-chip--value');
          const miles = (await w.page.textContent('.distance-chip__value'))?.trim() ?? '';
          assert.match(miles, /^\d+([.,]\d)? mi$|0\.1 mi/, `${width}: miles on the chip`);
          assert.equal((await w.page.textContent('.distance__from'))?.trim(), e.fromZip);
        }
        await assertClean(w);
      } finally {
        await w.close();
      }
    }
  });
  test('the comparison has distance from the ZIP code, address, phone, enrollment, care and result rows; no broken words on a phone', async () => {
    const slugs = ['lincoln-middle', 'riverside', 'aspen-ridge'];
    for (const e of EDITIONS) {
      const w = await openPage(session.browser, 375, AXE_CONTEXT);
      try {
        await w.context.addInitScript((zip) => sessionStorage.setItem('msg:zip', zip), ZIP);
        await visit(w, `${e.prefix}/compare/?schools=${slugs.join(',')}`);
        await w.page.waitForSelector('.compare table');
        const rows = await w.page.$$eval('.compare tbody tr', (trs) =>
          trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.trim())),
        );
        const row = (name: string) => rows.find((r) => r[0] === name)?.slice(1);
        const { distance, address, phone, enrollment, care, results, others } = e.rows;
        for (const name of [distance, address, phone, enrollment, care, ...results, ...others])
          assert.equal(row(name)?.length, slugs.length, `a "${name}" row with a cell per school`);
        const [grades, , , support, lastYear] = others.map(row);
        assert.ok(
          grades!.every((g) => /^\d+\s*[-–]\s*\d+$/.test(g)),
          String(grades),
        );
        assert.ok(support![0]!.includes(e.supportTerms[1]), support![0]);
        assert.match(lastYear![0]!, e.lastYear);
        assert.ok(
          row(distance)!.every((c) => /^\d+([.,]\d)? (miles|millas)$/.test(c)),
          String(row(distance)),
        );
        assert.ok(
          row(phone)!.every((c) => /^\(\d{3}\) \d{3}-\d{4}$/.test(c)),
          String(row(phone)),
        );
        assert.ok(
          row(enrollment)!.every((c) => e.students.test(c)),
          String(row(enrollment)),
        );
        assert.ok(
          row(address)!.every((c) => /\d+ .+, .+ CO \d{5}/.test(c)),
          String(row(address)),
        );
        // Every result with its year and its source.
        for (const name of results)
          assert.ok(
            row(name)!.every((c) => /\d.*\(\d{4}-\d{2}; (source|fuente): .+\)/.test(c)),
            `${name}: ${row(name)}`,
          );
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          await w.page.waitForTimeout(50);
          assert.deepEqual(await brokenWords(w.page, '.compare th'), [], `${width}: header words whole`);
          const more = await w.page.isVisible('.compare__more');
          const wider = await w.page.$eval('.compare__scroller', (s) => s.scrollWidth > s.clientWidth + 1);
          assert.equal(more, wider, `${width}: a line says there are more columns exactly when there are`);
          if (width === 375) {
            assert.ok(more, 'three schools do not fit a phone');
            assert.match((await w.page.textContent('.compare__more')) ?? '', e.more);
          }
          const pageWide = await w.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          assert.equal(pageWide, false, `${width}: the page itself never scrolls sideways`);
        }
        if (e.prefix) assert.deepEqual(await spanishMarkedEnglish(w.page, SPANISH), []);
        assert.deepEqual(await axe(w.page), []);
        await assertClean(w);
      } finally {
        await w.close();
      }
    }
  });
  test('the Spanish Support filter, facts and calendars are Spanish; no Spanish words marked English', async () => {
    const docs = sampleDocs();
    const w = await openPage(session.browser, 375, AXE_CONTEXT);
    try {
      const es = EDITIONS[1];
      await visit(w, '/es/');
      await w.page.evaluate(() => document.getElementById('options')!.scrollIntoView({ behavior: 'instant' }));
      await w.page.waitForSelector('.grid-tools:not(.grid-tools--pending)');
      await w.page.getByRole('button', { name: es.support, exact: true }).click();
      for (const name of es.supportTerms)
        assert.ok(await w.page.getByRole('button', { name, exact: true }).isVisible(), `the filter "${name}"`);
      for (const name of EDITIONS[0].supportTerms)
        assert.equal(await w.page.getByRole('button', { name, exact: true }).count(), 0, `no English "${name}"`);
      // The same filter, by key, on either edition.
      await w.page.getByRole('button', { name: es.supportTerms[1], exact: true }).click();
      await w.page.waitForURL(/[?&]program=english-learners/);
      const offering = publishedSchools(docs)
        .filter((s) => !HIDDEN_PARTS.some((p) => s.title.includes(p)))
        .filter((s) => offersSupport(docs.find((d) => d._id === s._id)!, 'term-english-learners', docs));
      await w.page.waitForFunction(
        (n) => document.querySelectorAll('.school-grid .school-card').length === n,
        offering.length,
      );
      assert.deepEqual(await spanishMarkedEnglish(w.page, SPANISH), [], 'the landing page');

      // A translated school: its facts and events in Spanish; an untranslated one marks English words only.
      for (const slug of ['lincoln-middle', 'riverside']) {
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          await visit(w, `/es/schools/${slug}`);
          assert.deepEqual(await spanishMarkedEnglish(w.page, SPANISH), [], `${slug} at ${width}`);
        }
      }
      const glance = await w.page.innerText('.school-glance');
      assert.match(glance, /Programas de apoyo|Apoyo/);
      await visit(w, '/es/schools/lincoln-middle');
      const lincoln = await w.page.innerText('.school-glance');
      assert.match(lincoln, /Educación especial \(IEP\)/);
      assert.ok(!/Special education|English learner support/.test(lincoln), lincoln);
      const events = await w.page.$$eval('.school-events li', (lis) => lis.map((li) => li.textContent ?? ''));
      assert.ok(events.length > 0 && events.every((t) => !/Open house|Family tour/.test(t)), String(events));
      // Spanish times written one way on the page: "p. m.", never "p.m." outside English-marked text.
      const times = await w.page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const lang = n.parentElement?.closest('[lang]')?.getAttribute('lang') ?? '';
          if (lang === 'es') found.push(...((n.textContent ?? '').match(/\d{1,2}:\d{2}\s?[ap]\.\s?m\./g) ?? []));
        }
        return found;
      });
      assert.ok(times.length > 0);
      assert.deepEqual(
        times.filter((t) => !/\d [ap]\. m\.$/.test(t)),
        [],
        'every Spanish time as "8:05 a. m."',
      );
      const ics = await w.page.getAttribute('.school-events__all a', 'href');
      assert.equal(ics, '/es/calendar/lincoln-middle.ics');
      const calendar = readFileSync(path.join(session.site.dir, ics!), 'utf8');
      assert.match(calendar, /X-WR-CALNAME:Lincoln Middle School: Visitas y jornadas de puertas abiertas/);
      assert.match(calendar, /LOCATION:.*1200 Lincoln Avenue/);
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('scripts that fail to load leave no dead button and no tall sticky menu, at 375/768/1280', async () => {
    for (const e of EDITIONS) {
      const w = await openPage(session.browser, 375);
      try {
        // Every script of the site answers 404, as a broken deploy or a blocked CDN would.
        await w.context.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
        for (const width of WIDTHS) {
          await w.page.setViewportSize(VIEWPORTS[width]);
          for (const url of [`${e.prefix}/schools/lincoln-middle`, `${e.prefix}/`]) {
            await w.page.goto(session.site.origin + url, { waitUntil: 'load' });
            await w.page.waitForTimeout(100);
            assert.equal(await w.page.getAttribute('html', 'data-scripts'), null, 'no script ran');
            const dead = await w.page.$$eval('button', (bs) =>
              bs
                .filter((b) => {
                  const r = b.getBoundingClientRect();
                  const style = getComputedStyle(b);
                  return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !b.closest('details');
                })
                .map((b) => (b.textContent ?? '').trim()),
            );
            assert.deepEqual(dead, [], `${url} at ${width}: no button that needs a script`);
            if (url.includes('/schools/')) {
              const height = await w.page.$eval('.section-menu', (m) => m.getBoundingClientRect().height);
              assert.ok(height <= 64, `${url} at ${width}: the section menu is one row (${height} px)`);
            }
            if (width === 375 && !url.includes('/schools/')) {
              // The menu works as written; open, its toggle shows a close mark instead of the menu mark.
              const marks = () =>
                Promise.all(
                  ['.mobile-menu__icon--menu', '.mobile-menu__icon--close'].map((m) =>
                    w.page.isVisible(`.mobile-menu > summary ${m}`),
                  ),
                );
              assert.deepEqual(await marks(), [true, false]);
              await w.page.click('.mobile-menu > summary');
              assert.deepEqual(await marks(), [false, true], 'the open menu says so');
            }
          }
        }
        w.problems.length = 0; // the 404s of the scripts themselves, which this test causes
        assert.deepEqual(w.external, []);
      } finally {
        await w.close();
      }
    }
    // The page hydrates, but the chunk that answers "Get Distance" and the menus cannot be loaded.
    const w = await openPage(session.browser, 375);
    try {
      await w.context.route(/\/assets\/after-hydration-chunk-[^/]*\.js$/, (route) =>
        route.fulfill({ status: 404, body: '' }),
      );
      await w.page.goto(`${session.site.origin}/es/schools/lincoln-middle`, { waitUntil: 'load' });
      await w.page.waitForFunction(() => document.documentElement.dataset.scripts === 'failed ready');
      assert.equal(await w.page.isVisible('.distance-chip'), false, 'no "Get Distance" that cannot answer');
      const height = await w.page.$eval('.section-menu', (m) => m.getBoundingClientRect().height);
      assert.ok(height <= 64, `the section menu is one row (${height} px)`);
    } finally {
      await w.close();
    }
  });
  test('a #section link marks that section in the menu from the start, at 375/768/1280', async () => {
    const w = await openPage(session.browser, 375);
    try {
      for (const e of EDITIONS) {
        await visit(w, `${e.prefix}/schools/lincoln-middle`);
        const ids = await w.page.$$eval('section.school-section', (els) => els.map((el) => el.id));
        assert.ok(ids.length >= 3);
        for (const width of WIDTHS) {
          for (const id of [ids[2]!, 'tours']) {
            await w.page.setViewportSize(VIEWPORTS[width]);
            await w.page.goto(`${session.site.origin}${e.prefix}/schools/lincoln-middle#${id}`, { waitUntil: 'load' });
            await hydrated(w.page);
            const marked = await w.page.$$eval('.section-menu__link[aria-current="location"]', (as) =>
              as.map((a) => a.getAttribute('href')),
            );
            assert.deepEqual([...new Set(marked)], [`#${id}`], `${e.prefix || 'en'} ${width}: #${id} marked`);
            // "At a glance" links are targets of at least 24 px (WCAG 2.5.8).
            const short = await w.page.$$eval('.school-glance a', (as) =>
              as.map((a) => a.getBoundingClientRect().height).filter((h) => h < 24),
            );
            assert.deepEqual(short, [], `${width}: glance links at least 24 px tall`);
          }
        }
      }
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
});
