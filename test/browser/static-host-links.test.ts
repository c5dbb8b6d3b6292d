// Every address the site links to must be answered with 200 at exactly that address by the static
// hosts families reach it through, not with a redirect first (every school link once cost a
// 301 to '/schools/{slug}/'). The host here behaves like GitHub Pages and Netlify: a file is served
// at its path, '/x' is answered with 'x.html' when that file exists, a folder without a trailing
// slash is redirected (301) to the slash form, and anything else gets 404.html with 404. The test
// crawls the exported sample from '/', following every local link and resource, then opens a school
// from the dropdown in Chromium and checks the navigation had no redirect.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { exportedSite } from './helpers/site.ts';
import { publishedSchools } from './helpers/sample-data.ts';
import { canonicalPath } from '../../src/routes.ts';
import type { Browser } from 'playwright-core';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

const kind = (p: string): 'file' | 'dir' | null => {
  const st = statSync(p, { throwIfNoEntry: false });
  return st?.isFile() ? 'file' : st?.isDirectory() ? 'dir' : null;
};

/** A static host in the manner of GitHub Pages / Netlify over `root`. */
function pagesLikeHost(root: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      rel = '/\0';
    }
    const abs = path.join(root, rel);
    const send = (file: string, status = 200) => {
      res.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    };
    if (rel.includes('\0') || !abs.startsWith(root)) return send(path.join(root, '404.html'), 404);
    if (kind(abs) === 'file') return send(abs);
    if (!rel.endsWith('/') && kind(`${abs}.html`) === 'file') return send(`${abs}.html`);
    if (kind(abs) === 'dir') {
      if (!rel.endsWith('/')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` });
        return res.end();
      }
      if (kind(path.join(abs, 'index.html')) === 'file') return send(path.join(abs, 'index.html'));
    }
    return send(path.join(root, '404.html'), 404);
  });
}

describe('links on a GitHub Pages / Netlify style host', SKIP, () => {
  let origin = '';
  let server: Server;
  let browser: Browser;
  before(async () => {
    server = pagesLikeHost(await exportedSite());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  test('every local link and resource of every page answers 200 at its own address, no 3xx', async () => {
    const seen = new Map<string, number>();
    const queue = ['/'];
    const redirects: string[] = [];
    while (queue.length > 0) {
      const address = queue.shift()!;
      if (seen.has(address)) continue;
      const res = await fetch(origin + address, { redirect: 'manual' });
      seen.set(address, res.status);
      const to = res.headers.get('location');
      if (res.status >= 300 && res.status < 400) redirects.push(`${address} → ${res.status} ${to}`);
      if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) {
        await res.arrayBuffer();
        continue;
      }
      const html = await res.text();
      for (const m of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"#]*)/g)) {
        const link = m[1]!.replace(/&amp;/g, '&');
        if (!seen.has(link)) queue.push(link);
      }
    }
    assert.deepEqual(redirects, [], 'links answered with a redirect');
    const bad = [...seen].filter(([, status]) => status !== 200);
    assert.deepEqual(bad, [], 'links not answered with 200');
    // Every school page was reached through its link, and the link is the page's canonical address.
    const schools = publishedSchools();
    for (const s of schools) {
      const link = `/schools/${s.slug}`;
      assert.equal(seen.get(link), 200, link);
      assert.equal(canonicalPath({ page: 'school', slug: s.slug, lang: 'en' }), link);
    }
    assert.ok(seen.size > schools.length + 10, `${seen.size} addresses crawled`);
  });

  test('old deep links with a trailing slash still open the school', async () => {
    for (const s of publishedSchools()) {
      const res = await fetch(`${origin}/schools/${s.slug}/`, { redirect: 'manual' });
      assert.equal(res.status, 200, s.slug);
      assert.match(await res.text(), new RegExp(`<title>${s.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
    }
  });

  test('in Chromium, a school chosen from the dropdown opens without a redirect', async () => {
    const w = await openPage(browser, 1280);
    try {
      await w.page.goto(`${origin}/`, { waitUntil: 'load' });
      await hydrated(w.page);
      await w.page.click('.nav-dropdown > button');
      const link = w.page.locator('.nav-dropdown__panel a.school-link').first();
      const href = (await link.getAttribute('href'))!;
      const [response] = await Promise.all([w.page.waitForNavigation(), link.click()]);
      assert.equal(response?.status(), 200);
      assert.equal(response?.request().redirectedFrom(), null, 'no redirect before the page');
      assert.equal(new URL(w.page.url()).pathname, href);
      await hydrated(w.page);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
      assert.deepEqual(w.external, []);
    } finally {
      await w.close();
    }
  });
});
