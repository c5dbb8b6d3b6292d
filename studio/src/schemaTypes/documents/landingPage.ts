// The landing page's words, one document per language: the English one has the fixed id
// "landingPage", its Spanish translation is linked by translation.metadata. Field names are part of
// the content contract (docs/content-model.md, "Landing page"). Every field is optional: the site
// shows neutral built-in headings where the document leaves them empty, and leaves out what only
// the district can say (its intro, figures, panels, quote, testimonial, video).
import { defineArrayMember, defineField, defineType } from 'sanity';
import { DocumentIcon } from '@sanity/icons';
import { languageField } from '../objects/language.ts';
import { imageWithAlt } from '../objects/altText.ts';
import { languageTitle } from '../../../../src/lib/content/site-languages.ts';

const text = (name: string, title: string, description: string, group: string, rows = 0) =>
  defineField({ name, type: rows ? 'text' : 'string', ...(rows ? { rows } : {}), title, description, group });

export const landingPage = defineType({
  name: 'landingPage',
  title: 'Landing page',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'hero', title: 'Opening', default: true },
    { name: 'advantage', title: 'District advantage' },
    { name: 'testimonial', title: 'Testimonial' },
    { name: 'academics', title: 'Academics' },
    { name: 'grid', title: 'School list' },
  ],
  fields: [
    languageField,
    text('headline', 'Headline', 'The page heading, e.g. "Guide to Middle School Options".', 'hero'),
    text('tagline', 'Tagline', 'One line under the headline.', 'hero'),
    defineField({
      name: 'superintendentQuote',
      type: 'object',
      title: "Superintendent's quote",
      group: 'hero',
      fields: [
        defineField({ name: 'quote', type: 'text', rows: 4, title: 'Quote', description: 'Without quotation marks.' }),
        defineField({ name: 'name', type: 'string', title: 'Name' }),
        defineField({ name: 'title', type: 'string', title: 'Role', description: 'e.g. "Superintendent, …".' }),
      ],
    }),
    defineField({
      name: 'sectionTitles',
      type: 'object',
      title: 'Section titles',
      group: 'hero',
      description: 'The three sections in the section menu; the first two are also their headings.',
      fields: [
        defineField({ name: 'advantage', type: 'string', title: 'District advantage' }),
        defineField({ name: 'academics', type: 'string', title: 'Academics' }),
        defineField({ name: 'options', type: 'string', title: 'School list' }),
      ],
    }),
    text('advantageIntro', 'Introduction', 'The paragraph under "The District Advantage".', 'advantage', 3),
    text('statsHeading', 'Statistics heading', 'Read by screen readers before the statistics.', 'advantage'),
    defineField({
      name: 'stats',
      type: 'array',
      title: 'Statistics',
      group: 'advantage',
      description: 'The headline figures, value first: "94.3%" "Graduation rate".',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'stat',
          fields: [
            defineField({ name: 'value', type: 'string', title: 'Value', validation: (r) => r.required() }),
            defineField({ name: 'label', type: 'string', title: 'Label', validation: (r) => r.required() }),
          ],
          preview: { select: { title: 'value', subtitle: 'label' } },
        }),
      ],
    }),
    defineField({
      name: 'panels',
      type: 'array',
      title: 'Panels',
      group: 'advantage',
      description: 'The collapsible panels; the first one marked open starts open.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'panel',
          fields: [
            defineField({ name: 'title', type: 'string', title: 'Title', validation: (r) => r.required() }),
            defineField({ name: 'defaultOpen', type: 'boolean', title: 'Open when the page loads' }),
            defineField({
              name: 'body',
              type: 'array',
              title: 'Text',
              description: 'Short paragraphs; bold and italic only (put links in Links below).',
              of: [
                defineArrayMember({
                  type: 'block',
                  styles: [{ title: 'Normal', value: 'normal' }],
                  lists: [],
                  marks: {
                    decorators: [
                      { title: 'Bold', value: 'strong' },
                      { title: 'Italic', value: 'em' },
                    ],
                    annotations: [],
                  },
                }),
              ],
            }),
            defineField({
              name: 'links',
              type: 'array',
              title: 'Links',
              of: [defineArrayMember({ type: 'siteLink' })],
            }),
          ],
          preview: { select: { title: 'title' } },
        }),
      ],
    }),
    defineField({
      name: 'testimonial',
      type: 'object',
      title: 'Student testimonial',
      group: 'testimonial',
      fields: [
        defineField({ name: 'title', type: 'string', title: 'Video title', description: 'Names the video player.' }),
        defineField({ name: 'videoId', type: 'string', title: 'YouTube video id', description: 'e.g. M7lc1UVf-VE' }),
        defineField({ name: 'quote', type: 'text', rows: 3, title: 'Quote' }),
        defineField({ name: 'student', type: 'string', title: 'Student', description: 'e.g. "Maya R., 8th grade".' }),
        imageWithAlt('poster', 'Poster', 'Shown until the video plays; without it the hero poster shows.'),
      ],
    }),
    defineField({
      name: 'heroVideo',
      type: 'object',
      title: 'Background video',
      group: 'hero',
      description:
        'A short silent loop behind the headline on wide screens, in one or both formats (WebM is smaller; MP4 plays everywhere). Without it the opening has no video.',
      fields: [
        defineField({ name: 'webm', type: 'file', title: 'WebM', options: { accept: 'video/webm' } }),
        defineField({ name: 'mp4', type: 'file', title: 'MP4', options: { accept: 'video/mp4' } }),
      ],
    }),
    imageWithAlt(
      'heroPoster',
      'Hero poster',
      "A still of the opening, 16:9: the picture link previews show for the guide, and the testimonial video's poster when it has none.",
      'hero',
    ),
    text('academicsIntro', 'Introduction', 'The paragraph under "Academic Preparation".', 'academics', 3),
    defineField({
      name: 'academicHighlights',
      type: 'array',
      title: 'Highlights',
      group: 'academics',
      description: 'Numbered 01, 02, 03 in the order given.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'academicHighlight',
          fields: [
            defineField({ name: 'title', type: 'string', title: 'Title', validation: (r) => r.required() }),
            defineField({ name: 'text', type: 'text', rows: 3, title: 'Text' }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
    }),
    defineField({
      name: 'enrollmentTimeline',
      type: 'array',
      title: 'How to apply',
      group: 'grid',
      description: 'The application steps and their dates, in order; families can add them all to a calendar.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'enrollmentStep',
          fields: [
            defineField({ name: 'title', type: 'string', title: 'Step', validation: (r) => r.required() }),
            defineField({ name: 'date', type: 'date', title: 'Date', validation: (r) => r.required() }),
            defineField({ name: 'description', type: 'text', rows: 2, title: 'What to do' }),
          ],
          preview: { select: { title: 'title', subtitle: 'date' } },
        }),
      ],
    }),
    text('gridHeading', 'Heading', 'Above the school cards, e.g. "Your School. Your Choice."', 'grid'),
    text('gridIntro', 'Introduction', 'One line under the heading.', 'grid', 2),
  ],
  preview: {
    select: { title: 'headline', language: 'language' },
    prepare: ({ title, language }: { title?: string; language?: string }) => ({
      title: title ?? 'Landing page',
      subtitle: languageTitle(language),
    }),
  },
});
