// Which language a translation.metadata entry is for: @sanity/document-internationalization (with
// sanity-plugin-internationalized-array 5) writes it in the entry's `language` and gives the entry a
// random `_key`; its older versions wrote the language as the `_key`. A Spanish school linked
// either way must reach the Spanish page as "es", and the English entry must never count as a
// translation, or a translation made in today's Studio would not show (or show under a random key).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, parse } from 'groq-js';
import { landingPageTranslations, schoolBySlugQuery } from '../../src/lib/content/queries.ts';

const ref = (id: string) => ({ _type: 'reference', _ref: id });
const school = { _id: 'school-a', _type: 'school', language: 'en', title: 'A Middle School', slug: { current: 'a' } };
const spanish = { _id: 'school-a-es', _type: 'school', language: 'es', title: 'A Middle School', subtitle: 'Hola' };

/** The metadata the plugin writes today, and the one its older versions wrote. */
const metadata = {
  plugin: [
    { _key: '3f9c1b2a7d4e', _type: 'internationalizedArrayReferenceValue', language: 'en', value: ref('school-a') },
    { _key: 'a81e0c55b6f2', _type: 'internationalizedArrayReferenceValue', language: 'es', value: ref('school-a-es') },
  ],
  older: [
    { _key: 'en', _type: 'internationalizedArrayReferenceValue', value: ref('school-a') },
    { _key: 'es', _type: 'internationalizedArrayReferenceValue', value: ref('school-a-es') },
  ],
};

for (const [shape, translations] of Object.entries(metadata)) {
  test(`a school's Spanish translation is read as "es" from the ${shape} metadata`, async () => {
    const dataset = [school, spanish, { _id: 'meta-a', _type: 'translation.metadata', translations }];
    const row = (await (await evaluate(parse(schoolBySlugQuery), { dataset, params: { slug: 'a' } })).get()) as {
      translations: { lang: string; doc: { subtitle: string } }[];
    };
    assert.deepEqual(
      row.translations.map((t) => [t.lang, t.doc.subtitle]),
      [['es', 'Hola']],
    );
  });
}

test("the landing page's translation is read the same way", async () => {
  const dataset = [
    { _id: 'landingPage', _type: 'landingPage', language: 'en', headline: 'Welcome' },
    { _id: 'landing-es', _type: 'landingPage', language: 'es', headline: 'Bienvenidos' },
    {
      _id: 'meta-landing',
      _type: 'translation.metadata',
      translations: [
        { _key: 'k1', _type: 'internationalizedArrayReferenceValue', language: 'en', value: ref('landingPage') },
        { _key: 'k2', _type: 'internationalizedArrayReferenceValue', language: 'es', value: ref('landing-es') },
      ],
    },
  ];
  const query = `*[_id == "landingPage"][0]{ ${landingPageTranslations} }`;
  const row = (await (await evaluate(parse(query), { dataset })).get()) as {
    translations: { lang: string; doc: { headline: string } }[];
  };
  assert.deepEqual(
    row.translations.map((t) => [t.lang, t.doc.headline]),
    [['es', 'Bienvenidos']],
  );
});
