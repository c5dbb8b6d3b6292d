// Preview server load: autocannon on loopback against the page shell, the navigation API and a
// bare static file of the shell's size, in the same run so the ratio holds on a noisy machine.
// Then memory: RSS and heap (after GC) before and after 10,000 requests and 200 SSE connects and
// disconnects, measured in the server process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
// autocannon ships no type declarations; the little of it used here is typed locally.
import autocannonUntyped from 'autocannon';
import { BENCH_ROOT } from '../gen-dataset.ts';
import { childEnv } from '../../core/environment.ts';

export interface LoadCase {
  name: string;
  url: string;
  rps: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}
export interface MemoryProbe {
  rss: number;
  heapUsed: number;
}
export interface PreviewBench {
  durationSec: number;
  cases: LoadCase[];
  shellToStaticRatio: number;
  memory: {
    before: MemoryProbe;
    after: MemoryProbe;
    requests: number;
    sseCycles: number;
    sseReady: number;
    rssGrowthMb: number;
    heapGrowthMb: number;
    gc: boolean;
  };
}

interface Ready {
  type: 'ready';
  port: number;
  barePort: number;
  cookie: string;
  shellBytes: number;
}

function startTarget(): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(BENCH_ROOT, 'bench/lib/preview-target.ts')],
    {
      cwd: BENCH_ROOT,
      env: {
        ...childEnv({ NODE_ENV: 'production' }, { embedded: true }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('preview target did not start in 60 s'));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve({ child, ready: m as Ready });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`preview target exited with ${code}`));
    });
  });
}

const probe = (child: ChildProcess): Promise<MemoryProbe & { gc: boolean }> =>
  new Promise((resolve) => {
    child.once('message', (m) => resolve(m as MemoryProbe & { gc: boolean }));
    child.send({ type: 'mem' });
  });

interface CannonOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
}
interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = autocannonUntyped as unknown as (
  opts: CannonOptions,
  done: (err: Error | null, result: CannonResult) => void,
) => unknown;

function cannon(opts: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Opens the event stream, waits for the relay's `ready` (or 3 s), then disconnects. */
async function sseCycle(url: string, cookie: string): Promise<boolean> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 3000);
  try {
    const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: ac.signal });
    if (!res.ok || !res.body) return false;
    const reader = res.body.getReader();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false;
      text += Buffer.from(value).toString('utf8');
      if (text.includes('event: ready')) return true;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
}

export async function benchPreview(opts: { durationSec: number; log: (m: string) => void }): Promise<PreviewBench> {
  const { child, ready } = await startTarget();
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = { cookie: ready.cookie };
    const defs = [
      { name: 'static file (bare @fastify/static)', url: `http://127.0.0.1:${ready.barePort}/shell.html`, headers: {} },
      { name: 'page shell /schools/:slug', url: `${base}/schools/lincoln-middle`, headers },
      { name: 'navigation API /api/navigation', url: `${base}/api/navigation`, headers },
    ];
    // Warm-up: JIT, caches, connection pools.
    for (const d of defs) await cannon({ url: d.url, headers: d.headers, connections: 10, amount: 300 });
    const cases: LoadCase[] = [];
    for (const d of defs) {
      const r = await cannon({ url: d.url, headers: d.headers, connections: 10, duration: opts.durationSec });
      cases.push({
        name: d.name,
        url: d.url,
        rps: r.requests.average,
        p99Ms: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
      opts.log(`  ${d.name.padEnd(36)} ${Math.round(r.requests.average)} req/s`);
    }

    // Memory: warm the SSE path too, then measure around a fixed amount of work.
    const eventsUrl = `${base}/api/events?id=school-lincoln`;
    for (let i = 0; i < 10; i++) await sseCycle(eventsUrl, ready.cookie);
    const before = await probe(child);
    const requests = 10_000;
    await cannon({ url: `${base}/schools/lincoln-middle`, headers, connections: 10, amount: requests / 2 });
    await cannon({ url: `${base}/api/navigation`, headers, connections: 10, amount: requests / 2 });
    const sseCycles = 200;
    let sseReady = 0;
    for (let i = 0; i < sseCycles; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => sseCycle(eventsUrl, ready.cookie)));
      sseReady += batch.filter(Boolean).length;
    }
    await new Promise((r) => setTimeout(r, 500)); // let closed streams finish their cleanup
    const after = await probe(child);
    const mb = (n: number) => n / 1024 / 1024;
    const rps = (i: number) => cases[i]!.rps;
    return {
      durationSec: opts.durationSec,
      cases,
      shellToStaticRatio: rps(1) / rps(0),
      memory: {
        before: { rss: before.rss, heapUsed: before.heapUsed },
        after: { rss: after.rss, heapUsed: after.heapUsed },
        requests,
        sseCycles,
        sseReady,
        rssGrowthMb: mb(after.rss - before.rss),
        heapGrowthMb: mb(after.heapUsed - before.heapUsed),
        gc: before.gc,
      },
    };
  } finally {
    child.send({ type: 'close' });
    await new Promise((r) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r(null);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        r(null);
      });
    });
  }
}
