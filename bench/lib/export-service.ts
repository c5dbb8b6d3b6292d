// The content service the export benchmark reads, as its own process (`npm run content`), and
// what the benchmark checks with it: an editor's publish through the mutate API, the edited page
// in out/, and two exported sites compared file by file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ROOT } from '../gen-dataset.ts';
import { DEFAULT_API_VERSION } from '../../src/config/public.ts';
import { listFiles } from '../../scripts/lib/list-files.ts';
import { childEnv, CONTENT_SCRIPT, DATASET, type SiteComparison } from './export-process.ts';
export interface RunningService {
  url: string;
  token: string;
  /** From spawning `npm run content` to its first answered query. */
  startMs: number;
  schools: number;
  stop(): Promise<void>;
}

/**
 * Starts `npm run content` (content-service/cli.ts) over `contentDir` on a free loopback port with a
 * random token, and waits until it answers a query. The caller must stop() it, also on failure.
 */
export async function startServiceProcess(
  contentDir: string,
  opts: { timeoutMs?: number } = {},
): Promise<RunningService> {
  // `--token=T`, not `--token T`: a base64url token may start with '-', which parses as a flag.
  const token = randomBytes(24).toString('base64url');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CONTENT_SCRIPT, '--content', contentDir, '--port', '0', `--token=${token}`],
    {
      cwd: BENCH_ROOT,
      env: childEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = () => stopChild(child);
  try {
    // Port 0: the service binds a port the system knows is free and prints its URL on a line of its own.
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(
        () =>
          reject(
            new Error(`content service printed no URL within ${opts.timeoutMs ?? 60_000} ms:\n${stdout}${stderr}`),
          ),
        opts.timeoutMs ?? 60_000,
      );
      child.stdout!.on('data', (d) => {
        stdout += d;
        const m = /^(http:\/\/127\.0\.0\.1:\d+)\r?\n/m.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.stderr!.on('data', (d) => {
        stderr += d;
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`content service exited with ${code} before listening:\n${stderr.slice(-3000)}`));
      });
    });
    child.stdout!.resume();
    child.stderr!.resume();
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    let schools: number | null = null;
    let lastError = '';
    while (schools === null) {
      try {
        const res = await fetch(
          `${url}/v${DEFAULT_API_VERSION}/data/query/${DATASET}?query=${encodeURIComponent('count(*[_type == "school"])')}`,
        );
        const body = (await res.json()) as { result?: unknown };
        if (res.ok && typeof body.result === 'number') schools = body.result;
        else lastError = `HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`;
      } catch (err) {
        lastError = (err as Error).message;
      }
      if (schools === null) {
        if (Date.now() > deadline) throw new Error(`content service at ${url} did not answer a query: ${lastError}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return { url, token, startMs: performance.now() - started, schools, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** SIGTERM (the CLI closes its server and exits), SIGKILL if it has not gone after 5 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Publishes an edit of one school's first section title through the service's mutate API, as an
 * editor's tool does (bearer token, a patch guarded by the revision it was made against). Section
 * titles are neither navigation nor card fields, so only that school's page should change.
 * Returns the title before and after.
 */
export async function publishSectionEdit(
  serviceUrl: string,
  token: string,
  schoolId: string,
): Promise<{ before: string; after: string }> {
  const api = `${serviceUrl}/v${DEFAULT_API_VERSION}/data`;
  const auth = { authorization: `Bearer ${token}` };
  const got = await fetch(`${api}/doc/${DATASET}/${encodeURIComponent(schoolId)}`, { headers: auth });
  if (!got.ok) throw new Error(`bench: reading ${schoolId} failed: HTTP ${got.status} ${await got.text()}`);
  const doc = ((await got.json()) as { documents: { _rev?: string; sectionRepeater?: { title?: string }[] }[] })
    .documents[0];
  if (!doc) throw new Error(`bench: ${schoolId} not found in the content service`);
  const before = doc.sectionRepeater?.[0]?.title;
  if (typeof before !== 'string') throw new Error(`bench: ${schoolId} has no first section title to edit`);
  const after = `${before} (revised ${randomBytes(4).toString('hex')})`;
  const res = await fetch(`${api}/mutate/${DATASET}?returnDocuments=true`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      mutations: [
        {
          patch: {
            id: schoolId,
            ...(doc._rev ? { ifRevisionID: doc._rev } : {}),
            set: { 'sectionRepeater[0].title': after },
          },
        },
      ],
    }),
  });
  const body = (await res.json()) as {
    results?: { id: string; operation: string; document?: { sectionRepeater?: { title?: string }[] } }[];
  };
  const result = body.results?.[0];
  if (!res.ok || result?.operation !== 'update' || result.document?.sectionRepeater?.[0]?.title !== after) {
    throw new Error(
      `bench: the edit of ${schoolId} was not applied: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`,
    );
  }
  return { before, after };
}

/** Text as React writes it into element content. */
const reactText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** Fails loudly unless the edited page in out/ changed and shows the new title: a fast but stale incremental export must not pass. */
export function checkEditedPage(pageFile: string, htmlBefore: string, title: string): void {
  const html = readFileSync(pageFile, 'utf8');
  if (html === htmlBefore)
    throw new Error(
      `bench: the incremental export left ${pageFile} unchanged after the edit was published (stale export)`,
    );
  if (!html.includes(reactText(title)))
    throw new Error(`bench: ${pageFile} changed but does not show the published title "${title}" (stale export)`);
}

/**
 * Compares two exported sites of the same content: same files, and reports which differ in bytes.
 * Checks that every image a page references is self-hosted under /media/ and present, and that no
 * page points at the content service (a loopback URL would break once the service is gone).
 */
export function compareSites(a: string, b: string): SiteComparison {
  const fa = listFiles(a);
  const fb = listFiles(b);
  const setB = new Set(fb);
  const onlyA = fa.filter((f) => !setB.has(f));
  const setA = new Set(fa);
  const onlyB = fb.filter((f) => !setA.has(f));
  if (onlyA.length || onlyB.length) {
    throw new Error(
      `bench: the running-service and embedded exports wrote different files: only in the first ${onlyA.slice(0, 10).join(', ') || '-'}; only in the second ${onlyB.slice(0, 10).join(', ') || '-'}`,
    );
  }
  const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const differing = fa.filter((f) => hash(path.join(a, f)) !== hash(path.join(b, f)));
  const pages = fa.filter((f) => f.endsWith('.html'));
  let mediaRefs = 0;
  for (const page of pages) {
    for (const dir of [a, b]) {
      const html = readFileSync(path.join(dir, page), 'utf8');
      const loopback = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])[^"'\s)]*/.exec(html);
      if (loopback)
        throw new Error(
          `bench: ${dir}/${page} references the content service (${loopback[0]}): images are not self-hosted`,
        );
      if (dir !== a) continue;
      for (const m of html.matchAll(/\/media\/[\w.-]+\.webp/g)) {
        mediaRefs++;
        if (!setA.has(m[0].slice(1)))
          throw new Error(`bench: ${page} references ${m[0]}, which the export did not write`);
      }
    }
  }
  if (mediaRefs === 0) throw new Error('bench: no page references a self-hosted image under /media/');
  return {
    files: fa.length,
    pages: pages.length,
    differing: differing.slice(0, 20),
    differingCount: differing.length,
    mediaRefs,
    mediaFiles: fa.filter((f) => f.startsWith('media/')).length,
  };
}
