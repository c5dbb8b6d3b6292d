// Renders a large export on every core. Rendering is most of a full export and renderToString is
// synchronous, so one thread leaves the other cores idle while the content service has nothing
// left to do. The schools are cut into small parts. The main thread renders the landing pages and
// the first part; if that part really rendered (a full export, not an incremental one carrying
// nearly every page over), worker threads start (about 0.4 s to load tsx, React and the app) and
// main and workers take the remaining parts in turn, so a slow or late worker never holds the rest
// back. Each part goes through the same buildPages as a one-thread export, and the parts are
// merged in order, so pages, manifest records and warnings are what one thread would produce
// (test/integration/export-parallel.test.ts compares the two byte for byte).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { School } from '../../src/lib/types.ts';
import { routeFile } from '../../src/routes.ts';
import { buildPages, StaleSchoolError, type BuildPagesOptions, type RenderedSite } from './pages.ts';
import type { PageRecord } from './export-manifest.ts';
import type { ValidContent } from './validate-content.ts';

/** Below this many schools a worker's start-up costs more than it saves. */
export const PARALLEL_MIN_SCHOOLS = 200;
/** Schools per part: small enough to balance, big enough that messaging is noise. */
const PART_SCHOOLS = 25;
/** Parts a worker holds at once, so it never waits while the main thread renders its own part. */
const IN_FLIGHT = 2;
/** Environment override of the number of render threads (1 = no workers). */
export const RENDER_THREADS_ENV = 'EXPORT_RENDER_THREADS';
const MAX_THREADS = 4;

export type PartOptions = Omit<BuildPagesOptions, 'warn' | 'landing'>;
export interface PartRequest { id: number; content: ValidContent; opts: PartOptions }
export type PartReply = { id: number; site: RenderedSite; warnings: string[] } | { id: number; error: string; staleFile?: string };

/** Threads to render with: the environment override, else one per core (at most 4). */
export function renderThreads(env: Record<string, string | undefined>): number {
  const set = env[RENDER_THREADS_ENV];
  if (set !== undefined && set.trim() !== '') {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`${RENDER_THREADS_ENV}: "${set}" is not a thread count from 1 to 64`);
    return n;
  }
  return Math.min(MAX_THREADS, availableParallelism());
}

interface Done { site: RenderedSite; warnings: string[] }

function merge(parts: Done[], warn: BuildPagesOptions['warn']): RenderedSite {
  const site: RenderedSite = { pages: [], carried: [], records: new Map(), variants: new Map(), files: [], schools: new Map() };
  for (const part of parts) {
    for (const w of part.warnings) warn?.(w);
    site.pages.push(...part.site.pages);
    site.carried.push(...part.site.carried);
    for (const [k, v] of part.site.records) site.records.set(k, v);
    for (const [k, v] of part.site.variants) site.variants.set(k, v);
    for (const [k, v] of part.site.schools) site.schools.set(k, v);
    site.files.push(...part.site.files);
  }
  const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  site.pages.sort(byFile);
  site.carried.sort(byFile);
  return site;
}

/** The worker bootstrap: registers tsx in the new thread (loaders are per thread), then loads the worker. */
const BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./render-worker.ts', import.meta.url).href)}); })`;

/**
 * buildPages over all cores. With fewer than PARALLEL_MIN_SCHOOLS schools or one thread it is
 * buildPages itself. A render error in any part fails the whole build, as it would on one thread;
 * a worker that cannot start or dies only hands its parts back to the main thread.
 */
