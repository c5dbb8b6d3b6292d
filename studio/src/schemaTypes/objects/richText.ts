// The one portable-text definition every rich-text field shares, limited to what the site renders
// (src/components/richtext): so an editor cannot pick a style or mark the public page would drop.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { altFields, altRule } from './altText.ts';

/** Link schemes the site turns into links (src/lib/links.ts); anything else renders as plain text. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
        { title: 'Small heading', value: 'h4' },
        { title: 'Quote', value: 'blockquote' },
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Bold', value: 'strong' },
          { title: 'Italic', value: 'em' },
          { title: 'Code', value: 'code' },
          { title: 'Underline', value: 'underline' },
          { title: 'Strike', value: 'strike-through' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            type: 'object',
            title: 'Link',
            fields: [
              defineField({
                name: 'href',
                type: 'url',
                title: 'Address',
                description:
                  'A full address (https://…), an email (mailto:…), a phone number (tel:…), a page on this site (/schools/…) or a section (#academics).',
                validation: (rule) => rule.required().uri({ scheme: LINK_SCHEMES, allowRelative: true }),
              }),
            ],
          }),
        ],
      },
    }),
    // Sanity's standard image between paragraphs, shown 900 wide with its alternative text.
    defineArrayMember({ type: 'image', options: { hotspot: true }, fields: altFields, validation: altRule }),
  ],
  // Objects other than text blocks, images and spans render nothing on the site (an embed pasted
  // from another Studio, an icon plugin): a warning, since the text around them still shows.
  validation: (rule) =>
    rule
      .custom((value) => {
        const foreign: string[] = [];
        for (const item of (value ?? []) as { _type?: unknown; children?: { _type?: unknown }[] }[]) {
          if (item._type === 'image') continue;
          if (item._type !== 'block') foreign.push(String(item._type));
          else for (const child of item.children ?? []) if (child._type !== 'span') foreign.push(String(child._type));
        }
        return foreign.length === 0
          ? true
          : `${foreign.map((t) => JSON.stringify(t)).join(', ')} is not shown on the site`;
      })
      .warning(),
});
