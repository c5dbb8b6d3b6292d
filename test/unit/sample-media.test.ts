// The bundled sample's media and reproducibility: images that really exist at the size their ids
// claim, the district's own media as its dataset's assets (logo, hero poster and video, PDF guide),
// the site's favicon in public/, and the generator re-run into a temp dir giving the committed
// bytes back.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { parseAssetRef } from '../../src/lib/images/image-ref.ts';
import { heroFrameSvg } from '../../scripts/sample/public.ts';
import { oneMascot } from '../../scripts/sample/school-copy.ts';
import { ROOT, SAMPLE, PUBLIC, byId, schools, assets, all, ndjson } from './helpers/sample-dataset.ts';

describe('sample dataset: images', () => {
  const imageFields = all.filter((v) => v && typeof v === 'object' && v.asset && typeof v.asset._ref === 'string');

  it('has an asset document and a matching file for every referenced image, and no orphans', async () => {
    const referenced = new Set(imageFields.map((i) => i.asset._ref));
    for (const ref of referenced) assert.ok(byId.has(ref), `image ${ref} has no asset document`);
    for (const a of assets) assert.ok(referenced.has(a._id), `asset ${a._id} is never used`);
    const files = new Set(readdirSync(join(SAMPLE, 'images')));
    assert.equal(files.size, assets.length, 'images/ holds exactly the asset files');
    for (const a of assets) {
      const info = parseAssetRef(a._id)!;
      assert.ok(info, a._id);
      assert.equal(a.extension, info.ext);
      assert.equal(a.mimeType, info.ext === 'png' ? 'image/png' : 'image/jpeg');
      const dim = a.metadata.dimensions;
      assert.deepEqual([dim.width, dim.height], [info.width, info.height]);
      assert.ok(Math.abs(dim.aspectRatio - info.width / info.height) < 1e-5);
      const file = `${info.hash}-${info.width}x${info.height}.${info.ext}`;
      assert.ok(files.has(file), `missing file ${file}`);
      const bytes = readFileSync(join(SAMPLE, 'images', file));
      assert.equal(createHash('sha1').update(bytes).digest('hex'), info.hash, `${file} hash`);
      const meta = await sharp(bytes).metadata();
      assert.deepEqual(
        [meta.width, meta.height, meta.format === 'jpeg' ? 'jpg' : meta.format],
        [info.width, info.height, info.ext],
      );
    }
  });

  it('uses realistic sizes and sets hotspot and crop on some images', () => {
    const size = (img: any) => parseAssetRef(img?.asset?._ref);
    for (const s of schools) {
      if (s.image) assert.ok(size(s.image)!.width >= 1600, `${s._id} hero`);
      if (s.logo) assert.deepEqual([size(s.logo)!.width, size(s.logo)!.height, size(s.logo)!.ext], [512, 512, 'png']);
      assert.ok(size(s.mainImage)!.width >= 1200);
      assert.ok(size(s.tourImage)!.width >= 1200);
    }
    const withHotspot = imageFields.filter((i) => i.hotspot);
    const withCrop = imageFields.filter((i) => i.crop);
    assert.ok(withHotspot.length >= 3 && withCrop.length >= 3);
    for (const i of withHotspot)
      for (const k of ['x', 'y', 'width', 'height']) assert.ok(i.hotspot[k] >= 0 && i.hotspot[k] <= 1);
    for (const i of withCrop) {
      for (const k of ['top', 'bottom', 'left', 'right']) assert.ok(i.crop[k] >= 0 && i.crop[k] < 0.5);
      // The hotspot must sit inside the cropped area or the landing card would centre on nothing.
      if (i.hotspot)
        assert.ok(
          i.hotspot.x > i.crop.left &&
            i.hotspot.x < 1 - i.crop.right &&
            i.hotspot.y > i.crop.top &&
            i.hotspot.y < 1 - i.crop.bottom,
        );
    }
    const total =
      readdirSync(join(SAMPLE, 'images')).reduce((n, f) => n + statSync(join(SAMPLE, 'images', f)).size, 0) +
      ndjson.length;
    assert.ok(total < 12e6, `content/sample is ${(total / 1e6).toFixed(1)} MB`);
  });
});

/** The bytes of the file a `file` field of the sample holds (files/<sha1>.<ext>), checked against its hash. */
function fileOf(field: { asset: { _ref: string } }): Buffer {
  const doc = byId.get(field.asset._ref)!;
  assert.equal(doc?._type, 'sanity.fileAsset', field.asset._ref);
  const bytes = readFileSync(join(SAMPLE, 'files', `${doc.sha1hash}.${doc.extension}`));
  assert.equal(createHash('sha1').update(bytes).digest('hex'), doc.sha1hash);
  return bytes;
}
const settings = byId.get('siteSettings')!;
const landing = byId.get('landingPage')!;