export async function buildPagesParallel(content: ValidContent, opts: BuildPagesOptions, threads: number): Promise<RenderedSite> {
  if (threads < 2 || content.schools.length < PARALLEL_MIN_SCHOOLS) return buildPages(content, opts);

  const slices: School[][] = [];
  for (let i = 0; i < content.schools.length; i += PART_SCHOOLS) slices.push(content.schools.slice(i, i + PART_SCHOOLS));
  const { warn, landing: _, ...shared } = opts;
  const partContent = (i: number): ValidContent => {
    const part: ValidContent = { nav: content.nav, landing: i === 0 ? content.landing : [], schools: slices[i]! };
    if (content.unchanged) part.unchanged = new Map(slices[i]!.flatMap((s) => { const u = content.unchanged!.get(s._id); return u ? [[s._id, u] as const] : []; }));
    return part;
  };
  const partOpts = (i: number): PartOptions => {
    // Part 0 (the landing pages too) never leaves the main thread; a worker's part gets only its pages' records.
    if (!shared.previous || i === 0) return shared;
    const previous = new Map<string, PageRecord>();
    for (const s of slices[i]!) {
      const file = routeFile({ page: 'school', slug: s.slug! });
      const rec = shared.previous.get(file);
      if (rec) previous.set(file, rec);
    }
    return { ...shared, previous };
  };
  const results: (Done | undefined)[] = new Array(slices.length);
  /** Threads that rendered at least one part (the summary reports it). */
  const busy = new Set<number>([0]);
  const problems: string[] = [];
  const queue: number[] = slices.map((_, i) => i).slice(1);
  let failure: Error | null = null;

  const runHere = (i: number): void => {
    const warnings: string[] = [];
    const site = buildPages(partContent(i), { ...partOpts(i), landing: i === 0, warn: (m) => warnings.push(m) });
    results[i] = { site, warnings };
  };

  const workers: Worker[] = [];
  const settled: Promise<void>[] = [];
  /** Ends each worker's turn once it holds no part (called when the main thread runs out of parts). */
  const idle: (() => void)[] = [];
  const spawn = (w: number): void => {
    const worker = new Worker(BOOT, { eval: true });
    worker.unref();
    workers.push(worker);
    const held = new Set<number>();
    const feed = (): void => {
      while (!failure && held.size < IN_FLIGHT && queue.length > 0) {
        const id = queue.shift()!;
        held.add(id);
        const req: PartRequest = { id, content: partContent(id), opts: partOpts(id) };
        worker.postMessage(req);
      }
    };
    settled.push(new Promise<void>((resolve) => {
      const finish = (): void => {
        // Parts this worker still held go back to the main thread.
        queue.unshift(...[...held].sort((a, b) => a - b));
        held.clear();
        resolve();
      };
      idle.push(() => { if (held.size === 0) finish(); });
      worker.on('message', (msg: 'ready' | PartReply) => {
        if (msg === 'ready') { feed(); if (held.size === 0) finish(); return; }
        held.delete(msg.id);
        if ('error' in msg) failure ??= msg.staleFile ? new StaleSchoolError(msg.staleFile) : new Error(msg.error);
        else { results[msg.id] = { site: msg.site, warnings: msg.warnings }; busy.add(w); }
        feed();
        if (held.size === 0) finish();
      });
      worker.on('error', (err) => {
        problems.push(`render thread ${w} failed (${err.message}); the main thread rendered its parts`);
        finish();
      });
      worker.on('exit', finish);
    }));
  };

  try {
    runHere(0);
    // Workers only when there is rendering to share: an incremental export that carries over
    // nearly every page would only wait for them to start.
    if (results[0]!.site.pages.length * 2 >= slices[0]!.length) for (let w = 1; w < threads; w++) spawn(w);
    // Between parts the event loop runs, so workers get their next parts while this thread works.
    for (;;) {
      await new Promise<void>((r) => setImmediate(r));
      if (failure) throw failure;
      const id = queue.shift();
      if (id === undefined) break;
      runHere(id);
    }
    for (const end of idle) end();
    await Promise.all(settled);
    if (failure) throw failure;
    // A worker that died after the main thread ran out of parts left some unrendered.
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) runHere(id);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  for (const p of problems) warn?.(p);
  const site = merge(results.map((r, i) => {
    if (!r) throw new Error(`render-pool: part ${i} was never rendered`);
    return r;
  }), warn);
  return { ...site, threads: busy.size };
}
