// A highlight card (picture, short text, "Learn More"), shared by the schools' highlight blocks.
import { defineField, defineType } from 'sanity';
import { languageField } from '../objects/language.ts';
import { imageWithAlt } from '../objects/altText.ts';
import { StarIcon } from '@sanity/icons';

export const highlight = defineType({
  name: 'highlight',
  title: 'Highlight',
  type: 'document',
  icon: StarIcon,
  fields: [
    languageField,
    defineField({ name: 'title', type: 'string', title: 'Title', validation: (rule) => rule.required() }),
    defineField({
      name: 'simpleDescription',
      type: 'text',
      rows: 2,
      title: 'Short text',
      description: 'One or two sentences shown on the card.',
    }),
    defineField({
      name: 'description',
      type: 'richText',
      title: 'Description',
      description: 'The longer text, where the card has room for it.',
    }),
    imageWithAlt('image', 'Picture', "Shown above the highlight's title."),
    defineField({
      name: 'imageUrl',
      type: 'url',
      title: 'Picture address (fallback)',
      description:
        'Only when there is no uploaded picture: the address of an image file on the site, e.g. /static/highlights/honors.jpg.',
      validation: (rule) => rule.uri({ scheme: ['http', 'https'], allowRelative: true }),
    }),
    defineField({
      name: 'link',
      type: 'string',
      title: 'Link on this site',
      description:
        'Where "Learn More" goes on this site: a page (/schools/lincoln-middle) or a section (#academics). Wins over the external link.',
      validation: (rule) =>
        rule.custom((value) =>
          value === undefined || (typeof value === 'string' && /^[/#]/.test(value) && !value.startsWith('//'))
            ? true
            : 'Start with "/" or "#"; use the external link for other sites',
        ),
    }),
    defineField({
      name: 'href',
      type: 'url',
      title: 'External link',
      description: 'Where "Learn More" goes when there is no link on this site: a full address (https://…).',
      validation: (rule) => rule.uri({ scheme: ['http', 'https'] }),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'simpleDescription', media: 'image' } },
});
