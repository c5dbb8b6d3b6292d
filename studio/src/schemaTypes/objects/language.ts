// The language field @sanity/document-internationalization reads and writes: absent or "en" on an
// English document, "es" on its Spanish translation (linked by a translation.metadata document).
// The plugin sets it when an editor creates a translation, so editors never type it.
import { defineField } from 'sanity';

export const languageField = defineField({
  name: 'language',
  type: 'string',
  title: 'Language',
  readOnly: true,
  hidden: true,
});

/** The languages editors write in; English first, the site's default. */
export const SUPPORTED_LANGUAGES = [
  { id: 'en', title: 'English' },
  { id: 'es', title: 'Español' },
];

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
