// One language the district publishes in, an entry of the English site settings' `languages`
// (src/lib/content/site-languages.ts reads the list for the Studio and the site).
import { defineField, defineType } from 'sanity';
import { LANGUAGE_TAG } from '../../../../src/lib/content/site-languages.ts';

export const siteLanguage = defineType({
  name: 'siteLanguage',
  title: 'Language',
  type: 'object',
  fields: [
    defineField({
      name: 'id',
      type: 'string',
      title: 'Code',
      description:
        'Its language tag: "es" Spanish, "vi" Vietnamese, "zh-Hans" Simplified Chinese, "ar" Arabic, "ht" Haitian Creole. Its pages are under /{code in lower case}/.',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            typeof value !== 'string' || LANGUAGE_TAG.test(value.trim())
              ? true
              : 'A language tag such as "es", "vi", "zh-Hans" or "pt-BR".',
          ),
    }),
    defineField({
      name: 'title',
      type: 'string',
      title: 'Name',
      description: 'The language in its own words, as its readers look for it: "Español", "中文（简体）", "العربية".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'direction',
      type: 'string',
      title: 'Direction',
      options: {
        list: [
          { title: 'Left to right', value: 'ltr' },
          { title: 'Right to left (Arabic, Hebrew, Persian, Urdu)', value: 'rtl' },
        ],
        layout: 'radio',
      },
      initialValue: 'ltr',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'title', id: 'id', direction: 'direction' },
    prepare: ({ title, id, direction }: { title?: string; id?: string; direction?: string }) => ({
      title: title ?? id ?? 'Language',
      subtitle: [id, direction === 'rtl' ? 'right to left' : null].filter(Boolean).join(' · '),
    }),
  },
});
