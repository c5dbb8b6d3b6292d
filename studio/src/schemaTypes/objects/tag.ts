// One pill label of a tag list block; an object (not a plain string) so each tag keeps a _key
// and can be reordered without losing its identity in the editor.
import { defineField, defineType } from 'sanity';
import { TagIcon } from '@sanity/icons';

export const tag = defineType({
  name: 'tag',
  title: 'Tag',
  type: 'object',
  icon: TagIcon,
  fields: [
    defineField({
      name: 'label',
      type: 'string',
      title: 'Label',
      description: 'Shown as a pill, e.g. "Jazz band" or "Cross country". Keep it to a few words.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { select: { title: 'label' } },
});
