// The public site must run no injected script, lose no page and publish nothing broken, whatever
// editors type. This exports the hostile corpus (test/fixtures/hostile) with the real CLI, then opens
// every exported page in Chromium with a trap on window.__pwned, alert() and dialogs, hovers, focuses
// and clicks everything, and checks that nothing escaped out/, every invalid school was skipped with
// a warning naming its _id and field, and every valid school still got its page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createStaticServer } from '../../scripts/lib/static-server.ts';
import { eventually, inLanes } from '../browser/helpers/browser.ts';
import {
  cleanEnv,
  embeddedJson,
  expectedSlugs,
  listFiles,
  read,
  readDataset,
  removeDir,
  ROOT,
  runExport,
  tempDir,
  type RunResult,
} from './export-helpers.ts';

const CORPUS = path.join(ROOT, 'test/fixtures/hostile');
const EXPECTED = JSON.parse(readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')) as {
  published: string[];
  skipped: { id: string; field: string }[];
  markers: number;
  documents: number;
};
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Link schemes a page may carry; anything else (javascript:, data:, vbscript:...) is an injection. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const work = tempDir('hostile');
const site = path.join(work, 'site');
const out = path.join(site, 'out');
let result: RunResult;
let beforeRoot: string[];
let beforeTmp: string[];

before(async () => {
  // The dataset lives in the temp root too, so every path the export could write through a slug is in view.
  beforeRoot = listFiles(work);
  beforeTmp = readdirSync(tmpdir());
  // Every warning as it comes (--verbose): each skipped school is named in the log.
  result = await runExport(['--content', CORPUS, '--out', out, '--verbose'], cleanEnv());
});
after(() => removeDir(work));

describe('exporting the hostile corpus', () => {
  test('the export succeeds: hostile content is skipped or degraded, never fatal', () => {
    assert.equal(result.code, 0, result.stderr);
  });

  test('nothing is written outside out/ (temp root listed before and after)', () => {
    const now = listFiles(work).filter((f) => !f.startsWith('site/out/'));
    assert.deepEqual(now, beforeRoot, 'no file appeared next to out/');
    assert.deepEqual(readdirSync(site), ['out']);
    const newInTmp = readdirSync(tmpdir()).filter((n) => !beforeTmp.includes(n));
    assert.deepEqual(
      newInTmp.filter((n) => /escaped|pwned/i.test(n)),
      [],
      'traversal slugs reached the temp folder',
    );
    for (const f of listFiles(out)) {
      assert.ok(!f.split('/').some((seg) => seg === '..' || seg === '.' || seg === ''), `odd path ${f}`);
      assert.ok(!/escaped|pwned|script/i.test(f), `a hostile slug became a file: ${f}`);
    }
  });

  test('every invalid school is skipped with a warning naming its _id and field', () => {
    const lines = result.stderr.split('\n');
    for (const { id, field } of EXPECTED.skipped) {
      const line = lines.find((l) => l.includes(`school ${JSON.stringify(id)}`));
      assert.ok(line, `a warning names ${id}`);
      assert.match(line, new RegExp(`field ${field}\\b`), `the warning for ${id} names field ${field}: ${line}`);
    }
    // Warnings quote hostile values: they must not carry raw control characters into a terminal or CI log.
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(
      result.stderr,
      /[\u0000-\u0008\u000b-\u001f\u007f]/,
      'raw control characters in the export log',
    );
  });

  test('every valid school is still exported, and only those', () => {
    const pages = listFiles(out)
      .filter((f) => f.endsWith('.html'))
      .sort();
    // Each school in both editions (English at the top, Spanish under es/).
    const schoolFiles = ['', 'es/'].flatMap((e) =>
      EXPECTED.published.flatMap((s) => [`${e}schools/${s}.html`, `${e}schools/${s}/index.html`]),
    );
    // A district past the landing grid's first cards gets an all-schools page per edition.
    const allSchools = hasAllSchoolsPage() ? ['schools/index.html', 'es/schools/index.html'] : [];
    const want = [
      '404.html',
      'es/404.html',
      'index.html',
      'es/index.html',
      'compare/index.html',
      'es/compare/index.html',
      ...allSchools,
      ...schoolFiles,
    ].sort();
    assert.deepEqual(pages, want);
    // Cross-check against an independent reading of the dataset.
    assert.deepEqual(expectedSlugs(readDataset(CORPUS)), [...EXPECTED.published].sort());
  });

  test('the hydration data survives </script> and friends: it parses back to exactly what was stored', () => {
    const docs = readDataset(CORPUS);
    const stored = docs.find((d) => d._id === 'school-hostile-strings')!;
    const html = read(out, 'schools/hostile-strings/index.html');
    const data = embeddedJson(html, '__DATA__') as { school: Record<string, unknown> };
    for (const field of [
      'title',
      'subtitle',
      'seoDescription',
      'twitter',
      'color',
      'tourTitle',
      'tourLink',
      'staticImage',
      'staticLogo',
    ]) {
      assert.deepEqual(data.school[field], stored[field], `field ${field} round-trips`);
    }
    assert.deepEqual(data.school.tourDescription, stored.tourDescription);
    // Only the page's own four scripts exist in the markup.
    const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    assert.equal(scripts.length, 4, scripts.join('\n'));
  });
});

