// The language field @sanity/document-internationalization reads and writes: absent or "en" on an
// English document, the language's tag ("es", "zh-Hans") on a translation (linked by a
// translation.metadata document). The plugin sets it when an editor creates a translation, so
// editors never type it. Which languages it offers: the site settings' (studio/src/languages.ts).
import { defineField } from 'sanity';

export const languageField = defineField({
  name: 'language',
  type: 'string',
  title: 'Language',
  readOnly: true,
  hidden: true,
});

/** Document types with one document per language, linked by translation.metadata. */
export const TRANSLATED_TYPES = [
  'school',
  'quote',
  'highlight',
  'accordion',
  'video',
  'landingPage',
  'siteSettings',
] as const;
