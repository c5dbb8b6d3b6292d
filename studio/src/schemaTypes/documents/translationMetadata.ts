// Links a document (a school, a quote, the landing page…) to its translations, in the shape @sanity/document-internationalization writes
// (a `translation.metadata` document whose `translations` hold one reference per language, named
// in each entry's `language`, and `schemaTypes`), so a Studio that adds that plugin reads and edits
// the same documents. Defined by hand: the site needs only the shape (docs/content-model.md, "Languages").
import { defineArrayMember, defineField, defineType } from 'sanity';
import { TRANSLATED_TYPES } from '../objects/language.ts';

export const translationMetadata = defineType({
  name: 'translation.metadata',
  type: 'document',
  title: 'Translation metadata',
  fields: [
    defineField({
      name: 'translations',
      type: 'array',
      title: 'Translations',
      description: 'One entry per language ("en", "es" in `language`): the document in that language.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'internationalizedArrayReferenceValue',
          fields: [
            defineField({ name: 'language', type: 'string' }),
            defineField({
              name: 'value',
              type: 'reference',
              to: TRANSLATED_TYPES.map((type) => ({ type })),
              weak: true,
            }),
          ],
        }),
      ],
    }),
    defineField({ name: 'schemaTypes', type: 'array', of: [{ type: 'string' }], readOnly: true }),
  ],
});
