// Page weight as a phone sees it: each exported page loaded in Chromium (playwright-core) at the
// Lighthouse mobile viewport, every request recorded. HTML, JS and CSS are counted as gzip bytes
// (what any static host sends), images as their file bytes. The same visit checks the image rules:
// width/height on every <img>, lazy loading below the fold, and the LCP image preloaded or high priority.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Lighthouse's mobile emulation (Moto G Power): the viewport the mobile targets are about. */
export const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75 };

export interface PageWeight {
  url: string;
  requests: number;
  htmlGzip: number;
  /** Every script the page fetched while loading, lazily loaded chunks included. */
  jsGzip: number;
  /**
   * First-load JS: the files the page's HTML names as `<script type="module" src>` and
   * `<link rel="modulepreload">`, what must arrive before the page hydrates.
   */
  firstLoadJsGzip: number;
  cssGzip: number;
  imageBytes: number;
  otherBytes: number;
  images: {
    total: number;
    withoutSize: string[];
    belowFoldNotLazy: string[];
    /** Loaded images whose file is more than 1.5x wider than the device pixels they fill. */
    oversized: { src: string; natural: number; rendered: number }[];
  };
  lcp: { kind: 'image' | 'text' | 'none'; src: string | null; prioritized: boolean };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export async function measurePage(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: MOBILE.width, height: MOBILE.height },
    deviceScaleFactor: MOBILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
    const tally = { requests: 0, htmlGzip: 0, jsGzip: 0, cssGzip: 0, imageBytes: 0, otherBytes: 0 };
    const pending: Promise<void>[] = [];
    page.on('request', () => {
      tally.requests++;
    });
    page.on('response', (res) => {
      pending.push(
        (async () => {
          const body = await res.body().catch(() => Buffer.alloc(0));
          const type = res.request().resourceType();
          if (type === 'document') tally.htmlGzip += gz(body);
          else if (type === 'script') tally.jsGzip += gz(body);
          else if (type === 'stylesheet') tally.cssGzip += gz(body);
          else if (type === 'image') tally.imageBytes += body.length;
          else tally.otherBytes += body.length;
        })(),
      );
    });
    await page.addInitScript(() => {
      (window as unknown as { __lcp: Element | null }).__lcp = null;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          (window as unknown as { __lcp: Element | null }).__lcp = (
            e as unknown as { element: Element | null }
          ).element;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await Promise.all(pending);
    // Passed as source text: tsx's transform would add a __name() helper the page does not have.
    const dom = (await page.evaluate(`(() => {
      const vh = window.innerHeight;
      const dpr = window.devicePixelRatio;
      const imgs = Array.from(document.images);
      const lcpEl = window.__lcp;
      const preloads = Array.from(document.querySelectorAll('link[rel="preload"][as="image"]')).map((l) => l.href);
      let lcp = { kind: 'none', src: null, prioritized: true };
      if (lcpEl instanceof HTMLImageElement) {
        const src = lcpEl.currentSrc || lcpEl.src;
        lcp = { kind: 'image', src: lcpEl.getAttribute('src'), prioritized: lcpEl.getAttribute('fetchpriority') === 'high' || preloads.includes(src) };
      } else if (lcpEl) {
        lcp = { kind: 'text', src: null, prioritized: true };
      }
      const visible = (img) => { const r = img.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      return {
        total: imgs.length,
        withoutSize: imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).map((i) => i.getAttribute('src') ?? ''),
        belowFoldNotLazy: imgs.filter((i) => visible(i) && i.getBoundingClientRect().top + window.scrollY > vh && i.loading !== 'lazy').map((i) => i.getAttribute('src') ?? ''),
        oversized: imgs
          .filter((i) => i.complete && i.naturalWidth > 0 && visible(i))
          .map((i) => ({ src: i.getAttribute('src') ?? '', natural: i.naturalWidth, rendered: Math.round(i.getBoundingClientRect().width * dpr) }))
          .filter((x) => x.natural > Math.max(x.rendered * 1.5, x.rendered + 64)),
        lcp,
      };
    })()`)) as {
      total: number;
      withoutSize: string[];
      belowFoldNotLazy: string[];
      oversized: PageWeight['images']['oversized'];
      lcp: PageWeight['lcp'];
    };
    // Read from the document as served, not from the DOM: a lazy chunk adds its own preloads later.
    const firstLoad = [
      ...(await (await page.request.get(url)).text()).matchAll(
        /<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g,
      ),
    ].map((m) => new URL(m[1]!, url).href);
    let firstLoadJsGzip = 0;
    for (const src of new Set(firstLoad)) firstLoadJsGzip += gz(await (await page.request.get(src)).body());
    return {
      url,
      ...tally,
      firstLoadJsGzip,
      images: {
        total: dom.total,
        withoutSize: dom.withoutSize,
        belowFoldNotLazy: dom.belowFoldNotLazy,
        oversized: dom.oversized,
      },
      lcp: dom.lcp,
    };
  } finally {
    await context.close();
  }
}
