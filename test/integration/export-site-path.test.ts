// A GitHub project site is served at https://owner.github.io/repo/: an export made with that
// --site-url must keep every link, asset, canonical and data fetch under /repo/. Served under
// /repo/ by the same static server `npm run serve -- out --base /repo/` uses, every URL a page,
// stylesheet or data file names is crawled over HTTP: all must answer 200 and stay under /repo/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createStaticServer } from '../../scripts/lib/static-server.ts';
import { cleanEnv, listFiles, MINI, read, removeDir, runExport, tempDir } from './export-helpers.ts';

const SITE = 'https://x.github.io/repo';

/** Every URL an HTML page, stylesheet, JS or JSON file names (attributes, srcset entries, url(), JSON strings). */
function urlsIn(text: string, type: string): string[] {
  const found: string[] = [];
  if (type.includes('html')) {
    for (const m of text.matchAll(/\s(?:href|src|poster|data-src)="([^"]*)"/g))
      found.push(m[1]!.replaceAll('&amp;', '&'));
    // Meta tags' content is a URL only for og:image, og:url, twitter:image and the like.
    for (const m of text.matchAll(/\scontent="((?:https?:\/)?\/[^"]*)"/g)) found.push(m[1]!.replaceAll('&amp;', '&'));
    for (const m of text.matchAll(/\ssrcset="([^"]*)"/g))
      for (const part of m[1]!.split(',')) found.push(part.trim().split(/\s+/)[0]!);
    // The render environment names the files the browser fetches (navigation.json). Page data and
    // navigation.json hold route paths ('/schools/x') that the components prefix when they render.
    for (const m of text.matchAll(/<script type="application\/json" id="__ENV__">([^<]*)<\/script>/g))
      found.push(...urlsIn(m[1]!, 'json'));
  } else if (type.includes('css')) {
    for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) found.push(m[1]!);
  } else if (type === 'json') {
    for (const m of text.matchAll(/"((?:\/|https:\/\/x\.github\.io\/)[^"\s]*)"/g)) found.push(m[1]!);
  } else if (type.includes('javascript')) {
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/[^"]+)"/g)) found.push(m[1]!);
  }
  return found.filter((u) => u && !u.startsWith('#') && !u.startsWith('data:'));
}

describe('an export for https://x.github.io/repo/ served under /repo/', () => {
  const work = tempDir('site-path');
  const out = path.join(work, 'out');
  let app: FastifyInstance;
  let origin = '';

  before(async () => {
    const r = await runExport(['--content', MINI, '--out', out, '--site-url', `${SITE}/`], cleanEnv());
    assert.equal(r.code, 0, r.stderr);
    app = await createStaticServer(out, '/repo/');
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app?.close();
    removeDir(work);
  });

  test('every link, asset and data URL answers 200, all under /repo/', async () => {
    const seen = new Set<string>();
    const queue = ['/repo/', '/repo/no-such-page'];
    const outside: string[] = [];
    const failed: string[] = [];
    while (queue.length) {
      const p = queue.shift()!;
      if (seen.has(p)) continue;
      seen.add(p);
      const res = await fetch(origin + p);
      const body = await res.text();
      if (res.status !== 200 && p !== '/repo/no-such-page') failed.push(`${p} → ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      for (const raw of urlsIn(body, type)) {
        let url: URL;
        if (raw.startsWith(`${SITE}/`)) url = new URL(`${origin}/repo${raw.slice(SITE.length)}`);
        else if (/^https?:\/\//.test(raw) || raw.startsWith('//')) {
          // Absolute URLs are external (the district's site, YouTube), except for this site's own host.
          assert.ok(!raw.includes('x.github.io') || raw.startsWith(`${SITE}/`), `${p}: ${raw} outside ${SITE}/`);
          continue;
        } else url = new URL(raw, origin + p);
        if (url.origin !== origin) continue;
        const next = url.pathname + url.search;
        if (!url.pathname.startsWith('/repo/')) {
          outside.push(`${p}: ${raw}`);
          continue;
        }
        queue.push(next);
      }
    }
    assert.deepEqual(outside, [], 'URLs outside /repo/');
    assert.deepEqual(failed, [], 'URLs that did not answer 200');
    assert.ok(
      [...seen].some((p) => p.startsWith('/repo/schools/')),
      'school pages reached from the landing page',
    );
    assert.ok(
      [...seen].some((p) => p.startsWith('/repo/assets/')),
      'assets reached',
    );
    assert.ok(
      [...seen].some((p) => p.startsWith('/repo/media/')),
      'images reached',
    );
  });

  test('canonical links and the sitemap name https://x.github.io/repo/...', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    assert.ok(pages.length >= 2);
    for (const f of pages) {
      for (const m of read(out, f).matchAll(/<link rel="canonical" href="([^"]+)"/g))
        assert.ok(m[1]!.startsWith(`${SITE}/`), `${f}: ${m[1]}`);
    }
    assert.match(read(out, 'index.html'), new RegExp(`<link rel="canonical" href="${SITE}/"`));
    for (const m of read(out, 'sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g))
      assert.ok(m[1]!.startsWith(`${SITE}/`), m[1]);
  });

  test('the files sit at out/ top level, as Pages serves the artifact at /repo/', () => {
    const files = listFiles(out);
    assert.ok(files.includes('index.html') && files.includes('404.html'));
    assert.ok(files.some((f) => f.startsWith('assets/')) && !files.some((f) => f.startsWith('repo/')));
  });
});
