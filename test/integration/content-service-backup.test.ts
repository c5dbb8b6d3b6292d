// Acceptance: the standard backup works offline. @sanity/export 6 (what `sanity dataset export`
// runs), unmodified, writes a tarball from the embedded service's GET /data/export, and
// @sanity/import loads it back into an empty service: the same documents (creation dates
// included, which decide who keeps an address) and the same image files, for the sample and for
// Riverbend (a district that is not ours). Then the endpoint as hosted documents it (NDJSON, the
// token's documents or only published ones, `types`, cursor mode) and its limits: streams at
// once, one per address without the token, a deadline that ends the stream with an error line
// @sanity/export raises, and a reader that stopped reading cut off.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { SanityClient } from '@sanity/client';
import { exportDataset } from '@sanity/export';
import Fastify, { type FastifyInstance } from 'fastify';
import { dataExportRoutes } from '../../content-service/data-export.ts';
import { startContentService } from '../../content-service/index.ts';
import { DatasetStore, type Doc } from '../../content-service/index.ts';
import { readDataset, removeDir, ROOT, SAMPLE, tempDir } from './export-helpers.ts';
import { importTarball } from './helpers/import-tarball.ts';
import { editorClient } from './helpers/preview-fixture.ts';

const DISTRICT = path.join(ROOT, 'test/fixtures/district');
const TOKEN = 'backup-token-0123456789';
const work = tempDir('backup');
after(() => removeDir(work));

/** A client of the service with the token, as the backup and the restore use one. */
const clientFor = (url: string): SanityClient => editorClient(url, TOKEN);

/** The service's own stamps; everything else of a document must come back. */
const SYSTEM = new Set(['_updatedAt', '_rev']);
const isAsset = (d: Record<string, unknown>) => d._type === 'sanity.imageAsset' || d._type === 'sanity.fileAsset';
const comparable = (docs: Record<string, unknown>[]) =>
  docs
    .filter((d) => !isAsset(d))
    .map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !SYSTEM.has(k))))
    .sort((a, b) => String(a._id).localeCompare(String(b._id)));
/** Asset documents are made again by the upload of their file (as hosted): their ids must come back. */
const assetIds = (docs: Record<string, unknown>[]) =>
  docs
    .filter(isAsset)
    .map((d) => String(d._id))
    .sort();

/** A copy of a dataset folder (the service writes nothing into it without persist, but a test owns its copy). */
function copyOf(dir: string, name: string): string {
  const to = path.join(work, name);
  cpSync(dir, to, { recursive: true, filter: (f) => !f.endsWith('.ts') && !f.endsWith('.md') });
  return to;
}

const ndjsonLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

for (const [name, dir, mode] of [
  ['the sample', SAMPLE, 'stream'],
  ['Riverbend', DISTRICT, 'cursor'],
] as const) {
  describe(`backup and restore of ${name} (@sanity/export ${mode} mode, then @sanity/import)`, () => {
    const source = copyOf(dir, `${mode}-source`);
    const target = path.join(work, `${mode}-target`);
    const tarball = path.join(work, `${mode}.tar.gz`);
    const logs: string[] = [];
    let exported: Awaited<ReturnType<typeof exportDataset>>;
    let imported: Awaited<ReturnType<typeof importTarball>>;

    before(async () => {
      const service = await startContentService({
        contentDir: source,
        token: TOKEN,
        watch: false,
        log: (m) => logs.push(m),
      });
      try {
        exported = await exportDataset({
          client: clientFor(service.url),
          dataset: 'production',
          outputPath: tarball,
          mode,
          onProgress: () => {},
        });
      } finally {
        await service.close();
      }
      mkdirSync(target);
      imported = await importTarball(target, tarball, TOKEN, (m) => logs.push(m));
    });

    it('exports every document and every image, and imports them all, without a warning', () => {
      const docs = readDataset(source);
      const assets = docs.filter((d) => d._type === 'sanity.imageAsset' || d._type === 'sanity.fileAsset');
      assert.equal(exported.documentCount, docs.length - assets.length);
      assert.equal(exported.assetCount, assets.length);
      assert.equal(imported.numDocs, docs.length - assets.length);
      assert.deepEqual(imported.warnings, []);
      assert.deepEqual(logs, [], 'the services log nothing');
    });

    it('the restored folder holds the same documents, creation dates and drafts included, and the same images', () => {
      // Creation dates decide which school keeps an address (scripts/lib/address-keeper.ts): a restore keeps them.
      assert.deepEqual(comparable(readDataset(target)), comparable(readDataset(source)));
      assert.deepEqual(assetIds(readDataset(target)), assetIds(readDataset(source)));
      const files = readdirSync(path.join(source, 'images')).sort();
      assert.deepEqual(readdirSync(path.join(target, 'images')).sort(), files);
      for (const f of files)
        assert.ok(
          readFileSync(path.join(target, 'images', f)).equals(readFileSync(path.join(source, 'images', f))),
          `images/${f} comes back byte for byte`,
        );
    });
  });
}

