// What families decide by, after distance: where the school is and how to reach it, its grades and
// day, the support it offers, last year's seats and applicants, which ZIP codes it is zoned for,
// and its tours and open houses. Field names are the content contract (docs/content-model.md,
// "School facts"); every field is optional, and the page shows only what a school has.
import { defineArrayMember, defineField } from 'sanity';

const GROUP = 'facts';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZIP = /^\d{5}$/;

const time = (name: string, title: string) =>
  defineField({
    name,
    type: 'string',
    title,
    description: '24-hour time, e.g. 08:05 or 15:20. The page writes it the way readers expect (8:05 AM).',
    validation: (rule) =>
      rule.custom((v) => (v === undefined || (typeof v === 'string' && TIME.test(v)) ? true : 'Use HH:MM, e.g. 08:05')),
  });

export const schoolFactFields = [
  defineField({
    name: 'address',
    type: 'object',
    title: 'Address',
    group: GROUP,
    fields: [
      defineField({ name: 'street', type: 'string', title: 'Street' }),
      defineField({ name: 'city', type: 'string', title: 'City' }),
      defineField({ name: 'state', type: 'string', title: 'State' }),
      defineField({ name: 'zip', type: 'string', title: 'ZIP code' }),
    ],
  }),
  defineField({
    name: 'phone',
    type: 'string',
    title: 'Phone',
    group: GROUP,
    description: 'The front office, e.g. (303) 555-0142.',
  }),
  defineField({
    name: 'website',
    type: 'url',
    title: 'Website',
    group: GROUP,
    validation: (rule) => rule.uri({ scheme: ['http', 'https'] }),
  }),
  defineField({ name: 'grades', type: 'string', title: 'Grades', group: GROUP, description: 'e.g. 6-8' }),
  defineField({
    name: 'enrollment',
    type: 'number',
    title: 'Enrollment',
    group: GROUP,
    description: 'Students this year.',
  }),
  defineField({
    name: 'bellTimes',
    type: 'object',
    title: 'Bell times',
    group: GROUP,
    fields: [time('start', 'First bell'), time('end', 'Last bell')],
  }),
  defineField({ name: 'transportation', type: 'text', rows: 2, title: 'Transportation', group: GROUP }),
  defineField({ name: 'beforeAfterCare', type: 'text', rows: 2, title: 'Before and after care', group: GROUP }),
  defineField({
    name: 'supportPrograms',
    type: 'array',
    title: 'Support programs',
    group: GROUP,
    description:
      'e.g. "Special education (IEP)", "504 plans", "English learner support", "Dual language: Spanish", "Gifted and talented". Families filter by them.',
    of: [defineArrayMember({ type: 'string' })],
  }),
  defineField({
    name: 'admissions',
    type: 'object',
    title: "Last year's admissions",
    group: GROUP,
    description: 'Shown as "Last year: 120 seats, 310 applicants".',
    fields: [
      defineField({ name: 'year', type: 'number', title: 'School year starting', description: 'e.g. 2025' }),
      defineField({ name: 'seats', type: 'number', title: 'Seats' }),
      defineField({ name: 'applicants', type: 'number', title: 'Applicants' }),
    ],
  }),
  defineField({
    name: 'attendanceZipCodes',
    type: 'array',
    title: 'Zoned ZIP codes',
    group: GROUP,
    description:
      'The ZIP codes whose families are zoned for this school. Leave empty for a school open to the whole district.',
    of: [
      defineArrayMember({
        type: 'string',
        validation: (rule) =>
          rule.custom((v) => (typeof v === 'string' && ZIP.test(v) ? true : 'A five-digit ZIP code')),
      }),
    ],
  }),
  defineField({
    name: 'events',
    type: 'array',
    title: 'Tours and open houses',
    group: GROUP,
    description: 'Listed on the school page with a calendar file each; past events are left off.',
    of: [
      defineArrayMember({
        type: 'object',
        name: 'schoolEvent',
        fields: [
          defineField({ name: 'title', type: 'string', title: 'Title', validation: (r) => r.required() }),
          defineField({ name: 'start', type: 'datetime', title: 'Starts', validation: (r) => r.required() }),
          defineField({ name: 'end', type: 'datetime', title: 'Ends' }),
          defineField({ name: 'location', type: 'string', title: 'Where' }),
          defineField({
            name: 'url',
            type: 'url',
            title: 'More information',
            validation: (r) => r.uri({ scheme: ['http', 'https'] }),
          }),
        ],
        preview: { select: { title: 'title', subtitle: 'start' } },
      }),
    ],
  }),
];
