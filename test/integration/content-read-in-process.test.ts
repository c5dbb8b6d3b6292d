// The export reads the embedded service in its own process (readPublished) instead of over HTTP
// from query workers. What it reads must be what any client reads: for the sample and for a
// district that is not ours, the export's queries answer the same both ways, and documents
// loaded line by line from the file are the ones loaded from its text.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openContentSource, type ContentSource } from '../../core/content-source.ts';
import { createPublicClient } from '../../src/build/public-client.ts';
import { exportContentQuery, exportChangedQuery, revisionsQuery } from '../../src/lib/content/queries.ts';
import { DatasetStore } from '../../content-service/store.ts';
import { fileLines } from '../../content-service/ndjson.ts';

const SAMPLE = fileURLToPath(new URL('../../content/sample', import.meta.url));
const DISTRICT = fileURLToPath(new URL('../fixtures/district', import.meta.url));

for (const [name, dir] of [
  ['the sample', SAMPLE],
  ['a district that is not ours', DISTRICT],
] as const) {
  describe(`reading ${name} in the export's process`, () => {
    let source: ContentSource;
    before(async () => {
      source = await openContentSource({ contentDir: dir, env: {}, watch: false, readsInProcess: true, log: () => {} });
    });
    after(() => source.close());

    it('answers the export queries as the HTTP API does', async () => {
      assert.ok(source.readPublished, 'an in-process reader');
      const client = createPublicClient(source.config);
      const ids = ((await client.fetch<{ _id: string }[]>(revisionsQuery)) ?? []).map((r) => r._id).slice(0, 5);
      for (const [query, params] of [
        [exportContentQuery, {}],
        [exportChangedQuery, { ids }],
      ] as const) {
        const local = await source.readPublished!(query, params);
        // The HTTP answer went through JSON: compare the in-process one as it would arrive.
        assert.deepEqual(JSON.parse(JSON.stringify(local)), await client.fetch(query, params));
      }
      const content = (await source.readPublished!(exportContentQuery)) as { schools: unknown[] };
      assert.ok(content.schools.length > 0, 'schools were read');
    });
  });
}

describe('a dataset file read line by line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lines-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the documents, revisions and warnings its text gives, however the reads split it', () => {
    const file = join(dir, 'dataset.ndjson');
    // Multi-byte characters, a CRLF line, a blank line, a malformed one, a duplicate, no final newline.
    const text = [
      '{"_id":"a","_type":"school","title":"Escuela Niño — 中文"}',
      '{"_id":"b","_type":"school","title":"Ünïcödé","_rev":"r1"}\r',
      '',
      '{"_id":"c",',
      '{"_id":"a","_type":"school","title":"the later line wins"}',
      '{"_id":"d","_type":"note","emoji":"🙂"}',
    ].join('\n');
    writeFileSync(file, text);
    const warnings: string[] = [];
    const fromText = new DatasetStore(file, (m) => warnings.push(m)).loadText(text);
    const expected = { docs: fromText.view('raw', true), warnings: [...warnings] };
    for (const chunk of [1, 2, 3, 5, 64, 4096]) {
      assert.deepEqual([...fileLines(file, chunk)], text.split('\n'), `chunks of ${chunk} bytes`);
    }
    warnings.length = 0;
    const lineByLine = new DatasetStore(file, (m) => warnings.push(m)).loadLineByLine(false);
    assert.deepEqual(lineByLine.view('raw', true), expected.docs);
    assert.deepEqual(warnings, expected.warnings);
    assert.equal(expected.docs.length, 3);
  });

  it('names the path of a file that cannot be read', () => {
    assert.throws(
      () => new DatasetStore(join(dir, 'absent.ndjson')).loadLineByLine(),
      /dataset file not found: .*absent/,
    );
  });
});
