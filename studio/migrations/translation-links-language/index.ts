// `npx sanity migration run translation-links-language` (in studio/, against a hosted project):
// writes each translation link's language into its own field, as the translation plugin reads it
// since version 6, for links written by its older versions with the language only in `_key`.
// The offline Studio applies the same change to a dataset folder when it starts
// (studio/scripts/translation-links.ts).
import { at, defineMigration, set } from 'sanity/migrate';
import { olderEntryKeys } from '../../src/translations/older-links.ts';

export default defineMigration({
  title: 'Translation links: the language in its own field, as the translation plugin reads it',
  documentTypes: ['translation.metadata'],
  migrate: {
    document(doc) {
      return olderEntryKeys(doc).map((key) => at(['translations', { _key: key }, 'language'], set(key)));
    },
  },
});
