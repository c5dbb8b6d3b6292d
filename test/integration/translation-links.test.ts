// A district's translation links from the translation plugin's older versions (the language only
// in `_key`, as test/fixtures/district has its landing page's) are brought up to the format the
// plugin reads today: by the migration for a hosted dataset, and by the offline Studio's start
// through the content service, which writes the change to the folder. Afterwards the plugin sees
// the Spanish landing page (its entry names "es"), and the site still shows it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import migration from '../../studio/migrations/translation-links-language/index.ts';
import { upgradeTranslationLinks } from '../../studio/scripts/translation-links.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { readDataset, removeDir, tempDir } from './export-helpers.ts';

const DISTRICT = fileURLToPath(new URL('../fixtures/district', import.meta.url));
const TOKEN = 'links-token-0123456789abcdef';
const META = 'rb-landing-translations';

const work = tempDir('translation-links');
const dir = path.join(work, 'dataset');
let service: ContentService;

type Entry = { _key: string; language?: string; value: { _ref: string } };
const entriesOf = (docs: Record<string, unknown>[]) => docs.find((d) => d._id === META)?.translations as Entry[];

describe('translation links in the plugin’s older format', () => {
  before(async () => {
    cpSync(DISTRICT, dir, { recursive: true });
    service = await startContentService({ contentDir: dir, token: TOKEN, watch: false, persist: true });
  });

  after(async () => {
    await service?.close();
    removeDir(work);
  });

  it('the migration sets each older entry’s language from its key, and leaves current ones alone', () => {
    const older = readDataset(dir).find((d) => d._id === META)!;
    const ops = migration.migrate.document!(older as never) as { path: unknown[]; op: unknown }[];
    assert.deepEqual(
      ops.map((o) => o.path),
      [
        ['translations', { _key: 'en' }, 'language'],
        ['translations', { _key: 'es' }, 'language'],
      ],
    );
    const current = { ...older, translations: [{ _key: 'a1', language: 'en', value: { _ref: 'x' } }] };
    assert.deepEqual(migration.migrate.document!(current as never), []);
  });

  it('the offline Studio’s start writes the languages into the folder, once', async () => {
    assert.equal(await upgradeTranslationLinks(service.url, 'production', TOKEN), 1);
    const entries = entriesOf(readDataset(dir));
    assert.deepEqual(
      entries.map((e) => [e._key, e.language, e.value._ref]),
      [
        ['en', 'en', 'landingPage'],
        ['es', 'es', 'landingPage-es'],
      ],
    );
    assert.equal(await upgradeTranslationLinks(service.url, 'production', TOKEN), 0, 'nothing left to do');
  });
});