/** Two browsers, one page each, walk the pages side by side (most of a visit is waiting for frames). */
const lanes: { browser: Browser; context: BrowserContext }[] = [];
let server: Awaited<ReturnType<typeof createStaticServer>>;
let origin: string;
const hits: string[] = [];
const pageErrors: string[] = [];
const stats = { pages: 0, links: 0, clicked: 0, hovered: 0, dispatched: 0 };

const watch = (page: Page): Page => {
  page.on('dialog', (d) => {
    hits.push(`${page.url()}: dialog ${d.type()} ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  page.on('pageerror', (e) => {
    pageErrors.push(`${page.url()}: ${e.message}`);
  });
  return page;
};

/** Opens an exported file at the address its links use and waits for hydration. */
async function openHydrated(page: Page, file: string): Promise<void> {
  // A school's page at its link's address, /schools/{slug} (the static server serves {slug}.html).
  const address = file.replace(/index\.html$/, '').replace(/^(schools\/[^/]+)\.html$/, '$1');
  // The compare page draws its table from the hostile schools' facts: four of them, chosen in the address.
  const query =
    address === 'compare/' || address === 'es/compare/'
      ? `?schools=${EXPECTED.published.slice(0, 4).map(encodeURIComponent).join(',')}`
      : '';
  const url = `${origin}/${address.split('/').map(encodeURIComponent).join('/')}${query}`;
  const res = await page.goto(url, { waitUntil: 'load' });
  assert.ok(res, `no response for ${url}`);
  assert.equal(res.status(), file === '404.html' ? 200 : 200, `${url} status`);
  // Hydration has run once the entry module executed and React attached (root has a React key).
  await page.waitForFunction(
    () => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')),
    null,
    { timeout: 10_000 },
  );
  stats.pages++;
}

/** Unsafe links, handler attributes, foreign scripts, frames, a hidden page, a bad theme colour or hydration data. */
async function pageProblems(page: Page): Promise<{ problems: string[]; links: number }> {
  return page.evaluate(
    (safe) => {
      const problems: string[] = [];
      for (const a of Array.from(document.querySelectorAll('a[href], area[href]')) as HTMLAnchorElement[]) {
        if (!safe.includes(a.protocol)) problems.push(`link with ${a.protocol} ${a.getAttribute('href')}`);
      }
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) problems.push(`<${el.localName} ${attr.name}>`);
          if (
            (attr.name === 'src' ||
              attr.name === 'href' ||
              attr.name === 'action' ||
              attr.name === 'formaction' ||
              attr.name === 'srcdoc') &&
            /^\s*(javascript|data|vbscript):/i.test(attr.value.replace(/[\u0000-\u0020]/g, ''))
          )
            problems.push(`<${el.localName} ${attr.name}="${attr.value.slice(0, 40)}">`);
        }
      }
      const scripts = Array.from(document.scripts).map((s) => s.type || 'classic');
      if (
        scripts.filter((t) => t === 'module').length !== 1 ||
        scripts.some((t) => !['module', 'application/json', 'application/ld+json'].includes(t))
      )
        problems.push(`scripts: ${scripts.join(',')}`);
      // The one http-equiv allowed is the page's own policy, first in <head>.
      const policy = document.querySelectorAll('meta[http-equiv]');
      if (
        document.querySelector('iframe, object, embed, base') ||
        policy.length !== 1 ||
        policy[0] !== document.head.querySelector('meta:nth-of-type(2)') ||
        policy[0]!.getAttribute('http-equiv') !== 'Content-Security-Policy'
      )
        problems.push('an iframe/object/embed/base/meta refresh is present');
      if (
        getComputedStyle(document.body).display === 'none' ||
        getComputedStyle(document.getElementById('root')!).display === 'none'
      )
        problems.push('the page was hidden by CSS');
      const site = document.querySelector('.site') as HTMLElement | null;
      const theme = site ? getComputedStyle(site).getPropertyValue('--theme').trim() : '#000000';
      if (!/^#[0-9a-f]{6}$/.test(theme)) problems.push(`theme colour ${theme}`);
      try {
        JSON.parse(document.getElementById('__DATA__')!.textContent!);
      } catch (e) {
        problems.push(`hydration data: ${(e as Error).message}`);
      }
      return { problems, links: document.querySelectorAll('a[href]').length };
    },
    [...SAFE_PROTOCOLS],
  );
}

/**
 * Real pointer: the mouse visits up to 16 links and buttons spread over the page (each scrolled
 * into view first), so hover styles and any mouseover handler see real pointer events. One round
 * trip scrolls to the next target and also places every later target already on screen, so the
 * page's elements are listed once per scroll, not once per target. Listed afresh each time, as
 * hydration may replace what an earlier list held.
 */
async function hoverAcross(page: Page): Promise<void> {
  let count = 1;
  for (let next = 0; next < count; ) {
    const batch = await page.evaluate(
      ({ from, known }) => {
        const visible = Array.from(document.querySelectorAll('a, button, summary')).filter((el) =>
          el.checkVisibility(),
        );
        const total = known ?? visible.length;
        const step = Math.max(1, Math.ceil(total / 16));
        const points: ({ x: number; y: number } | null)[] = [];
        for (let n = from; n < total; n += step) {
          const el = visible[n];
          if (n === from) el?.scrollIntoView({ block: 'center' });
          const r = el?.getBoundingClientRect();
          const onScreen = !!r && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
          if (n > from && !onScreen) break;
          points.push(r && r.width > 0 && r.height > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null);
        }
        return { total, step, points };
      },
      { from: next, known: next === 0 ? null : count },
    );
    count = batch.total;
    for (const at of batch.points) {
      if (!at) continue;
      await page.mouse.move(at.x, at.y);
      stats.hovered++;
    }
    next += batch.points.length * batch.step;
  }
}

/**
 * Every element: synthetic pointer/focus events (inline handlers would run), then a click on every
 * link, button and summary. Navigations to other documents are held back (those pages are visited
 * themselves, and external hosts are blocked anyway); javascript:/data: addresses would still run.
 */
async function pokeEverything(page: Page): Promise<void> {
  const poked = await page.evaluate(() => {
    let dispatched = 0;
    let clicked = 0;
    const hold = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || !/^https?:$/.test(a.protocol)) return;
      const fragmentOnly =
        a.origin === location.origin &&
        a.pathname === location.pathname &&
        a.search === location.search &&
        a.hash !== '';
      if (!fragmentOnly || a.target) e.preventDefault();
    };
    document.addEventListener('click', hold, true);
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      for (const type of [
        'mouseover',
        'mouseenter',
        'mousemove',
        'focus',
        'focusin',
        'pointerover',
        'animationstart',
        'toggle',
      ]) {
        el.dispatchEvent(new Event(type, { bubbles: type !== 'mouseenter' && type !== 'focus' }));
        dispatched++;
      }
    }
    for (const el of Array.from(document.querySelectorAll('a, button, summary, [role="button"]')) as HTMLElement[]) {
      el.click();
      clicked++;
    }
    document.removeEventListener('click', hold, true);
    return { dispatched, clicked };
  });
  stats.dispatched += poked.dispatched;
  stats.clicked += poked.clicked;
}

async function checkPage(page: Page, file: string) {
  await openHydrated(page, file);
  const found = await pageProblems(page);
  assert.deepEqual(found.problems, [], `${file}`);
  stats.links += found.links;
  await hoverAcross(page);
  await pokeEverything(page);
  await page.waitForTimeout(50);
}

/** Chromium with a context that reaches only the local server and reports any payload that runs. */
async function trappedBrowser(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  // The pages' Content-Security-Policy would block most payloads anyway: bypassed here, so this
  // test shows the rendering itself lets nothing run (export-server and the browser tests check
  // the policy).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  // Only the local static server is reachable: external links, video players and the like go nowhere.
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort('blockedbyclient'),
  );
  await context.exposeBinding('__hostileReport', ({ page }, what: string) => {
    hits.push(`${page?.url() ?? '?'}: ${what}`);
  });
  // tsx compiles the functions handed to the page with esbuild's keepNames, which calls __name().
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __hostileReport?: (s: string) => void };
    const report = (what: string) => {
      try {
        w.__hostileReport?.(what);
      } catch {
        /* frame without the binding */
      }
    };
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => undefined,
      set: (v) => report(`window.__pwned = ${String(v)}`),
    });
    for (const fn of ['alert', 'confirm', 'prompt', 'print']) {
      Object.defineProperty(window, fn, {
        configurable: false,
        value: (...args: unknown[]) => {
          report(`${fn}(${args.map(String).join(', ')})`);
          return null;
        },
      });
    }
  });
  return { browser, context };
}

describe('every exported page in Chromium', () => {
  before(async () => {
    server = await createStaticServer(out);
    await server.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    lanes.push(...(await Promise.all([trappedBrowser(), trappedBrowser()])));
  });

  after(async () => {
    await Promise.all(lanes.map(({ browser }) => browser.close().catch(() => {})));
    await server?.close();
    // eslint-disable-next-line no-console
    console.log(
      `hostile-export: ${EXPECTED.documents} documents with ${EXPECTED.markers} injection payloads; ${EXPECTED.published.length} schools exported, ` +
        `${EXPECTED.skipped.length} skipped with a named warning; ${stats.pages} pages opened in Chromium, ${stats.links} links checked, ` +
        `${stats.clicked} elements clicked, ${stats.hovered} hovered with the mouse, ${stats.dispatched} synthetic events; injected scripts run: ${hits.length}`,
    );
  });

  // Both editions: the Spanish pages hydrate the same hostile content with their own entry.
  test('no injected script runs, on any page, whatever is hovered or clicked', { timeout: 300_000 }, async () => {
    const pages = new Map<Browser, Page>();
    for (const { browser, context } of lanes) pages.set(browser, watch(await context.newPage()));
    // The folder forms (schools/{slug}/index.html) are hard links of the pages: the same bytes.
    const files = listFiles(out).filter((f) => f.endsWith('.html') && !/^(es\/)?schools\/[^/]+\/index\.html$/.test(f));
    await inLanes(
      files,
      lanes.map((l) => l.browser),
      (file, browser) => checkPage(pages.get(browser)!, file),
    );
    await Promise.all([...pages.values()].map((page) => page.close()));
    assert.equal(
      stats.pages,
      EXPECTED.published.length * 2 + 6 + (hasAllSchoolsPage() ? 2 : 0),
      'each school in both editions, both landing, compare, 404 and all-schools pages',
    );
    assert.deepEqual(hits, [], 'an injected payload ran');
    assert.deepEqual(pageErrors, [], 'pages threw (hydration must work on hostile content)');
  });

  test('the trap works in each lane: a payload that does run is caught', async () => {
    // Without this, a broken trap would make the test above pass vacuously.
    for (const { context } of lanes) await trapCatches(context);
  });
});

/** Whether the landing grid shows its first cards only and links to the all-schools page. */
function hasAllSchoolsPage(): boolean {
  return read(out, 'index.html').includes('class="school-grid__more"');
}
async function trapCatches(context: BrowserContext): Promise<void> {
  const page = watch(await context.newPage());
  const before = hits.length;
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    const s = document.createElement('img');
    s.setAttribute('onerror', "window.__pwned='canary'");
    s.src = 'data:,nope';
    document.body.append(s);
    window.alert('canary-alert');
  });
  // The reports come back through the binding in their own time: wait for both, bounded.
  const caughtBoth = () =>
    hits.slice(before).some((h) => h.includes('window.__pwned = canary')) &&
    hits.slice(before).some((h) => h.includes('alert(canary-alert)'));
  await eventually(caughtBoth);
  await page.close();
  const caught = hits.splice(before);
  assert.ok(
    caught.some((h) => h.includes('window.__pwned = canary')),
    caught.join('\n'),
  );
  assert.ok(
    caught.some((h) => h.includes('alert(canary-alert)')),
    caught.join('\n'),
  );
}

test('the corpus is the one the generator writes', () => {
  assert.ok(existsSync(path.join(CORPUS, 'images')), 'images/ present');
  assert.equal(readDataset(CORPUS).length, EXPECTED.documents);
});
