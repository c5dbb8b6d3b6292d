// The tar reader refuses what an untrusted export tarball must not do (symlinks, traversal,
// oversize), and the export converter turns `_sanityAsset` fields into references with asset
// documents, warning (document id + field) about every one it cannot resolve.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readTarGz, TarError, writeTarGz } from '../../core/tar.ts';
import { convertExport } from '../../content-service/sanity-export.ts';

type Json = any;

const file = (path: string, text: string) => ({ path, type: 'file' as const, data: Buffer.from(text) });

/** A one-entry ustar archive with a chosen type flag and name (what writeTarGz would never write). */
function rawTar(name: string, type: string, body = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const x of h) sum += x;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return gzipSync(Buffer.concat([h, data, Buffer.alloc(1024)]));
}

describe('core/tar.ts', () => {
  it('reads back what it writes, deterministically', () => {
    const entries = [
      { path: 'x', type: 'dir' as const, data: Buffer.alloc(0) },
      file('x/a.txt', 'hello'),
      file(`x/${'d'.repeat(60)}/${'n'.repeat(60)}`, 'long'),
    ];
    const a = writeTarGz(entries, new Date(0));
    assert.ok(a.equals(writeTarGz(entries, new Date(0))));
    assert.deepEqual(
      readTarGz(a).map((e) => [e.path, e.type, e.data.toString()]),
      entries.map((e) => [e.path, e.type, e.data.toString()]),
    );
  });

  it('refuses symlinks, hard links, traversal, absolute paths and oversize entries', () => {
    assert.throws(() => readTarGz(rawTar('x/link', '2')), TarError);
    assert.throws(() => readTarGz(rawTar('x/hard', '1')), TarError);
    assert.throws(() => readTarGz(rawTar('../evil', '0', 'x')), /refusing entry path/);
    assert.throws(() => readTarGz(rawTar('x/../../evil', '0', 'x')), /refusing entry path/);
    assert.throws(() => readTarGz(rawTar('/etc/evil', '0', 'x')), /refusing entry path/);
    assert.throws(() => readTarGz(rawTar('x/big', '0', 'x'.repeat(2000)), { maxEntryBytes: 1000 }), /larger than/);
    assert.throws(() => readTarGz(rawTar('x/big', '0', 'x'.repeat(5000)), { maxTotalBytes: 4096 }), /decompressed/);
    assert.throws(() => readTarGz(Buffer.from('not gzip')), /not a gzip/);
  });
});

describe('convertExport', () => {
  it('turns _sanityAsset fields into references and warns, naming document and field, about missing files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'msg-convert-'));
    try {
      mkdirSync(join(dir, 'images'));
      mkdirSync(join(dir, 'files'));
      const png = Buffer.from('not really a png, but bytes');
      const sha = createHash('sha1').update(png).digest('hex');
      writeFileSync(join(dir, 'images', `${sha}-4x3.png`), png);
      writeFileSync(join(dir, 'files', `${sha}.pdf`), png);
      const docs = [
        {
          _id: 'post-1',
          _type: 'post',
          coverImage: { _sanityAsset: `image@file://./images/${sha}-4x3.png`, _type: 'image', alt: 'A' },
          gallery: [{ _key: 'k1', _type: 'image', _sanityAsset: 'image@file://./images/0000-1x1.png' }],
          attachment: { _sanityAsset: `file@file://./files/${sha}.pdf`, _type: 'file' },
        },
      ];
      const { docs: out, warnings } = convertExport(docs, dir, {
        [`image-${sha}`]: { originalFilename: 'cover.png', metadata: { dimensions: { width: 4, height: 3 } } },
      });
      const post = out[0] as Json;
      assert.deepEqual(post.coverImage, {
        _type: 'image',
        asset: { _type: 'reference', _ref: `image-${sha}-4x3-png` },
        alt: 'A',
      });
      assert.deepEqual(post.attachment.asset, { _type: 'reference', _ref: `file-${sha}-pdf` });
      assert.equal(post.gallery[0].asset, undefined);
      assert.deepEqual(warnings, [
        'document "post-1", field gallery[_key=="k1"]: ' +
          'images/0000-1x1.png is missing from the export; the field has no asset',
      ]);
      const image = out.find((d) => d._id === `image-${sha}-4x3-png`) as Json;
      assert.equal(image._type, 'sanity.imageAsset');
      assert.equal(image.sha1hash, sha);
      assert.equal(image.size, png.length);
      assert.equal(image.originalFilename, 'cover.png');
      assert.equal(image.mimeType, 'image/png');
      assert.deepEqual(image.metadata, { dimensions: { width: 4, height: 3 } });
      const pdf = out.find((d) => d._id === `file-${sha}-pdf`) as Json;
      assert.equal(pdf._type, 'sanity.fileAsset');
      assert.equal(pdf.mimeType, 'application/pdf');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
