// Acceptance: the official importer as proof. @sanity/import (what `sanity dataset import` runs),
// unmodified, fills an embedded service that started on an empty folder with a token from
// content/sample.tar.gz; a restart on that folder serves the same dataset as content/sample, and the
// export of it equals the export of content/sample. Plus what guards the folder: no token, no write;
// a process killed mid-write never leaves a torn dataset.ndjson.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SanityClient } from '@sanity/client';
import { sanityImport } from '@sanity/import';
import sharp from 'sharp';
import { startContentService } from '../../content-service/index.ts';
import { readTarGz } from '../../core/tar.ts';
import { importTarball } from './helpers/import-tarball.ts';
import {
  cleanEnv,
  LAUNCHER,
  listFiles,
  readDataset,
  removeDir,
  ROOT,
  runExport,
  SAMPLE,
  tempDir,
} from './export-helpers.ts';

const TARBALL = path.join(ROOT, 'content', 'sample.tar.gz');
const TOKEN = 'import-token-0123456789';
const work = tempDir('import');
after(() => removeDir(work));

let n = 0;
/** A fresh empty folder under the test's temp dir. */
function emptyFolder(): string {
  const dir = path.join(work, `dataset-${++n}`);
  mkdirSync(dir);
  return dir;
}

const clientFor = (url: string, token?: string): SanityClient =>
  createClient({
    apiHost: url,
    useProjectHostname: false,
    projectId: 'embedded',
    dataset: 'production',
    apiVersion: '2025-02-19',
    useCdn: false,
    ...(token ? { token } : {}),
  });

/** System fields the service sets on every write (as hosted), and the per-request asset address. */
const SYSTEM = new Set(['_createdAt', '_updatedAt', '_rev', 'uploadId', 'url', 'path']);
const withoutSystem = (docs: Record<string, unknown>[]) =>
  docs
    .map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !SYSTEM.has(k))))
    .sort((a, b) => String(a._id).localeCompare(String(b._id)));

const withoutStamp = (ics: Buffer) => ics.toString('utf8').replace(/^DTSTAMP:.*$/gm, '');
const withoutUpdated = (json: Buffer) =>
  JSON.stringify((JSON.parse(json.toString('utf8')) as Record<string, unknown>[]).map(({ updated: _, ...f }) => f));

/**
 * A page with its embedded JSON (the hydration data) re-serialised with sorted keys and without
 * `_updatedAt`: an import adds fields by patch (so in another key order) and stamps every document
 * with the time of the write, on the hosted API as here. Everything else is compared as bytes.
 */
function canonicalPage(html: string): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v).filter(([k]) => k !== '_updatedAt');
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, strip(x)]));
  };
  return html.replace(
    /(<script type="application\/json" id="[^"]+">)([^<]*)(<\/script>)/g,
    (_m, open: string, json: string, close: string) => open + JSON.stringify(strip(JSON.parse(json))) + close,
  );
}

