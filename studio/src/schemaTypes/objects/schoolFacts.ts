// What families decide by, after distance: where the school is and how to reach it, its grades and
// day, the support it offers, last year's seats and applicants, which ZIP codes it is zoned for,
// and its tours and open houses. Field names are the content contract (docs/content-model.md,
// "School facts"); every field is optional, and the page shows only what a school has.
// The rules are the export's (src/lib/fact-rules.ts): a fact the Studio lets through is one the
// site shows as written, and the export warns about any other.
import { defineArrayMember, defineField } from 'sanity';
import { CLOCK_TIME, eventSpan, ZIP_CODE } from '../../../../src/lib/fact-rules.ts';
import { studioTimeZone } from '../../../env.ts';

const GROUP = 'facts';
const TIME_ZONE = studioTimeZone();

/** An event's start as the list shows it: the district's date and time, not an ISO string. */
function eventTime(start: unknown): string {
  const t = typeof start === 'string' ? Date.parse(start) : Number.NaN;
  if (Number.isNaN(t)) return 'no start yet';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(t);
}
const ZIP_MESSAGE = 'A five-digit ZIP code, e.g. 80211';

/** A whole number of at least 0: the page rounds other numbers and leaves negative ones off. */
const count = (name: string, title: string, description?: string) =>
  defineField({
    name,
    type: 'number',
    title,
    ...(description ? { description } : {}),
    validation: (rule) => rule.integer().min(0),
  });

const time = (name: string, title: string) =>
  defineField({
    name,
    type: 'string',
    title,
    description: '24-hour time, e.g. 08:05 or 15:20. The page writes it the way readers expect (8:05 AM).',
    validation: (rule) =>
      rule.custom((v) =>
        v === undefined || (typeof v === 'string' && CLOCK_TIME.test(v)) ? true : 'Use HH:MM, 24-hour, e.g. 08:05',
      ),
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
      defineField({
        name: 'zip',
        type: 'string',
        title: 'ZIP code',
        validation: (rule) =>
          rule.custom((v) => (v === undefined || (typeof v === 'string' && ZIP_CODE.test(v)) ? true : ZIP_MESSAGE)),
      }),
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
  { ...count('enrollment', 'Enrollment', 'Students this year.'), group: GROUP },
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
      count('year', 'School year starting', 'e.g. 2025'),
      count('seats', 'Seats'),
      count('applicants', 'Applicants'),
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
        validation: (rule) => rule.custom((v) => (typeof v === 'string' && ZIP_CODE.test(v) ? true : ZIP_MESSAGE)),
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
          defineField({
            name: 'start',
            type: 'datetime',
            title: 'Starts',
            description: `In the district's time (${TIME_ZONE}).`,
            options: { displayTimeZone: TIME_ZONE },
            validation: (r) => r.required(),
          }),
          defineField({
            name: 'end',
            type: 'datetime',
            title: 'Ends',
            description: 'Without an end the event is shown as one hour long.',
            options: { displayTimeZone: TIME_ZONE },
            validation: (r) =>
              r.custom((end, context) => {
                const start = (context.parent as { start?: unknown } | undefined)?.start;
                return eventSpan({ start, end })?.endProblem === 'not after start'
                  ? 'The event must end after it starts: set a later end, or none for one hour'
                  : true;
              }),
          }),
          defineField({ name: 'location', type: 'string', title: 'Where' }),
          defineField({
            name: 'url',
            type: 'url',
            title: 'More information',
            validation: (r) => r.uri({ scheme: ['http', 'https'] }),
          }),
        ],
        preview: {
          select: { title: 'title', start: 'start' },
          prepare: ({ title, start }: { title?: string; start?: string }) => ({
            title: title ?? 'Untitled event',
            subtitle: eventTime(start),
          }),
        },
      }),
    ],
  }),
];
