// Acceptance: another schema's real `sanity dataset export` (a blog: `post` with `title` and
// `coverImage`, as a starter's sample data would be) served by `npm run content` answers
// `coverImage.asset->url` with URLs the service itself answers with the images; an anonymous
// `raw` query answers 200 without dotted ids; unresolvable asset fields are warnings naming
// document and field; file assets and every image parameter are served or refused with a 400.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { writeTarGz, type TarEntry } from '../../core/tar.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'content-service/cli.ts');
const FIXTURE = join(ROOT, 'test/fixtures/blog-export');
const EXPORT_DIR = join(FIXTURE, readdirSync(FIXTURE)[0]!);
const work = mkdtempSync(join(tmpdir(), 'msg-blog-export-'));
const QUERY =
  '*[_type == "post"] | order(_id) {_id, title, "img": coverImage.asset->url, "file": attachment.asset->url}';

let child: ChildProcess;
let output = '';
let url = '';

type Json = any;

const query = async (q: string, perspective?: string, base = url): Promise<{ status: number; body: Json }> => {
  const params = new URLSearchParams({ query: q, ...(perspective ? { perspective } : {}) });
  const res = await fetch(`${base}/v2025-02-19/data/query/production?${params}`);
  return { status: res.status, body: await res.json() };
};

