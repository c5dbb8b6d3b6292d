// A collapsible panel, shared by the schools' accordion blocks (an FAQ answer written once).
import { defineField, defineType } from 'sanity';
import { languageField } from '../objects/language.ts';
import { ListIcon } from '@sanity/icons';

export const accordion = defineType({
  name: 'accordion',
  title: 'Accordion panel',
  type: 'document',
  icon: ListIcon,
  fields: [
    languageField,
    defineField({
      name: 'accordionTitle',
      type: 'string',
      title: 'Title',
      description: 'The question or heading families click to open the panel.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'defaultOpen',
      type: 'boolean',
      title: 'Open at first',
      description: 'Show the panel open when the page loads.',
      initialValue: false,
    }),
    defineField({ name: 'accordionContent', type: 'richText', title: 'Content' }),
  ],
  preview: {
    select: { title: 'accordionTitle', open: 'defaultOpen' },
    prepare: ({ title, open }: { title?: string; open?: boolean }) => ({
      title: title ?? 'Untitled panel',
      subtitle: open ? 'open at first' : undefined,
    }),
  },
});
