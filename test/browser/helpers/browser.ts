// One real Chromium per test file, and pages that record everything a clean page must not do:
// console errors and warnings (React's hydration warnings arrive as console errors), uncaught
// exceptions, and requests to any host other than loopback. Browser tests skip (loudly) only when
// /usr/bin/chromium is missing; CI installs it, so there they always run.
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

/** Spread into test(): `test('x', SKIP, async () => ...)`. */
export const SKIP: { skip: string | false } = {
  skip: HAS_CHROMIUM ? false : `SKIPPED: ${CHROMIUM} not found; browser tests need Debian's chromium (CI installs it)`,
};
if (!HAS_CHROMIUM) {
  process.stderr.write(
    `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!! ${SKIP.skip}\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n`,
  );
}

export const WIDTHS = [375, 768, 1280] as const;
export type Width = (typeof WIDTHS)[number];
/** Phone, tablet and laptop heights to go with the widths. */
export const VIEWPORTS: Record<Width, { width: number; height: number }> = {
  375: { width: 375, height: 740 },
  768: { width: 768, height: 1024 },
  1280: { width: 1280, height: 800 },
};

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const isLoopback = (url: string): boolean => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
};

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors/warnings and uncaught exceptions, as readable lines. */
  problems: string[];
  /** Every request to a host other than loopback (each was aborted: nothing leaves the machine). */
  external: string[];
  /** Every request URL, in order. */
  requests: string[];
  /** Empties problems, external and requests: the page is about to show another address. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A fresh context + page at `width`, with every non-loopback request aborted and recorded, and
 * console errors/warnings and page errors collected. Tests assert `problems` and `external` are
 * empty unless the behaviour under test (pressing play) is meant to reach out.
 */
export async function openPage(
  browser: Browser,
  width: Width | { width: number; height: number },
  options: BrowserContextOptions = {},
): Promise<Watched> {
  const viewport = typeof width === 'number' ? VIEWPORTS[width] : width;
  const context = await browser.newContext({ viewport, ...options });
  const problems: string[] = [];
  const external: string[] = [];
  const requests: string[] = [];
  await context.route(
    (url) => !isLoopback(url.href),
    (route) => {
      external.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  // tsx compiles this file with esbuild's keepNames, which wraps named functions inside the callbacks
  // handed to page.evaluate in __name(...): give the page that helper (it only returns its argument).
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  // In-page waits use __frame, not a bare requestAnimationFrame: Chromium may stop delivering frames
  // to a page it treats as hidden (two pages run side by side), which hung a run with no CPU used.
  // A timer fallback keeps every wait bounded; a frame, when it comes, still wins.
  await context.addInitScript(FRAME_SCRIPT);
  const page = await context.newPage();
  // A broken page should fail fast and clearly, not after Playwright's 30 s default.
  page.setDefaultTimeout(10_000);
  page.on('request', (r: Request) => {
    requests.push(r.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const loc = msg.location();
      problems.push(`console.${msg.type()}: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => {
    problems.push(`pageerror: ${err.message}`);
  });
  const reset = () => {
    for (const list of [problems, external, requests]) list.length = 0;
  };
  return { page, context, problems, external, requests, reset, close: () => context.close() };
}

/**
 * One watched page per browser (lane), navigated from address to address: for tests that visit
 * many pages alike. A context per visit cost ~0.4 s of a loaded machine's time and threw the HTTP
 * cache away, so every visit fetched and compiled the bundles again (about half of a visit). `get`
 * sizes the page to `width` and empties its lists, so each visit reports only its own problems.
 * One page per browser, never two: Chromium may stop producing frames for a second one.
 */
export function pagePerLane(options: BrowserContextOptions = {}): {
  get(browser: Browser, width: Width | { width: number; height: number }): Promise<Watched>;
  close(): Promise<void>;
} {
  const open = new Map<Browser, Promise<Watched>>();
  return {
    async get(browser, width) {
      const viewport = typeof width === 'number' ? VIEWPORTS[width] : width;
      if (!open.has(browser)) open.set(browser, openPage(browser, viewport, options));
      const w = await open.get(browser)!;
      const now = w.page.viewportSize();
      if (now?.width !== viewport.width || now.height !== viewport.height) await w.page.setViewportSize(viewport);
      w.reset();
      return w;
    },
    async close() {
      await Promise.all([...open.values()].map(async (w) => (await w).close()));
      open.clear();
    },
  };
}

/** Page-side `__frame()`: the next animation frame, or 100 ms, whichever comes first. */
const FRAME_SCRIPT = `globalThis.__frame = () => new Promise((resolve) => {
  let done = false;
  const finish = () => { if (!done) { done = true; resolve(null); } };
  requestAnimationFrame(finish);
  setTimeout(finish, 100);
});`;

/** Type of the page-side helper installed by openPage, for use inside page.evaluate callbacks. */
export type FrameGlobal = typeof globalThis & { __frame: () => Promise<null> };

/** Resolves once React has hydrated the page (the enhanced controls replace the <details> fallbacks). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('.section-menu--enhanced, .nav-dropdown > button', { state: 'attached', timeout: 15_000 });
  // Effects of the first commit (active section, hero video decision) run in the same task; one frame settles them.
  await page.evaluate(async () => {
    const g = globalThis as FrameGlobal;
    await g.__frame();
    await g.__frame();
  });
}

/** Waits until window.scrollY stops changing (smooth scrolling has finished). */
export async function scrollSettled(page: Page, timeout = 5000): Promise<number> {
  return page.evaluate(async (limit) => {
    const start = performance.now();
    let last = -1;
    let stable = 0;
    while (performance.now() - start < limit) {
      await (globalThis as FrameGlobal).__frame();
      const y = window.scrollY;
      stable = y === last ? stable + 1 : 0;
      last = y;
      if (stable >= 8) return y;
    }
    return window.scrollY;
  }, timeout);
}

/**
 * Runs `fn` over `items` with one lane per browser: Chromium renders in its own processes, so two
 * pages in flight use a 2-core machine well without starving it. Each lane has its own browser
 * because a browser with two pages open may stop delivering frames to one of them.
 */
export async function inLanes<T>(
  items: readonly T[],
  browsers: readonly Browser[],
  fn: (item: T, browser: Browser) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (browser: Browser) => {
    while (next < items.length) await fn(items[next++]!, browser);
  };
  await Promise.all(browsers.slice(0, Math.max(1, items.length)).map(lane));
}

/**
 * Polls `ready` from the test process (every 50 ms, at most `timeoutMs`) and reports whether it
 * became true: for what the page does in its own time, such as requests, which a fixed pause
 * missed on a loaded machine.
 */
export async function eventually(ready: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
