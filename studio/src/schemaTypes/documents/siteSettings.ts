// What every page shows around its content: the district's name and logo, the navigation's links
// to the district's other school guides, the footer, the PDF guide and the default theme colour.
// One document per language where it has words (the English one is "siteSettings"); a field a
// translation leaves empty is the English one's. Nothing has a district's value built in: a field
// left empty is left out of the pages (or neutral words name no district), and the export's report
// names it (docs/new-district.md).
import { defineArrayMember, defineField, defineType } from 'sanity';
import { CogIcon } from '@sanity/icons';
import { languageField } from '../objects/language.ts';
import { imageWithAlt } from '../objects/altText.ts';
import { COLOUR_PATTERN } from './school.ts';
import { languagesProblems, languageTitle } from '../../../../src/lib/content/site-languages.ts';

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  fields: [
    languageField,
    defineField({
      name: 'languages',
      type: 'array',
      title: 'Languages',
      description:
        'The languages the guide is published in, English first; each has its own pages and its own translations, made from a document’s language menu. Without a list: English and Español.',
      of: [defineArrayMember({ type: 'siteLanguage' })],
      // One list for the district: on the English settings only.
      hidden: ({ document }) => typeof document?.language === 'string' && document.language !== 'en',
      validation: (rule) =>
        rule.custom((value) => {
          const problems = languagesProblems(value);
          return problems.length === 0 ? true : problems.join(' ');
        }),
    }),
    defineField({
      name: 'districtName',
      type: 'string',
      title: 'District name',
      description:
        'In page titles, the footer, search results and the home link, e.g. "Riverbend School District". Without it the pages name no district.',
    }),
    imageWithAlt(
      'logo',
      'Logo',
      'The logo in the navigation bar, about 200×48; the alternative text names the district. Without it the district name shows as text.',
    ),
    defineField({
      name: 'elementaryLink',
      type: 'siteLink',
      title: 'Elementary schools link',
      description: "The navigation's link before Middle School Options; without it, none.",
    }),
    defineField({
      name: 'highSchoolLink',
      type: 'siteLink',
      title: 'High schools link',
      description: "The navigation's link after Middle School Options; without it, none.",
    }),
    defineField({
      name: 'footerText',
      type: 'string',
      title: 'Footer text',
      description: 'After the copyright and the district name, e.g. "All rights reserved."',
    }),
    defineField({
      name: 'footerLinks',
      type: 'array',
      title: 'Footer links',
      of: [defineArrayMember({ type: 'siteLink' })],
    }),
    defineField({
      name: 'guide',
      type: 'file',
      title: 'PDF guide',
      description:
        'The district\'s printable guide to middle school options, linked from every footer as "Download a PDF Guide…". A translation may carry its own; without one the English guide is linked, and without any no link is shown.',
      options: { accept: 'application/pdf' },
    }),
    defineField({
      name: 'zipCodes',
      type: 'array',
      title: "The district's ZIP codes",
      description:
        'Each ZIP code gets a page listing its zoned school first, then every school open to the district by distance from its centre.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'zipCode',
          fields: [
            defineField({
              name: 'zip',
              type: 'string',
              title: 'ZIP code',
              validation: (r) => r.required().regex(/^\d{5}$/, { name: 'five digits' }),
            }),
            defineField({
              name: 'lat',
              type: 'number',
              title: 'Latitude of its centre',
              validation: (r) => r.required().min(-90).max(90),
            }),
            defineField({
              name: 'lng',
              type: 'number',
              title: 'Longitude of its centre',
              validation: (r) => r.required().min(-180).max(180),
            }),
          ],
          preview: { select: { title: 'zip' } },
        }),
      ],
    }),
    defineField({
      name: 'timeZone',
      type: 'string',
      title: 'Time zone',
      description: 'Where the district is, e.g. America/Denver: tour and open-house times are written in it.',
    }),
    defineField({
      name: 'themeColor',
      type: 'string',
      title: 'Default theme colour',
      description: 'The browser bar colour of pages without a school colour, as #rrggbb.',
      validation: (rule) =>
        rule.custom((value) =>
          value === undefined || (typeof value === 'string' && COLOUR_PATTERN.test(value))
            ? true
            : 'Use the form #rrggbb, e.g. #862633',
        ),
    }),
  ],
  preview: {
    select: { title: 'districtName', language: 'language' },
    prepare: ({ title, language }: { title?: string; language?: string }) => ({
      title: title ?? 'Site settings',
      subtitle: languageTitle(language),
    }),
  },
});