describe('sanity dataset import (@sanity/import) into an empty embedded service', () => {
  const target = emptyFolder();
  const logs: string[] = [];
  let result: Awaited<ReturnType<typeof sanityImport>>;
  const tarDocs = readTarGz(readFileSync(TARBALL))
    .find((e) => e.path.endsWith('/data.ndjson'))!
    .data.toString('utf8')
    .split('\n')
    .filter((l) => l.trim()).length;

  before(async () => {
    result = await importTarball(target, TARBALL, TOKEN, (m) => logs.push(m));
  });

  it('imports every document and every image, without a warning or a log line', () => {
    assert.equal(result.numDocs, tarDocs);
    assert.deepEqual(result.warnings, []);
    assert.deepEqual(logs, [], 'the import leaves the service log quiet');
    assert.deepEqual(
      readdirSync(path.join(target, 'images')).sort(),
      readdirSync(path.join(SAMPLE, 'images')).sort(),
      'each upload is stored under the name the image route serves',
    );
    assert.deepEqual(
      readdirSync(target).filter((f) => /\.\d+$/.test(f)),
      [],
      'no temp file is left',
    );
  });

  it('a restart on the folder serves the dataset content/sample holds, images included', async () => {
    const service = await startContentService({ contentDir: target, token: TOKEN, watch: false, log: () => {} });
    try {
      const client = clientFor(service.url, TOKEN).withConfig({ perspective: 'raw' });
      const docs = await client.fetch<Record<string, unknown>[]>('*');
      assert.deepEqual(withoutSystem(docs), withoutSystem(readDataset(SAMPLE)));
      // The revs the import was answered with are the ones served after the restart.
      const written = new Map(readDataset(target).map((d) => [d._id, d._rev]));
      assert.deepEqual(new Map(docs.map((d) => [d._id, d._rev])), written);
      const asset = docs.find((d) => d._type === 'sanity.imageAsset')!;
      const res = await fetch(String(asset.url));
      assert.equal(res.status, 200);
      const file = path.join(SAMPLE, 'images', path.basename(new URL(String(asset.url)).pathname));
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file)));
    } finally {
      await service.close();
    }
  });

  it('exports the same site as content/sample: every file, media and bundles byte for byte', async () => {
    const env = cleanEnv({
      CONTENT_CACHE_DIR: path.join(work, 'content-cache'),
      EXPORT_IMAGE_CACHE_DIR: path.join(work, 'image-cache'),
      EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
    });
    const [imported, sample] = [path.join(work, 'out-imported'), path.join(work, 'out-sample')];
    // One after another: two busy cores, and each export renders every image variant.
    const a = await runExport(['--content', target, '--out', imported], env, 240_000);
    assert.equal(a.code, 0, a.stderr);
    const b = await runExport(['--content', SAMPLE, '--out', sample], env, 240_000);
    assert.equal(b.code, 0, b.stderr);
    const files = listFiles(sample).sort();
    assert.ok(files.some((f) => f.startsWith('media/')) && files.some((f) => f.startsWith('assets/')));
    assert.deepEqual(listFiles(imported).sort(), files);
    const differ = files.filter((f) => {
      const [x, y] = [readFileSync(path.join(imported, f)), readFileSync(path.join(sample, f))];
      if (x.equals(y)) return false;
      // What the write's time stamps (`_updatedAt`): the facts' `updated` and the calendars' DTSTAMP.
      if (f.endsWith('.ics')) return withoutStamp(x) !== withoutStamp(y);
      // Each edition has its facts file (school-facts.json, es/school-facts.json).
      if (/^(es\/)?school-facts\.json$/.test(f)) return withoutUpdated(x) !== withoutUpdated(y);
      return !f.endsWith('.html') || canonicalPage(x.toString('utf8')) !== canonicalPage(y.toString('utf8'));
    });
    assert.deepEqual(differ, []);
  });

  it('a second import (--replace --replace-assets) leaves the same dataset and no duplicate image', async () => {
    // --replace-assets: without it the importer checks each existing asset with an HTTPS HEAD
    // request (node:https) on its url, which an http:// loopback service cannot answer.
    const service = await startContentService({ contentDir: target, token: TOKEN, persist: true, watch: false });
    try {
      const again = await sanityImport(createReadStream(TARBALL), {
        client: clientFor(service.url, TOKEN),
        operation: 'createOrReplace',
        replaceAssets: true,
      });
      assert.equal(again.numDocs, tarDocs);
    } finally {
      await service.close();
    }
    assert.deepEqual(withoutSystem(readDataset(target)), withoutSystem(readDataset(SAMPLE)));
    assert.equal(readdirSync(path.join(target, 'images')).length, readdirSync(path.join(SAMPLE, 'images')).length);
  });
});

