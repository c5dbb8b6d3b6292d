// A school page section: its number in the sticky menu comes from its position, its anchor from
// `href`. The anchor rules mirror what src/lib/content/sections.ts keeps, so what the editor types is
// the anchor families get.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { BlockContentIcon } from '@sanity/icons';
import { BLOCK_TYPES, blockTypes, standardImage } from '../blocks/index.ts';

/** Anchors the page itself uses; a section with one of them would never be reachable. */
export const RESERVED_ANCHORS = ['tours', 'main', 'root'];

export const section = defineType({
  name: 'section',
  title: 'Section',
  type: 'object',
  icon: BlockContentIcon,
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      title: 'Title',
      description: 'Shown as the section heading and in the numbered section menu, e.g. "Academics".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'href',
      type: 'string',
      title: 'Anchor',
      description:
        'The section\'s address on the page, without "#": letters, digits, "-" and "_" only, e.g. "academics" makes /schools/lincoln-middle#academics. Must differ from the other sections of this school; "tours" is taken by the tour section.',
      validation: (rule) =>
        rule.required().custom((value) => {
          if (typeof value !== 'string') return true;
          if (!/^[A-Za-z0-9_-]+$/.test(value))
            return 'Use only letters, digits, "-" and "_" (no "#", spaces or slashes)';
          if (RESERVED_ANCHORS.includes(value.toLowerCase()))
            return `"${value}" is used by the page itself; pick another anchor`;
          return true;
        }),
    }),
    defineField({
      name: 'blocks',
      type: 'array',
      title: 'Blocks',
      description: 'The content of the section, top to bottom.',
      of: [...blockTypes.map((t) => defineArrayMember({ type: t.name })), standardImage],
      // Sanity does not check array members' types; a block of a type this site has no component
      // for (e.g. from another Studio) shows nothing on the public page, so say so.
      validation: (rule) =>
        rule.custom((blocks) => {
          const unknown = (blocks ?? [])
            .map((b) => (b as { _type?: unknown })._type)
            .filter((t) => typeof t !== 'string' || !BLOCK_TYPES.includes(t));
          return unknown.length === 0
            ? true
            : `Block type ${unknown.map((t) => JSON.stringify(t)).join(', ')} is not shown on the site; remove it or replace it with one of the block types`;
        }),
    }),
  ],
  preview: {
    select: { title: 'title', href: 'href' },
    prepare: ({ title, href }: { title?: string; href?: string }) => ({
      title: title ?? 'Untitled section',
      subtitle: href ? `#${href}` : 'no anchor',
    }),
  },
});