describe("the district's media: its dataset's own assets; the site's favicon in public/", () => {
  it("has the favicon as a self-contained SVG, and nothing of the district in public/ but its schools' static pictures", () => {
    const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.doesNotMatch(svg, /(href|src)=|@import|url\(\s*['"]?http/, 'the favicon must not load anything');
    assert.deepEqual(readdirSync(PUBLIC).sort(), ['favicon.svg', 'static']);
  });

  it("has the logo as an uploaded image, twice the navigation's 200x48, with its alt text", async () => {
    const info = parseAssetRef(settings.logo.asset._ref)!;
    assert.deepEqual([info.width, info.height, info.ext], [400, 96, 'png']);
    assert.equal(settings.logo.alt, `${settings.districtName} home`);
  });

  it('has a valid 1-2 page PDF guide whose xref points at its objects, uploaded as a file', () => {
    const pdf = fileOf(settings.guide).toString('latin1');
    assert.ok(pdf.startsWith('%PDF-1.') && pdf.trimEnd().endsWith('%%EOF'));
    const start = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    assert.ok(pdf.startsWith('xref', start));
    const entries = [...pdf.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    entries.forEach((off, i) => assert.ok(pdf.startsWith(`${i + 1} 0 obj`, off), `xref entry ${i + 1}`));
    const pages = Number(/\/Type \/Pages .*\/Count (\d+)/.exec(pdf)![1]);
    assert.ok(pages >= 1 && pages <= 2, `${pages} pages`);
    assert.match(pdf, /\(Guide to Middle School Options/);
  });

  it('has the hero video in both formats, small, uploaded as files, with a 1920x1080 poster', async () => {
    const mp4 = fileOf(landing.heroVideo.mp4);
    const webm = fileOf(landing.heroVideo.webm);
    assert.equal(mp4.toString('latin1', 4, 8), 'ftyp');
    assert.equal(webm.readUInt32BE(0), 0x1a45dfa3, 'EBML header');
    for (const b of [mp4, webm]) assert.ok(b.length > 20_000 && b.length < 1.5e6, `${b.length} bytes`);
    const info = parseAssetRef(landing.heroPoster.asset._ref)!;
    assert.deepEqual([info.width, info.height, info.ext], [1920, 1080, 'jpg']);
  });

  it('loops seamlessly: the frame after the last is the first', async () => {
    const px = async (t: number) =>
      sharp(Buffer.from(heroFrameSvg(t)))
        .resize(320, 180)
        .raw()
        .toBuffer();
    const [a, b, mid] = await Promise.all([px(0), px(1), px(0.5)]);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    assert.ok(diff <= 2, `frame 0 and frame 1.0 differ by ${diff}`);
    assert.notDeepEqual(a, mid, 'the picture moves');
  });
});

describe('generator', () => {
  it('writes "a"/"an" and singular mascots as a reader would ("Life as an Eagle", "Life as a Wolf")', () => {
    assert.equal(oneMascot('Eagles'), 'an Eagle');
    assert.equal(oneMascot('Innovators'), 'an Innovator');
    assert.equal(oneMascot('Wolves'), 'a Wolf');
    assert.equal(oneMascot('Lions'), 'a Lion');
    // The committed sample too: families read these headings.
    assert.doesNotMatch(ndjson, /\ba [AEIOU][a-z]/, 'no "a" before a vowel in the sample');
    assert.match(ndjson, /Life as an Eagle/);
  });

  const tmp = mkdtempSync(join(tmpdir(), 'gen-sample-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('reproduces the committed dataset byte for byte', { timeout: 180_000 }, () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/sample/generate.ts'), '--out', tmp, '--no-public'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.ok(
      readFileSync(join(tmp, 'dataset.ndjson')).equals(readFileSync(join(SAMPLE, 'dataset.ndjson'))),
      'dataset.ndjson differs: run `npm run sample` and commit',
    );
    assert.deepEqual(readdirSync(join(tmp, 'images')).sort(), readdirSync(join(SAMPLE, 'images')).sort());
    assert.deepEqual(readdirSync(join(tmp, 'files')).sort(), readdirSync(join(SAMPLE, 'files')).sort());
  });

  it('rejects unknown options with a clear message', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/sample/generate.ts'), '--bogus'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /unknown option --bogus/);
  });
});
