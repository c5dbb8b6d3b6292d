// A district's languages as content (src/lib/content/site-languages.ts): what the Studio's
// validation says of a `languages` list, what the Studio's translation menu and desk offer from it
// (studio/src/languages.ts), and that a district without the list keeps English and Spanish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SanityDocument } from 'sanity';
import {
  DEFAULT_SITE_LANGUAGES,
  languagesProblems,
  languageTitle,
  siteLanguagesOf,
} from '../../src/lib/content/site-languages.ts';
import { siteLanguages } from '../../studio/src/languages.ts';
import { findings, readDocs } from './helpers/studio-validation.ts';

const FOUR = [
  { _key: 'a', _type: 'siteLanguage', id: 'en', title: 'English', direction: 'ltr' },
  { _key: 'b', _type: 'siteLanguage', id: 'es', title: 'Español', direction: 'ltr' },
  { _key: 'c', _type: 'siteLanguage', id: 'zh-Hans', title: '中文（简体）', direction: 'ltr' },
  { _key: 'd', _type: 'siteLanguage', id: 'ar', title: 'العربية', direction: 'rtl' },
];

test('a list of four languages is read as written, English first', () => {
  assert.deepEqual(languagesProblems(FOUR), []);
  assert.deepEqual(
    siteLanguagesOf(FOUR).map((l) => [l.id, l.title, l.direction]),
    [
      ['en', 'English', 'ltr'],
      ['es', 'Español', 'ltr'],
      ['zh-Hans', '中文（简体）', 'ltr'],
      ['ar', 'العربية', 'rtl'],
    ],
  );
});

test('without a list, or with nothing usable in it, the district publishes English and Spanish', () => {
  for (const value of [undefined, null, [], 'en,es', [{ id: 'EN!' }], [{ id: 'vi' }]])
    assert.deepEqual(siteLanguagesOf(value), DEFAULT_SITE_LANGUAGES, JSON.stringify(value));
  assert.deepEqual(languagesProblems(undefined), []);
});

test('an English-only list is English only; a list without English gets it first', () => {
  assert.deepEqual(
    siteLanguagesOf([{ id: 'en', title: 'English', direction: 'ltr' }]).map((l) => l.id),
    ['en'],
  );
  assert.deepEqual(
    siteLanguagesOf([{ id: 'vi', title: 'Tiếng Việt', direction: 'ltr' }]).map((l) => l.id),
    ['en', 'vi'],
  );
});

test('each fault is named in an editor’s words, and the usable entries still count', () => {
  const faulty = [
    { id: 'es', title: 'Español', direction: 'ltr' },
    { id: 'Spanish', title: 'Spanish', direction: 'ltr' },
    { id: 'es', title: 'Otra vez', direction: 'ltr' },
    { id: 'ar', title: '', direction: 'rtl' },
    { id: 'vi', title: 'Tiếng Việt', direction: 'sideways' },
  ];
  const problems = languagesProblems(faulty);
  assert.match(problems[0]!, /English \("en"\) comes first/);
  assert.ok(problems.some((p) => /Language 2 \(Spanish\): the code must be a language tag/.test(p)));
  assert.ok(problems.some((p) => /Language 3 \(es\): listed twice/.test(p)));
  assert.ok(problems.some((p) => /Language 4 \(ar\): give the language's name/.test(p)));
  assert.ok(problems.some((p) => /Language 5 \(vi\): the direction/.test(p)));
  assert.deepEqual(
    siteLanguagesOf(faulty).map((l) => [l.id, l.direction]),
    [
      ['en', 'ltr'],
      ['es', 'ltr'],
      ['vi', 'ltr'],
    ],
  );
});

test('the Studio reads the published settings’ list, and the default when it cannot', async () => {
  assert.deepEqual(
    (await siteLanguages({ fetch: async () => FOUR })).map((l) => l.id),
    ['en', 'es', 'zh-Hans', 'ar'],
  );
  assert.deepEqual(
    await siteLanguages({
      fetch: async () => {
        throw new Error('offline');
      },
    }),
    DEFAULT_SITE_LANGUAGES,
  );
  assert.equal(languageTitle('es'), 'Español');
  assert.equal(languageTitle(undefined), 'English');
  assert.equal(languageTitle('ar', siteLanguagesOf(FOUR)), 'العربية');
});

test('the Studio’s validation of the site settings says what is wrong with the list', async () => {
  const dataset = readDocs('content/sample');
  const settings = dataset.find((d) => d._id === 'siteSettings')!;
  const withList = (languages: unknown) => ({ ...settings, languages }) as SanityDocument;
  const about = async (doc: SanityDocument) => (await findings([doc], dataset)).filter((f) => /languages/.test(f));
  assert.deepEqual(await about(withList(FOUR)), []);
  const bad = await about(withList([FOUR[1], { ...FOUR[2], id: 'chinese' }]));
  assert.ok(
    bad.some((f) => /English \("en"\) comes first/.test(f)),
    bad.join('\n'),
  );
  assert.ok(
    bad.some((f) => /language tag/.test(f)),
    bad.join('\n'),
  );
});
