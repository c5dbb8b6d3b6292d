// Both generations of Sanity's importer, unmodified, against the embedded service: @sanity/import
// 3.x (Sanity CLI 3) dates each uploaded asset by patching `_createdAt`, `_updatedAt` and `_rev`,
// and both check an asset they find by hash with an HTTPS request to its `url`. Each version loads
// the sample export into an empty service, then again over it without `replaceAssets`, and the
// folder ends with the export's documents, one file per image, and the export's creation dates.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SanityClient } from '@sanity/client';
import { sanityImport } from '@sanity/import';
import { startContentService } from '../../content-service/index.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { readTarGz } from '../../core/tar.ts';
import { readDataset, removeDir, ROOT, SAMPLE, tempDir } from './export-helpers.ts';

type ImportFn = (input: NodeJS.ReadableStream, opts: Record<string, unknown>) => Promise<{ numDocs: number }>;
// 3.x is CommonJS without types; its entry is the import function itself.
const importV3 = createRequire(import.meta.url)('@sanity/import-v3') as ImportFn;
const IMPORTERS: [string, ImportFn][] = [
  ['3.x', importV3],
  ['6.x', sanityImport as unknown as ImportFn],
];

const TARBALL = path.join(ROOT, 'content', 'sample.tar.gz');
const TOKEN = 'importers-token-0123456789';
const work = tempDir('importers');
after(() => removeDir(work));

const exported = readTarGz(readFileSync(TARBALL));
const assetsJson = JSON.parse(exported.find((e) => e.path.endsWith('/assets.json'))!.data.toString('utf8')) as Record<
  string,
  { _createdAt?: string }
>;
const tarDocs = exported
  .find((e) => e.path.endsWith('/data.ndjson'))!
  .data.toString('utf8')
  .split('\n')
  .filter((l) => l.trim()).length;

const clientFor = (url: string): SanityClient => createPreviewClient(embeddedConfig(url), TOKEN);

const SYSTEM = new Set(['_createdAt', '_updatedAt', '_rev', 'uploadId', 'url', 'path']);
const content = (docs: Record<string, unknown>[]) =>
  docs
    .map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !SYSTEM.has(k))))
    .sort((a, b) => String(a._id).localeCompare(String(b._id)));

for (const [version, importer] of IMPORTERS) {
  describe(`@sanity/import ${version} into the embedded service`, () => {
    const dir = path.join(work, version);
    mkdirSync(dir);

    const run = async (operation: string): Promise<number> => {
      const service = await startContentService({ contentDir: dir, token: TOKEN, persist: true, watch: false });
      try {
        const started = Date.now();
        const result = await importer(createReadStream(TARBALL), { client: clientFor(service.url), operation });
        // The old failure was retries of an unanswerable HTTPS check: minutes, then an error.
        assert.ok(Date.now() - started < 60_000, 'the import does not wait on retries');
        return result.numDocs;
      } finally {
        await service.close();
      }
    };

    it('loads the export into an empty folder, asset dates included', async () => {
      assert.equal(await run('create'), tarDocs);
      const docs = readDataset(dir);
      assert.deepEqual(content(docs), content(readDataset(SAMPLE)));
      const images = docs.filter((d) => d._type === 'sanity.imageAsset');
      assert.ok(images.length > 0);
      for (const image of images) {
        const meta = assetsJson[`image-${String(image.sha1hash)}`];
        if (version === '3.x' && meta?._createdAt)
          assert.equal(image._createdAt, meta._createdAt, `${String(image._id)} keeps the export's creation date`);
      }
    });

    it('loads it again over itself without replaceAssets: same documents, no duplicate image', async () => {
      assert.equal(await run('createOrReplace'), tarDocs);
      assert.deepEqual(content(readDataset(dir)), content(readDataset(SAMPLE)));
      assert.deepEqual(readdirSync(path.join(dir, 'images')).sort(), readdirSync(path.join(SAMPLE, 'images')).sort());
    });
  });
}