describe('GET /data/export as hosted', () => {
  let url: string;
  let close: () => Promise<void>;
  const docs = readDataset(SAMPLE);
  before(async () => {
    const service = await startContentService({ contentDir: SAMPLE, token: TOKEN, watch: false, log: () => {} });
    url = service.url;
    close = () => service.close();
  });
  after(() => close());

  const get = (query = '', token?: string) =>
    fetch(`${url}/v2021-06-07/data/export/production${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('with the token: every document, drafts and asset documents with their address, in _id order, as NDJSON', async () => {
    const res = await get('', TOKEN);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-ndjson/);
    const lines = ndjsonLines(await res.text());
    const ids = lines.map((d) => String(d._id));
    assert.deepEqual(
      ids,
      docs.map((d) => String(d._id)).sort((a, b) => (a < b ? -1 : 1)),
    );
    assert.ok(ids.includes('drafts.school-lincoln'));
    const asset = lines.find((d) => d._type === 'sanity.imageAsset')!;
    const image = await fetch(String(asset.url));
    assert.equal(image.status, 200, 'the asset document names where its file is served');
  });

  it('without the token: only published documents outside dotted ids (as hosted, "publicly available")', async () => {
    const lines = ndjsonLines(await (await get()).text());
    assert.ok(lines.length > 0);
    assert.ok(lines.every((d) => !String(d._id).includes('.')));
    assert.equal(lines.length, docs.filter((d) => !String(d._id).includes('.')).length);
  });

  it('types: only the documents of those types; a wrong token, dataset or cursor is refused', async () => {
    const lines = ndjsonLines(await (await get('?types=school,video', TOKEN)).text());
    assert.deepEqual([...new Set(lines.map((d) => d._type))].sort(), ['school', 'video']);
    assert.equal((await get('', 'not-the-token')).status, 401);
    assert.equal((await fetch(`${url}/v2021-06-07/data/export/other`)).status, 404);
    const bad = await get('?nextCursor=%2F%2F', TOKEN);
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(await bad.json()), /nextCursor/);
  });
});

/** A dataset of `n` documents of about 1 KB each, for the limits. */
function bigStore(n: number): DatasetStore {
  const docs: Doc[] = Array.from({ length: n }, (_, i) => ({
    _id: `doc-${String(i).padStart(6, '0')}`,
    _type: i % 2 ? 'quote' : 'video',
    text: 'x'.repeat(1000),
  }));
  return new DatasetStore(path.join(work, 'none.ndjson'), () => {}).loadDocs(docs);
}

async function appWith(
  opts: Partial<Parameters<typeof dataExportRoutes>[1]>,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  await app.register(dataExportRoutes, { store: bigStore(5000), dataset: 'production', token: TOKEN, ...opts });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/**
 * A raw GET whose body is read only when asked: the reader that stopped reading. (A paused
 * response never sees its socket close: the client reads the buffered bytes first.)
 */
function held(url: string, token?: string) {
  return new Promise<{ resume: () => Promise<string>; abandon: () => void }>((resolve, reject) => {
    const req = request(`${url}/v1/data/export/production`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.pause();
      let body = '';
      resolve({
        abandon: () => req.destroy(),
        resume: () =>
          new Promise((done) => {
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              body += d;
            });
            res.on('end', () => done(body));
            res.on('error', () => done(body));
            res.resume();
          }),
      });
    });
    req.end();
  });
}

describe('GET /data/export: cursor mode and limits', () => {
  it('cursor mode: each answer ends with the cursor to continue from, and the walk is the whole stream', async () => {
    const { app, url } = await appWith({ cursorSliceMs: 0 });
    try {
      const whole = ndjsonLines(
        await (
          await fetch(`${url}/v1/data/export/production`, { headers: { authorization: `Bearer ${TOKEN}` } })
        ).text(),
      );
      const walked: Record<string, unknown>[] = [];
      let cursor: string | undefined = '';
      let answers = 0;
      while (cursor !== undefined) {
        const res = await fetch(`${url}/v1/data/export/production?nextCursor=${encodeURIComponent(cursor)}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const lines = ndjsonLines(await res.text());
        answers++;
        const last = lines.at(-1);
        cursor = last && !('_id' in last) ? String(last.nextCursor) : undefined;
        walked.push(...lines.filter((l) => '_id' in l));
      }
      assert.ok(answers > 10, `the 5 MB dataset came in ${answers} answers`);
      assert.deepEqual(walked, whole);
      // @sanity/export follows the cursors by itself.
      const result = await exportDataset({
        client: clientFor(url),
        dataset: 'production',
        outputPath: path.join(work, 'cursor-raw.tar.gz'),
        mode: 'cursor',
        raw: true,
        onProgress: () => {},
      });
      assert.equal(result.documentCount, 5000);
    } finally {
      await app.close();
    }
  });

  it('at most maxExports streams at once, and one per address without the token (503, as a busy service)', async () => {
    const { app, url } = await appWith({ maxExports: 2 });
    try {
      const a = await held(url);
      const refused = await fetch(`${url}/v1/data/export/production`);
      assert.equal(refused.status, 503);
      assert.match(JSON.stringify(await refused.json()), /already exporting/);
      const b = await held(url, TOKEN);
      const full = await fetch(`${url}/v1/data/export/production`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(full.status, 503);
      await Promise.all([a.resume(), b.resume()]);
      const again = await fetch(`${url}/v1/data/export/production`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(again.status, 200, 'a seat is free again once a stream has ended');
      await again.text();
    } finally {
      await app.close();
    }
  });

  it('past the deadline the stream ends with an error line, which @sanity/export raises', async () => {
    const { app, url } = await appWith({ timeLimitMs: 300 });
    try {
      const slow = await held(url, TOKEN);
      await new Promise((r) => setTimeout(r, 350));
      const lines = ndjsonLines(await slow.resume());
      assert.ok(lines.length < 5000, 'the stream stopped before the end');
      assert.match(String((lines.at(-1)?.error as { description?: string })?.description), /ran longer than 1 s/);
    } finally {
      await app.close();
    }
    const over = await appWith({ timeLimitMs: 0 });
    try {
      await assert.rejects(
        exportDataset({
          client: clientFor(over.url),
          dataset: 'production',
          outputPath: path.join(work, 'late.tar.gz'),
          raw: true,
          onProgress: () => {},
        }),
        /the export ran longer than/,
      );
    } finally {
      await over.app.close();
    }
  });

  it('a reader that stopped reading is cut off a little after the deadline, and its seat comes back', async () => {
    const { app, url } = await appWith({ timeLimitMs: 300, maxExports: 1 });
    try {
      const stalled = await held(url, TOKEN);
      const busy = await fetch(`${url}/v1/data/export/production`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(busy.status, 503, 'the stalled reader holds the only seat');
      // Cut off at the deadline plus a grace of at least 1 s.
      await new Promise((r) => setTimeout(r, 2_000));
      const next = await fetch(`${url}/v1/data/export/production`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(next.status, 200);
      await next.body?.cancel();
      stalled.abandon();
    } finally {
      await app.close();
    }
  });
});