describe('uploads', () => {
  const png = () =>
    sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();

  it('answer the hosted asset document, store the bytes where the image route serves them, and dedupe', async () => {
    const dir = emptyFolder();
    const service = await startContentService({ contentDir: dir, token: TOKEN, persist: true, watch: false });
    try {
      const client = clientFor(service.url, TOKEN);
      const bytes = await png();
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      const doc = await client.assets.upload('image', bytes, {
        filename: 'dot.png',
        label: 'a label',
        creditLine: 'District',
        source: { id: 'x1', name: 'test', url: 'https://example.org/x1' },
      });
      assert.equal(doc._id, `image-${sha1}-30x20-png`);
      assert.equal(doc._type, 'sanity.imageAsset');
      assert.deepEqual(
        [doc.assetId, doc.sha1hash, doc.extension, doc.mimeType, doc.size, doc.originalFilename],
        [sha1, sha1, 'png', 'image/png', bytes.length, 'dot.png'],
      );
      assert.deepEqual(doc.metadata.dimensions, {
        _type: 'sanity.imageDimensions',
        width: 30,
        height: 20,
        aspectRatio: 1.5,
      });
      assert.equal(doc.metadata.hasAlpha, true);
      assert.equal(doc.metadata.isOpaque, false);
      assert.match(String(doc.metadata.lqip), /^data:image\/jpeg;base64,/);
      assert.deepEqual(
        [doc.label, doc.creditLine, doc.source],
        ['a label', 'District', { name: 'test', id: 'x1', url: 'https://example.org/x1' }],
      );
      assert.equal(doc.path, `images/embedded/production/${sha1}-30x20.png`);
      const served = await fetch(doc.url);
      assert.ok(Buffer.from(await served.arrayBuffer()).equals(bytes));
      assert.equal((await client.assets.upload('image', bytes))._id, doc._id, 'the same bytes are the same asset');

      const text = Buffer.from('hello, district\n');
      const file = await client.assets.upload('file', text, { filename: 'notes.txt', contentType: 'text/plain' });
      const fileSha = createHash('sha1').update(text).digest('hex');
      assert.deepEqual(
        [file._id, file.mimeType, file.path],
        [`file-${fileSha}-txt`, 'text/plain', `files/embedded/production/${fileSha}.txt`],
      );
      assert.equal(await (await fetch(file.url)).text(), 'hello, district\n');

      const bad = await fetch(`${service.url}/v2025-02-19/assets/images/production`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: 'not an image',
      });
      assert.equal(bad.status, 400);
    } finally {
      await service.close();
    }
    assert.deepEqual(
      readDataset(dir)
        .map((d) => d._id)
        .sort(),
      [`file-${createHash('sha1').update('hello, district\n').digest('hex')}-txt`, expectImageId(await png())].sort(),
      'both asset documents are in dataset.ndjson',
    );
  });

  it('without the token: uploads and mutations are 401 and nothing reaches the folder', async () => {
    const dir = emptyFolder();
    const service = await startContentService({ contentDir: dir, token: TOKEN, persist: true, watch: false });
    try {
      const bytes = await png();
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-000000' }];
      for (const headers of attempts) {
        const up = await fetch(`${service.url}/v2025-02-19/assets/images/production?filename=a.png`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'image/png' },
          body: bytes,
        });
        assert.equal(up.status, 401);
        const mut = await fetch(`${service.url}/v2025-02-19/data/mutate/production`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ mutations: [{ create: { _id: 'x', _type: 'video' } }] }),
        });
        assert.equal(mut.status, 401);
      }
    } finally {
      await service.close();
    }
    assert.deepEqual(readdirSync(dir), ['dataset.ndjson']);
    assert.equal(readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8'), '');
  });

  it('an empty folder without a token is refused: a read-only empty dataset is a wrong path', async () => {
    await assert.rejects(startContentService({ contentDir: emptyFolder(), watch: false }), /content folder is empty/);
  });

  it('a service that does not persist refuses uploads (403) and keeps mutations in memory', async () => {
    const dir = emptyFolder();
    const service = await startContentService({ contentDir: dir, token: TOKEN, watch: false });
    try {
      const client = clientFor(service.url, TOKEN);
      await assert.rejects(client.assets.upload('image', await png()), (err: { statusCode?: number }) => {
        assert.equal(err.statusCode, 403);
        return true;
      });
      await client.create({ _id: 'video-1', _type: 'video', title: 'kept in memory' });
      assert.equal(await client.fetch('*[_id == "video-1"][0].title'), 'kept in memory');
    } finally {
      await service.close();
    }
    assert.deepEqual(readdirSync(dir), []);
  });
});

