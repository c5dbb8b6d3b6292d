// The block types a section can hold (the seven of the content model, and Sanity's standard image
// shown as a photo), each matching a component in src/components/blocks.
// A type added here needs a component there first: unknown types render nothing on the public site.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { altFields, altRule, imageWithAlt } from '../objects/altText.ts';
import { DocumentTextIcon, ImageIcon, ImagesIcon, ListIcon, PlayIcon, StarIcon, TagsIcon } from '@sanity/icons';

export const TAG_CATEGORIES = [
  { title: 'Arts (visual and performing)', value: 'arts' },
  { title: 'Athletics', value: 'athletics' },
  { title: 'Clubs', value: 'clubs' },
];

const content = defineType({
  name: 'content',
  title: 'Text',
  type: 'object',
  icon: DocumentTextIcon,
  fields: [
    defineField({
      name: 'columns',
      type: 'boolean',
      title: 'Two columns',
      description: 'Flow the text into two columns on wide screens.',
      initialValue: false,
    }),
    defineField({ name: 'body', type: 'richText', title: 'Text' }),
  ],
  preview: {
    select: { body: 'body', columns: 'columns' },
    prepare: ({ body, columns }: { body?: unknown; columns?: boolean }) => ({
      title: firstText(body) ?? 'Text',
      subtitle: columns ? 'Text, two columns' : 'Text',
    }),
  },
});

const photo = defineType({
  name: 'photo',
  title: 'Photo',
  type: 'image',
  icon: ImageIcon,
  description: 'One wide photo. Set the hotspot on what must stay visible when the photo is cropped.',
  options: { hotspot: true },
  fields: altFields,
  validation: altRule,
});

const photos = defineType({
  name: 'photos',
  title: 'Photo strip',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    defineField({
      name: 'photoReel',
      type: 'array',
      title: 'Photos',
      description: 'Shown as a strip of tilted frames, 640 pixels wide each. Empty slots are skipped.',
      of: [
        defineArrayMember({
          type: 'image',
          options: { hotspot: true },
          fields: altFields,
          validation: (rule) => [
            ...altRule(rule),
            rule
              .custom((img) =>
                (img as { asset?: unknown } | undefined)?.asset ? true : 'Empty slot: pick a photo or remove the slot',
              )
              .warning(),
          ],
        }),
      ],
    }),
  ],
  preview: {
    select: { media: 'photoReel.0' },
    prepare: ({ media }: { media?: unknown }) => ({ title: 'Photo strip', media: media as never }),
  },
});

const accordionSection = defineType({
  name: 'accordionSection',
  title: 'Accordions',
  type: 'object',
  icon: ListIcon,
  fields: [
    defineField({
      name: 'sectionTitle',
      type: 'string',
      title: 'Heading',
      description: 'Shown above the panels, e.g. "Frequently Asked Questions".',
    }),
    defineField({
      name: 'columns',
      type: 'boolean',
      title: 'Two columns',
      description: 'Lay the panels out in two columns on wide screens.',
      initialValue: false,
    }),
    defineField({
      name: 'topPadding',
      type: 'boolean',
      title: 'Space above',
      description: 'Add space above the heading (use it after a text block).',
      initialValue: true,
    }),
    defineField({
      name: 'accordions',
      type: 'array',
      title: 'Panels',
      description: 'Collapsible panels, in order. The same panel can be used by several schools.',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'accordion' }] })],
    }),
  ],
  preview: {
    select: { title: 'sectionTitle' },
    prepare: ({ title }: { title?: string }) => ({ title: title ?? 'Accordions', subtitle: 'Accordions' }),
  },
});

const videoTestimonial = defineType({
  name: 'videoTestimonial',
  title: 'Video testimonial',
  type: 'object',
  icon: PlayIcon,
  fields: [
    defineField({
      name: 'testimonial',
      type: 'reference',
      to: [{ type: 'quote' }],
      title: 'Quote',
      description: 'The student quote shown beside the video.',
    }),
    defineField({ name: 'video', type: 'reference', to: [{ type: 'video' }], title: 'Video' }),
    imageWithAlt('backgroundImage', 'Background image', 'Shown behind the quote until the video plays.'),
  ],
  preview: {
    select: { title: 'video.title', media: 'backgroundImage' },
    prepare: ({ title, media }: { title?: string; media?: unknown }) => ({
      title: title ?? 'Video testimonial',
      subtitle: 'Video testimonial',
      media: media as never,
    }),
  },
});

const highlightSection = defineType({
  name: 'highlightSection',
  title: 'Highlights',
  type: 'object',
  icon: StarIcon,
  fields: [
    defineField({
      name: 'highlights',
      type: 'array',
      title: 'Highlights',
      description: 'Cards with a picture, a short text and a "Learn More" link, in order.',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'highlight' }] })],
    }),
  ],
  preview: { prepare: () => ({ title: 'Highlights' }) },
});

const tags = (name: string, title: string) =>
  defineField({
    name,
    type: 'array',
    title,
    description: `Shown only when the category is ${title.replace(/ tags$/, '').toLowerCase()}.`,
    of: [defineArrayMember({ type: 'tag' })],
  });

const tagList = defineType({
  name: 'tagList',
  title: 'Tag list',
  type: 'object',
  icon: TagsIcon,
  fields: [
    defineField({
      name: 'tagCategory',
      type: 'string',
      title: 'Category',
      description: 'Which of the three lists below this block shows.',
      options: { list: TAG_CATEGORIES, layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    tags('visualPerformingArtsTags', 'Arts tags'),
    tags('athleticsTags', 'Athletics tags'),
    tags('clubsTags', 'Clubs tags'),
  ],
  preview: {
    select: { category: 'tagCategory' },
    prepare: ({ category }: { category?: string }) => ({
      title: `Tags: ${TAG_CATEGORIES.find((c) => c.value === category)?.title ?? 'no category'}`,
    }),
  },
});

/** The plain text of the first block of a rich-text value, for list previews. */
function firstText(body: unknown): string | undefined {
  if (!Array.isArray(body)) return undefined;
  const block = body.find(
    (b): b is { children: { text?: unknown }[] } => !!b && Array.isArray((b as { children?: unknown }).children),
  );
  const text = block?.children.map((c) => (typeof c.text === 'string' ? c.text : '')).join('');
  return text || undefined;
}

export const blockTypes = [content, photo, photos, accordionSection, videoTestimonial, highlightSection, tagList];

/**
 * Sanity's standard image as a block: what a Studio's default schema and imported content carry.
 * The site shows it as it shows a photo, with its alternative text.
 */
export const standardImage = defineArrayMember({
  type: 'image',
  title: 'Image',
  options: { hotspot: true },
  fields: altFields,
  validation: altRule,
});

export const BLOCK_TYPES: string[] = [...blockTypes.map((t) => t.name), 'image'];
