// Page-level checks shared by the browser tests: which console lines are acceptable, loading every
// lazy image by scrolling like a reader, broken images, horizontal overflow and words broken across lines.
import type { Page } from 'playwright-core';
import type { FrameGlobal } from './browser.ts';

/**
 * Console problems that are not the page's fault, removed from `problems`:
 * - the spec (section 8) requires ONE console warning for unknown content (a rich-text type, mark,
 *   style or a block type). Such a warning is accepted only when the named type really occurs as a
 *   `_type` (or mark/style) in the page's own embedded data, so a warning caused by a code change
 *   (a known type no longer recognised) still fails;
 * - on a page served with status 404 Chromium reports the document's own status as a resource error.
 */
export async function unexpectedProblems(
  page: Page,
  problems: readonly string[],
  opts: { status404?: boolean; data?: string } = {},
): Promise<string[]> {
  // Pages without embedded data (the preview fetches it) pass the content they show as `data`.
  const data = opts.data ?? (await page.evaluate(() => document.getElementById('__DATA__')?.textContent ?? ''));
  return problems.filter((line) => {
    const unknown =
      /^console\.warning: (?:rich text: unknown [a-z ]+ "([^"]+)" rendered with a fallback|block: unknown block type "([^"]+)"; nothing is shown for it)/.exec(
        line,
      );
    if (unknown) {
      const name = unknown[1] ?? unknown[2]!;
      return !data.includes(`"${name}"`);
    }
    if (
      opts.status404 &&
      /^console\.error: Failed to load resource: the server responded with a status of 404/.test(line)
    ) {
      const url = /\((https?:\/\/[^)]*):\d+\)$/.exec(line)?.[1];
      return url !== page.url();
    }
    return true;
  });
}

/**
 * Scrolls to the bottom in viewport steps, then back to the top, pausing at each step until the
 * images on screen have loaded (at most 5 s), as a reader would, and revisits any image still unloaded. Without the pause a busy machine
 * scrolled past lazy images before Chromium rendered a frame there, so they were never requested.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => (globalThis as FrameGlobal).__frame();
    const html = document.documentElement;
    html.style.scrollBehavior = 'auto';
    const onScreenPending = () =>
      Array.from(document.images).some((img) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < innerHeight && !img.complete;
      });
    for (let y = 0; y < document.scrollingElement!.scrollHeight; y += Math.round(innerHeight * 0.8)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      await frame();
      const start = performance.now();
      while (onScreenPending() && performance.now() - start < 5000) await frame();
    }
    window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' });
    await frame();
    // On a loaded machine a step's 5 s can pass before Chromium starts a lazy image: go back to
    // each one still unloaded, as a reader scrolling up would, and give it the same time again.
    for (const img of Array.from(document.images)) {
      if (img.complete || img.getClientRects().length === 0) continue;
      img.scrollIntoView({ block: 'center', behavior: 'instant' });
      const start = performance.now();
      while (!img.complete && performance.now() - start < 5000) await frame();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
    html.style.scrollBehavior = '';
  });
}

export interface ImageReport {
  broken: string[];
  pending: string[];
}

/**
 * Waits (bounded) for every displayed <img> to finish, then lists the ones that failed to decode.
 * Images inside hidden parts (closed menus, closed accordions) are not requested by the browser and
 * are left out.
 */
export async function imageReport(page: Page, timeoutMs = 10_000): Promise<ImageReport> {
  return page.evaluate(async (limit) => {
    const visible = () => Array.from(document.images).filter((img) => img.getClientRects().length > 0);
    const start = performance.now();
    while (performance.now() - start < limit && visible().some((img) => !img.complete)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const imgs = visible();
    // decoding="async" images can be complete but not painted yet; a screenshot would show a blank frame.
    // Bounded: a decode that never settles must not hang the suite.
    const decoded = (img: HTMLImageElement) =>
      Promise.race([img.decode().catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
    await Promise.all(imgs.map((img) => (img.complete && img.naturalWidth > 0 ? decoded(img) : undefined)));
    return {
      broken: imgs.filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
      pending: imgs.filter((img) => !img.complete).map((img) => img.currentSrc || img.src),
    };
  }, timeoutMs);
}

/** Elements wider than the viewport, for a readable failure message (empty when nothing overflows). */
export async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > vw + 1 || r.left < -1) && getComputedStyle(el).position !== 'fixed') {
        culprits.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} [${Math.round(r.left)}..${Math.round(r.right)}]`,
        );
        if (culprits.length >= 5) break;
      }
    }
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: vw, culprits };
  });
}

/** Words of the elements `selector` finds that are split across lines ("Transporta/tion"): a word must sit on one line. */
export const brokenWords = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(selector, (ths) =>
    ths.flatMap((th) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
          if (tops.size > 1) found.push(m[0]);
        }
      }
      return found;
    }),
  );