before(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', CLI, '--content', relative(ROOT, FIXTURE), '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_CACHE_DIR: join(work, 'cache') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 30_000;
  while (!url && Date.now() < deadline) {
    url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1] ?? '';
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(url, `no URL printed: ${output}`);
});
after(() => {
  child?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

describe('npm run content over a blog schema in the sanity dataset export format', () => {
  it('answers coverImage.asset->url with URLs the service answers with the original images', async () => {
    const { status, body } = await query(QUERY);
    assert.equal(status, 200);
    const posts = body.result as { _id: string; title: string; img: string | null; file: string | null }[];
    assert.deepEqual(
      posts.map((p) => p.title),
      ['Lost image', 'Hello, world', 'Second post'],
    );
    const withImages = posts.filter((p) => p._id !== 'post-broken');
    for (const p of withImages) {
      assert.match(p.img!, new RegExp(`^${url}/images/embedded/production/[0-9a-f]{40}-\\d+x\\d+\\.png$`));
      const res = await fetch(p.img!);
      assert.equal(res.status, 200, p.img!);
      assert.equal(res.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      // A bare URL is the original file, byte for byte.
      assert.ok(bytes.equals(readFileSync(join(EXPORT_DIR, 'images', p.img!.split('/').pop()!))));
    }
    assert.equal(posts.find((p) => p._id === 'post-broken')!.img, null);
  });

  it('warns about an asset field it cannot resolve, naming document and field', () => {
    assert.match(
      output,
      /document "post-broken", field coverImage: images\/0123456789abcdef[0-9a-f]{24}-10x10\.png is missing/,
    );
  });

  it('rebuilds asset documents with metadata from assets.json matched by the SHA-1 of the bytes', async () => {
    const { body } = await query(
      '*[_id == "post-hello"][0].coverImage.asset->' +
        '{_type, originalFilename, sha1hash, size, extension, mimeType, "w": metadata.dimensions.width, path}',
    );
    const a = body.result;
    assert.equal(a._type, 'sanity.imageAsset');
    assert.equal(a.originalFilename, 'cover.png');
    assert.equal(a.extension, 'png');
    assert.equal(a.mimeType, 'image/png');
    assert.equal(a.w, 64);
    assert.match(a.path, /^images\/embedded\/production\/[0-9a-f]{40}-64x48\.png$/);
    assert.equal(a.size, statSync(join(EXPORT_DIR, 'images', a.path.split('/').pop())).size);
  });

  it('serves file assets under /files/<project>/<dataset>/', async () => {
    const { body } = await query(QUERY);
    const file = (body.result as { file: string | null }[]).find((p) => p.file)!.file!;
    assert.match(file, /\/files\/embedded\/production\/[0-9a-f]{40}\.pdf$/);
    const res = await fetch(file);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(await res.text(), /^%PDF/);
    const dl = await fetch(`${file}?dl=notes.pdf`);
    assert.equal(dl.headers.get('content-disposition'), 'attachment; filename="notes.pdf"');
  });

  it('answers an anonymous raw (and drafts) query with 200 and no dotted ids', async () => {
    for (const perspective of ['raw', 'drafts']) {
      const { status, body } = await query('*[]._id', perspective);
      assert.equal(status, 200, perspective);
      assert.ok(body.result.includes('post-second'));
      assert.ok(!body.result.some((id: string) => id.includes('.')), `${perspective}: ${body.result}`);
    }
  });

  it('applies every image parameter @sanity/image-url emits, or refuses it with a 400', async () => {
    const { body } = await query(QUERY);
    const img = (body.result as { img: string | null }[]).find((p) => p.img)!.img!;
    const dims = async (qs: string): Promise<{ status: number; width?: number; height?: number; body: Buffer }> => {
      const res = await fetch(`${img}?${qs}`);
      const buf = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) return { status: res.status, body: buf };
      const m = await sharp(buf).metadata();
      return { status: 200, width: m.width!, height: m.height!, body: buf };
    };
    assert.deepEqual((({ width, height }) => ({ width, height }))(await dims('w=32')), { width: 32, height: 24 });
    assert.equal((await dims('max-w=16')).width, 16);
    assert.equal((await dims('w=8&min-w=20')).width, 20);
    assert.equal((await dims('max-h=12')).height, 12);
    assert.equal((await dims('w=32&pad=4')).width, 40);
    assert.deepEqual((({ width, height }) => ({ width, height }))(await dims('or=90')), { width: 48, height: 64 });
    const plain = (await dims('fm=png')).body;
    for (const qs of ['blur=50', 'sharp=50', 'flip=hv', 'invert=true', 'sat=-100', 'bg=ff0000&pad=2', 'frame=1']) {
      const r = await dims(`${qs}&fm=png`);
      assert.equal(r.status, 200, qs);
      if (!['flip=hv', 'sharp=50', 'frame=1', 'blur=50'].includes(qs))
        assert.ok(!r.body.equals(plain), `${qs} changed nothing`);
    }
    const inverted = await sharp((await dims('invert=true&fm=png')).body)
      .raw()
      .toBuffer();
    assert.deepEqual([...inverted.subarray(0, 3)], [0xff - 0x33, 0xff - 0x66, 0xff - 0xcc]);
    const dl = await fetch(`${img}?dl=`);
    assert.match(dl.headers.get('content-disposition') ?? '', /^attachment; filename="[0-9a-f]{40}-64x48\.png"$/);
    for (const bad of ['bogus=1', 'flip=x', 'or=45', 'frame=2', 'sat=200', 'blur=-1', 'invert=maybe']) {
      assert.equal((await dims(bad)).status, 400, bad);
    }
  });
});

describe('the same blog export as a tarball', () => {
  let service: ContentService;
  before(async () => {
    const entries: TarEntry[] = [];
    const walk = (dir: string, rel: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const p = join(dir, name);
        const r = rel ? `${rel}/${name}` : name;
        if (statSync(p).isDirectory()) {
          entries.push({ path: r, type: 'dir', data: Buffer.alloc(0) });
          walk(p, r);
        } else entries.push({ path: r, type: 'file', data: readFileSync(p) });
      }
    };
    walk(FIXTURE, '');
    const tarball = join(work, 'blog.tar.gz');
    (await import('node:fs')).writeFileSync(tarball, writeTarGz(entries, new Date(0)));
    service = await startContentService({
      contentDir: tarball,
      port: 0,
      watch: false,
      token: 'blog-token-123456',
      log: () => {},
    });
  });
  after(() => service?.close());

  it('serves the same posts with working image URLs', async () => {
    const { body } = await query(QUERY, undefined, service.url);
    const posts = body.result as { title: string; img: string | null }[];
    assert.deepEqual(
      posts.map((p) => p.title),
      ['Lost image', 'Hello, world', 'Second post'],
    );
    for (const p of posts.filter((x) => x.img)) assert.equal((await fetch(p.img!)).status, 200);
  });

  it('defaults to raw before API v2025-02-19 and to published from it (for token holders)', async () => {
    const ids = async (version: string, token?: string): Promise<string[]> => {
      const res = await fetch(
        `${service.url}/${version}/data/query/production?query=${encodeURIComponent('*[_type == "post"]._id')}`,
        {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
      );
      assert.equal(res.status, 200);
      return ((await res.json()) as { result: string[] }).result;
    };
    assert.ok((await ids('v2021-10-21', 'blog-token-123456')).includes('drafts.post-second'));
    assert.ok((await ids('v1', 'blog-token-123456')).includes('drafts.post-second'));
    assert.ok(!(await ids('v2025-02-19', 'blog-token-123456')).includes('drafts.post-second'));
    assert.ok(!(await ids('vX', 'blog-token-123456')).includes('drafts.post-second'));
    assert.ok(
      !(await ids('v2021-10-21')).some((id) => id.includes('.')),
      'anonymous raw by default still hides drafts',
    );
  });
});
