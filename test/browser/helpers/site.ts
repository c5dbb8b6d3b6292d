// The exported sample site the browser tests look at (and Riverbend's, test/fixtures/district, for
// the tests a district not ours must pass too), served the way `npm start` serves it
// (scripts/lib/static-server.ts on 127.0.0.1, port 0).
//
// Exporting takes a few seconds, and every browser test file needs the same site, so the export is
// cached in the temp folder under a key made from everything that shapes it (the source folders,
// bin/, public/, content/sample/, package-lock.json: paths, sizes and mtimes). Any edit, even one
// undone again, changes the key, so a test never looks at a stale site. The first test process to
// need it exports into a private folder under a lock and renames it into place; parallel ones wait
// for it, so no process sees half a site and each content is exported once per source tree.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { createStaticServer } from '../../../scripts/lib/static-server.ts';
import { launch } from './browser.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SAMPLE = path.join(ROOT, 'content/sample');
/** Riverbend, the district that is not ours (test/fixtures/district/README.md). */
export const DISTRICT = path.join(ROOT, 'test/fixtures/district');
const INPUTS = [
  'src',
  'render',
  'core',
  'content-service',
  'scripts',
  'server',
  'bin',
  'public',
  'content/sample',
  'package-lock.json',
];
const CACHE_PREFIX = 'msg-browser-site-';

function fingerprint(content: string): string {
  const hash = createHash('sha256');
  hash.update(`${path.relative(ROOT, content)}\n`);
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!existsSync(abs)) return;
    const st = statSync(abs);
    if (st.isDirectory()) {
      for (const name of readdirSync(abs).sort()) walk(`${rel}/${name}`);
    } else {
      hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  INPUTS.forEach(walk);
  if (content !== SAMPLE) walk(path.relative(ROOT, content));
  return hash.digest('hex').slice(0, 16);
}

function runExport(content: string, out: string): Promise<void> {
  // The embedded sample service, whatever hosted project the shell may have configured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bin/run.mjs'), 'export', '--content', content, '--out', out],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
    });
    child.stderr.on('data', (d) => {
      log += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`export failed with exit code ${code}:\n${log}`));
    });
  });
}

/** The exported site's folder, of the sample or `content` (exported now, or reused from an identical earlier run). */
export async function exportedSite(content = SAMPLE): Promise<string> {
  const key = fingerprint(content);
  const dir = path.join(tmpdir(), `${CACHE_PREFIX}${content === SAMPLE ? '' : `${path.basename(content)}-`}${key}`);
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  // Test files start side by side: the first to arrive exports, the others wait for its site
  // instead of exporting the same one again.
  const lock = `${dir}.lock`;
  while (!takeLock(lock)) {
    await new Promise((r) => setTimeout(r, 200));
    if (existsSync(path.join(dir, 'index.html'))) return dir;
  }
  try {
    if (existsSync(path.join(dir, 'index.html'))) return dir;
    await exportInto(content, dir);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  dropOldExports(dir);
  return dir;
}

/** Creates `lock` (a folder holding the owner's pid); an abandoned one (its process gone) is taken over. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      // Not written yet (the owner has just made the folder), or gone with the folder.
    }
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exportInto(content: string, dir: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), `${CACHE_PREFIX}work-`));
  try {
    await runExport(content, path.join(work, 'out'));
    try {
      renameSync(path.join(work, 'out'), dir);
    } catch (err) {
      // Another test process finished the same export first: theirs is identical.
      if (!existsSync(path.join(dir, 'index.html'))) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Exports of older source trees are dead weight: drops those of the same content not touched for
 * an hour (another content's export of this tree may be in use).
 */
function dropOldExports(keep: string): void {
  const kind = path.basename(keep).slice(0, -16);
  for (const name of readdirSync(tmpdir())) {
    if (name === path.basename(keep) || !new RegExp(`^${kind}[0-9a-f]{16}$`).test(name)) continue;
    const p = path.join(tmpdir(), name);
    try {
      if (Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
    } catch {
      /* raced with another run */
    }
  }
}

export interface Served {
  dir: string;
  origin: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Serves `dir` with the project's static server (what `npm start` runs) on 127.0.0.1:0. */
export async function serve(dir: string): Promise<Served> {
  const app = await createStaticServer(dir);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { dir, origin: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** Export (or reuse) the sample site and serve it. */
export async function serveSample(): Promise<Served> {
  return serve(await exportedSite());
}

/**
 * Every exported HTML page as [file, URL path], e.g. ['schools/foothills.html', '/schools/foothills'],
 * both editions ('es/schools/foothills.html', '/es/schools/foothills').
 * A school's folder form (schools/foothills/index.html, the same file for old links) is left out.
 */
export function exportedPages(dir: string): { file: string; path: string }[] {
  const out: { file: string; path: string }[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else if (e.name.endsWith('.html')) out.push({ file: child, path: `/${child.replace(/index\.html$/, '')}` });
    }
  };
  walk('');
  const files = new Set(out.map((p) => p.file));
  return out
    .filter((p) => {
      const folder = /^((?:es\/)?schools\/[^/]+)\/index\.html$/.exec(p.file);
      return !folder || !files.has(`${folder[1]}.html`);
    })
    .map((p) => (/^(es\/)?schools\/[^/]+\.html$/.test(p.file) ? { ...p, path: p.path.slice(0, -'.html'.length) } : p))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The school page whose embedded data has the most blocks (the richest page type), as a URL path. */
export function schoolWithMostBlocks(dir: string): string {
  let best = { path: '', blocks: -1 };
  for (const p of exportedPages(dir).filter((x) => x.file.startsWith('schools/'))) {
    const html = readFileSync(path.join(dir, p.file), 'utf8');
    const json = /<script type="application\/json" id="__DATA__">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
    const data = JSON.parse(json) as { school?: { sectionRepeater?: { blocks?: unknown[] }[] } };
    const blocks = (data.school?.sectionRepeater ?? []).reduce((n, s) => n + (s?.blocks?.length ?? 0), 0);
    if (blocks > best.blocks) best = { path: p.path, blocks };
  }
  return best.path;
}

/** The exported sample served on loopback plus Chromium, shared by a test file's tests. */
export interface SampleSession {
  site: Served;
  browser: Browser;
  /**
   * One browser per lane for tests that open pages side by side (`inLanes`): each Chromium then
   * shows a single page, which it treats as visible. Two pages in one browser let Chromium stop
   * producing frames for one of them, so lazy images never loaded and Playwright's "stable" check
   * (which waits for frames) timed out on CI.
   */
  lanes: Browser[];
}

/**
 * Registers before/after hooks in the calling describe block that serve the exported sample and
 * launch Chromium, and close both afterwards: the setup every page-level browser test file needs.
 * `lanes` browsers are launched (one unless the file runs pages side by side with `inLanes`).
 * The fields are filled once the before hook has run.
 */
export function withSampleSite(opts: { lanes?: number } = {}): SampleSession {
  const session = {} as SampleSession;
  before(async () => {
    const browsers = Promise.all(Array.from({ length: opts.lanes ?? 1 }, () => launch()));
    [session.site, session.lanes] = await Promise.all([serveSample(), browsers]);
    session.browser = session.lanes[0]!;
  });
  after(async () => {
    await Promise.all((session.lanes ?? []).map((b) => b.close()));
    await session.site?.close();
  });
  return session;
}
