// The school document: one page at /schools/{slug}. Its validation mirrors what the export
// accepts (scripts/lib/validate-content.ts), so a school that publishes in the Studio is a school
// that gets a page, not one skipped with a warning in the build log.
import { defineArrayMember, defineField, defineType, type SlugOptions } from 'sanity';
import { HomeIcon } from '@sanity/icons';
import { imageWithAlt } from '../objects/altText.ts';
import { languageField } from '../objects/language.ts';
import { addressProblem, addressShared, everyAddressUnique, isTranslation } from '../objects/pageAddress.ts';
import { schoolFactFields } from '../objects/schoolFacts.ts';

/** The only colour form the site applies (src/lib/theme.ts); anything else falls back to #862633. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const image = (name: string, title: string, description: string, group = 'media') =>
  imageWithAlt(name, title, description, group);

export const school = defineType({
  name: 'school',
  title: 'School',
  type: 'document',
  icon: HomeIcon,
  groups: [
    { name: 'page', title: 'Page', default: true },
    { name: 'media', title: 'Images' },
    { name: 'facts', title: 'At a glance' },
    { name: 'tour', title: 'Tour' },
    { name: 'sections', title: 'Sections' },
    { name: 'seo', title: 'Search and sharing' },
  ],
  fields: [
    languageField,
    defineField({
      name: 'title',
      type: 'string',
      title: 'Name',
      group: 'page',
      description:
        'The school\'s full name, e.g. "Maple Grove Middle School". Shown as the page heading, in the menu and on the landing grid. Names containing "Innovation Center", "Career Elevation" or "Guide" are left off the grid.',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            typeof value === 'string' && value.trim() === '' ? 'The name cannot be only spaces' : true,
          ),
    }),
    defineField({
      name: 'subtitle',
      type: 'string',
      title: 'Subtitle',
      group: 'page',
      description: 'One line under the name, e.g. "Home of the Lions". Also the school\'s description in the menu.',
    }),
    defineField({
      name: 'slug',
      type: 'slug',
      title: 'Address',
      group: 'page',
      description:
        'The last part of the page address: /schools/lincoln-middle. Press "Generate" to make it from the name. Changing it breaks old links to the page.',
      // Translations have no address of their own; one copied by an older plugin stays visible to clear.
      hidden: ({ document }) => isTranslation(document) && !document?.slug,
      // A translation lives at its English school's address: the plugin leaves the slug out of
      // the copy it starts a translation from, so the copy never collides with its own original.
      options: {
        source: 'title',
        maxLength: 96,
        isUnique: everyAddressUnique,
        documentInternationalization: { exclude: true },
      } as SlugOptions,
      validation: (rule) => [
        // The slug type's own rules are warnings; without .error() this one would be too, and the
        // Studio would let a school publish that the export then skips.
        rule.custom(addressProblem).error(),
        rule.custom(addressShared).warning(),
      ],
    }),
    defineField({
      name: 'isCharter',
      type: 'boolean',
      title: 'Charter school',
      group: 'page',
      description: "Charter schools are listed after the district's own schools in the menu.",
      initialValue: false,
    }),
    defineField({
      name: 'color',
      type: 'string',
      title: 'Theme colour',
      group: 'page',
      description:
        "The page's accent colour as #rrggbb, e.g. #1f4e79. Pick a dark colour: white text sits on it. Anything else shows the district red.",
      validation: (rule) =>
        rule.custom((value) =>
          value === undefined || (typeof value === 'string' && COLOUR_PATTERN.test(value))
            ? true
            : 'Use the form #rrggbb, e.g. #1f4e79',
        ),
    }),
    defineField({
      name: 'location',
      type: 'geopoint',
      title: 'Location',
      group: 'page',
      description: 'Where the school is. Without it the page has no "Get Distance" button.',
    }),
    defineField({
      name: 'featuredQuote',
      type: 'reference',
      to: [{ type: 'quote' }],
      title: 'Featured quote',
      group: 'page',
      description: 'The student quote in the page header.',
    }),
    defineField({
      name: 'twitter',
      type: 'string',
      title: 'X / Twitter',
      group: 'page',
      description: "The school's handle (@lincolnlions) or profile address.",
    }),

    image('logo', 'Logo', 'Square, at least 240 pixels wide; shown at 64 pixels in the menu.'),
    defineField({
      name: 'staticLogo',
      type: 'url',
      title: 'Logo address (fallback)',
      group: 'media',
      description:
        'Only when there is no uploaded logo: the address of a logo file on the site, e.g. /static/schools/lincoln-logo.png.',
      validation: (rule) => rule.uri({ scheme: ['http', 'https'], allowRelative: true }),
    }),
    image('image', 'Header image', 'The wide picture at the top of the page, at least 1280 pixels wide.'),
    defineField({
      name: 'staticImage',
      type: 'url',
      title: 'Header image address (fallback)',
      group: 'media',
      description: 'Only when there is no uploaded header image: the address of an image file on the site.',
      validation: (rule) => rule.uri({ scheme: ['http', 'https'], allowRelative: true }),
    }),
    image(
      'mainImage',
      'Landing card image',
      "The picture on the landing page's school grid, cropped to 4:3 around the hotspot.",
    ),

    ...schoolFactFields,

    defineField({
      name: 'showTourSection',
      type: 'boolean',
      title: 'Show the tour section',
      group: 'tour',
      description: 'Turn off to hide the "Schedule A Tour" section.',
      initialValue: true,
    }),
    defineField({
      name: 'tourTitle',
      type: 'string',
      title: 'Tour menu title',
      group: 'tour',
      description:
        'The tour section\'s entry in the section menu, e.g. "Tours". Without it the menu has no tour entry.',
    }),
    defineField({ name: 'tourDescription', type: 'richText', title: 'Tour description', group: 'tour' }),
    defineField({
      name: 'tourLink',
      type: 'url',
      title: 'Tour booking address',
      group: 'tour',
      description:
        'The full address (https://…) of the page where families book a tour. Without it there is no "Schedule a Tour" button.',
      validation: (rule) => rule.uri({ scheme: ['http', 'https'] }),
    }),
    image('tourImage', 'Tour photo', 'Shown beside the tour description, 640 pixels wide.', 'tour'),

    defineField({
      name: 'sectionRepeater',
      type: 'array',
      title: 'Sections',
      group: 'sections',
      description: "The page's sections in order; they are numbered 01, 02, … in the section menu.",
      of: [defineArrayMember({ type: 'section' })],
      validation: (rule) =>
        rule.custom((sections) => {
          const anchors = (sections ?? [])
            .map((s) => (s as { href?: unknown }).href)
            .filter((h): h is string => typeof h === 'string');
          const twice = anchors.find((h, i) => anchors.indexOf(h) !== i);
          return twice === undefined ? true : `Two sections use the anchor "${twice}"; each needs its own`;
        }),
    }),

    defineField({
      name: 'seoDescription',
      type: 'text',
      rows: 3,
      title: 'Description',
      group: 'seo',
      description:
        'One or two sentences (about 110–160 characters) for search results, link previews and the landing grid card.',
    }),
    image('seoImage', 'Sharing image', 'Shown when the page is shared on social media; 1200×630 works best.', 'seo'),
  ],
  orderings: [{ title: 'Name', name: 'titleAsc', by: [{ field: 'title', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', subtitle: 'subtitle', media: 'logo', slug: 'slug.current' },
    prepare: ({
      title,
      subtitle,
      media,
      slug,
    }: {
      title?: string;
      subtitle?: string;
      media?: unknown;
      slug?: string;
    }) => ({
      title: title ?? 'Unnamed school',
      subtitle: subtitle ?? (slug ? `/schools/${slug}` : 'no address yet'),
      media: media as never,
    }),
  },
});
