// The export's floor: the same pages rendered in memory (render + document shell through the
// export's own buildPages) from content fetched beforehand, with no bundling, image or disk work.
// Run as a child process so its heap does not distort the harness; prints one JSON line.
//
// Usage: npx tsx bench/lib/render-floor.ts --content DIR [--rounds 2]
import path from 'node:path';
import { openContentSource } from '../../core/content-source.ts';
import { fetchContent } from '../../scripts/lib/fetch-content.ts';
import { validateContent } from '../../scripts/lib/validate-content.ts';
import { buildPages } from '../../scripts/lib/pages.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';

export interface FloorResult {
  pages: number;
  fetchMs: number;
  /** Best round: the floor is what the machine can do, so noise from neighbours is excluded. */
  renderMs: number;
  roundsMs: number[];
  pagesPerSec: number;
  htmlBytes: number;
  maxRssKb: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const contentDir = path.resolve(flag('content') ?? 'content/sample');
  const rounds = Math.max(1, Number(flag('rounds') ?? 2));
  const source = await openContentSource({ contentDir, env: {}, watch: false, log: () => {} });
  try {
    const t0 = performance.now();
    const raw = await fetchContent(source, { attempts: 1, baseDelayMs: 0, deadline: Date.now() + 600_000 });
    const fetchMs = performance.now() - t0;
    const content = validateContent(raw, () => {});
    const env: SiteEnv = {
      images: {
        projectId: source.config.projectId,
        dataset: source.config.dataset,
        imageHost: source.config.imageHost,
        selfHostBase: '/',
      },
      base: '/',
      preview: null,
    };
    // The same asset shape the export passes (hashed names of the same length), so the shell is identical work.
    const assets = {
      entryUrl: '/assets/entry-client-ABCDEFGH.js',
      cssUrls: ['/assets/styles-ABCDEFGH.css'],
      entryPreload: ['/assets/chunk-ABCDEFGH.js'],
      pagePreload: { 'src/pages/SchoolPage.tsx': ['/assets/SchoolPage-ABCDEFGH.js'] },
      favicon: '/favicon.svg',
    };
    const warn = console.warn;
    console.warn = () => {}; // unknown-block warnings are per page and would dominate the timing through the tty
    const roundsMs: number[] = [];
    let pages = 0;
    let htmlBytes = 0;
    try {
      for (let r = 0; r < rounds; r++) {
        const t = performance.now();
        const site = buildPages(content, { env, siteUrl: null, assets });
        if ('needsFullRead' in site) throw new Error('render floor: a full read needs no other');
        if ('failed' in site) throw new Error(`render floor: ${site.failed.length} page(s) failed to render`);
        roundsMs.push(performance.now() - t);
        pages = site.pages.length;
        htmlBytes = site.pages.reduce((s, p) => s + p.html.length, 0);
      }
    } finally {
      console.warn = warn;
    }
    const renderMs = Math.min(...roundsMs);
    const result: FloorResult = {
      pages,
      fetchMs,
      renderMs,
      roundsMs,
      pagesPerSec: pages / (renderMs / 1000),
      htmlBytes,
      maxRssKb: process.resourceUsage().maxRSS,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await source.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
