// A labelled link the site shows as written: the landing panels' links, the navigation's outbound
// links and the footer's. Addresses are the district's own pages (https) or a path on this site.
import { defineField, defineType } from 'sanity';

export const siteLink = defineType({
  name: 'siteLink',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({
      name: 'label',
      type: 'string',
      title: 'Label',
      description: 'The words of the link, e.g. "Open enrollment dates and application".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'href',
      type: 'url',
      title: 'Address',
      description: 'https://… for another site, or a path on this site such as /compare/.',
      validation: (rule) => rule.required().uri({ scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true }),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'href' } },
});