function expectImageId(bytes: Buffer): string {
  return `image-${createHash('sha1').update(bytes).digest('hex')}-30x20-png`;
}

describe('a crash mid-write', () => {
  it('never leaves a torn dataset.ndjson: after kill -9 at any moment it holds every acknowledged transaction', async () => {
    const dir = emptyFolder();
    const big = 'x'.repeat(512 * 1024); // each write is several MB, so kills land inside writes
    const acknowledged = new Map<string, number>();
    for (let round = 0; round < 4; round++) {
      const child = spawn(
        process.execPath,
        // As `npm run content` starts it: the bundled CLI, in this process (no tsx to load each round).
        [LAUNCHER, 'content', '--content', dir, '--port', '0', '--token', TOKEN],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      const exited = new Promise((r) => child.on('exit', r));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          const t = setInterval(() => {
            const m = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
            if (m) {
              clearInterval(t);
              resolve(m[1]!);
            } else if (child.exitCode !== null) {
              clearInterval(t);
              reject(new Error(out));
            }
          }, 25);
        });
        const client = clientFor(url, TOKEN);
        let stop = false;
        const writer = (async () => {
          for (let i = 0; !stop; i++) {
            const id = `doc-${i % 12}`;
            const value = round * 1000 + i;
            try {
              await client.createOrReplace({ _id: id, _type: 'note', value, big });
              acknowledged.set(id, value);
            } catch {
              return; // the process is gone
            }
          }
        })();
        await new Promise((r) => setTimeout(r, 400 + round * 150));
        child.kill('SIGKILL');
        stop = true;
        await writer;
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      const lines = readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8').split('\n').filter(Boolean);
      const docs = new Map(lines.map((l) => JSON.parse(l) as { _id: string; value: number }).map((d) => [d._id, d]));
      for (const [id, value] of acknowledged) {
        // The kill may land after a write and before its answer: the file can be one step ahead.
        assert.ok((docs.get(id)?.value ?? -1) >= value, `round ${round}: ${id} lost its acknowledged write`);
      }
    }
    assert.ok(acknowledged.size > 0, 'some writes were acknowledged');
    assert.ok(!existsSync(path.join(dir, 'images')));
  });
});

describe('mutate options @sanity/client and the importer send', () => {
  it('accepts visibility and tag, and autoGenerateArrayKeys keys array objects that have no _key', async () => {
    const service = await startContentService({ contentDir: emptyFolder(), token: TOKEN, watch: false });
    try {
      const client = clientFor(service.url, TOKEN);
      await client.create(
        { _id: 'video-keys', _type: 'video', tags: [{ label: 'a' }, { _key: 'kept', label: 'b' }], ids: ['x'] },
        { autoGenerateArrayKeys: true, visibility: 'async', tag: 'import.test' },
      );
      await client
        .patch('video-keys')
        .insert('after', 'tags[-1]', [{ label: 'c' }])
        .commit({ autoGenerateArrayKeys: true });
      await client.create({ _id: 'video-plain', _type: 'video', tags: [{ label: 'a' }] });
      type Tagged = { tags: { _key?: string }[]; ids: string[] };
      const doc = (await client.getDocument('video-keys')) as unknown as Tagged;
      const keys = doc.tags.map((t) => t._key);
      assert.equal(keys[1], 'kept');
      assert.ok(
        keys.every((k) => typeof k === 'string' && k.length > 0),
        JSON.stringify(keys),
      );
      assert.equal(keys.length, 3);
      assert.deepEqual(doc.ids, ['x']);
      const plain = (await client.getDocument('video-plain')) as unknown as Tagged;
      assert.equal(plain.tags[0]!._key, undefined, 'without the option nothing is added');
    } finally {
      await service.close();
    }
  });
});
