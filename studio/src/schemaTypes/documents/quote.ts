// A student quote: shown in a school's header (featuredQuote) and in video testimonials, with
// the title of the school it names.
import { defineField, defineType } from 'sanity';
import { languageField } from '../objects/language.ts';
import { CommentIcon } from '@sanity/icons';

export const quote = defineType({
  name: 'quote',
  title: 'Quote',
  type: 'document',
  icon: CommentIcon,
  fields: [
    languageField,
    defineField({
      name: 'quote',
      type: 'text',
      rows: 3,
      title: 'Quote',
      description: "The student's words, without quotation marks.",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'student',
      type: 'string',
      title: 'Student',
      description: 'First name, or first name and last initial.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'year',
      type: 'string',
      title: 'Year',
      description: 'Free text, e.g. "8th grade" or "Class of 2027".',
    }),
    defineField({
      name: 'school',
      type: 'reference',
      to: [{ type: 'school' }],
      title: 'School',
      description: "The school shown under the student's name. A school that is not published yet cannot be picked.",
    }),
  ],
  preview: {
    select: { quote: 'quote', student: 'student', school: 'school.title', media: 'school.logo' },
    prepare: ({
      quote: text,
      student,
      school,
      media,
    }: {
      quote?: string;
      student?: string;
      school?: string;
      media?: unknown;
    }) => ({
      title: text ?? 'Empty quote',
      subtitle: [student, school].filter(Boolean).join(', '),
      media: media as never,
    }),
  },
});
