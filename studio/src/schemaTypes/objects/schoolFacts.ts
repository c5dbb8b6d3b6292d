// What families decide by, after distance: where the school is and how to reach it, its grades and
// day, the support it offers (terms of the district's vocabulary), its results, last year's seats
// and applicants and how they were given, which ZIP codes it is zoned for, and its tours and open
// houses. Field names are the content contract (docs/content-model.md,
// "School facts"); every field is optional, and the page shows only what a school has.
// The rules are the export's (src/lib/facts/fact-rules.ts): a fact the Studio lets through is one the
// site shows as written, and the export warns about any other.
import { defineArrayMember, defineField } from 'sanity';
import { CLOCK_TIME, eventSpan, ZIP_CODE } from '../../../../src/lib/facts/fact-rules.ts';
import { studioTimeZone } from '../../../env.ts';
import type { TermKind } from '../../../../src/lib/facts/vocabulary.ts';

const GROUP = 'facts';
const TIME_ZONE = studioTimeZone();

/** An event's start as the list shows it: the district's date and time, not an ISO string. */
function eventTime(start: unknown): string {
  const t = typeof start === 'string' ? Date.parse(start) : Number.NaN;
  if (Number.isNaN(t)) return 'no start yet';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(t);
}
const ZIP_MESSAGE = 'A five-digit ZIP code, e.g. 80211';

/** A reference to a term of the district's vocabulary of one kind (studio documents/vocabularyTerm.ts). */
const termReference = (kind: TermKind) => ({
  type: 'reference' as const,
  to: [{ type: 'vocabularyTerm' }],
  options: { filter: 'kind == $kind', filterParams: { kind } },
});

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
    name: 'support',
    type: 'array',
    title: 'Support programs',
    group: GROUP,
    description:
      "Chosen from the district's vocabulary (Vocabulary → Support programs), so families filter by them and read them in their language.",
    of: [defineArrayMember(termReference('support'))],
    validation: (rule) => rule.unique(),
  }),
  defineField({
    name: 'supportPrograms',
    type: 'array',
    title: 'Support programs (typed)',
    group: GROUP,
    description:
      'Lists typed before the vocabulary: each entry a term\'s key ("iep") or title, or a name shown as written. Prefer the list above; a Spanish translation may type its own names.',
    // Older content keeps showing; a new school has no reason to type them.
    hidden: ({ value }) => !Array.isArray(value) || value.length === 0,
    of: [defineArrayMember({ type: 'string' })],
  }),
  defineField({
    name: 'results',
    type: 'array',
    title: 'Results',
    group: GROUP,
    description:
      'Key figures families compare schools by (proficiency, attendance, growth), each with the year it is for and where it comes from: the pages always show both with it.',
    of: [
      defineArrayMember({
        type: 'object',
        name: 'schoolResult',
        fields: [
          defineField({
            ...termReference('measure'),
            name: 'measure',
            title: 'Measure',
            description: 'From the vocabulary (Vocabulary → Result measures), so the label reads in every language.',
          }),
          defineField({
            name: 'label',
            type: 'string',
            title: 'Label (without a measure)',
            description: 'Shown as written, e.g. "Eighth graders taking algebra".',
            validation: (rule) =>
              rule.custom((label, context) =>
                (context.parent as { measure?: unknown } | undefined)?.measure ||
                (typeof label === 'string' && label.trim())
                  ? true
                  : 'Choose a measure or write a label',
              ),
          }),
          defineField({
            name: 'value',
            type: 'string',
            title: 'Value',
            description: 'As families should read it, e.g. 78%, 94.1% or +6 points.',
            validation: (rule) => rule.required(),
          }),
          defineField({
            name: 'year',
            type: 'string',
            title: 'Year',
            description: 'The school year or test year it is for, e.g. 2024-25.',
            validation: (rule) => rule.required(),
          }),
          defineField({
            name: 'source',
            type: 'string',
            title: 'Source',
            description: 'Where the figure comes from, e.g. "State assessment (CMAS)".',
            validation: (rule) => rule.required(),
          }),
          defineField({
            name: 'sourceUrl',
            type: 'url',
            title: 'Source address',
            validation: (rule) => rule.uri({ scheme: ['http', 'https'] }),
          }),
        ],
        preview: {
          select: { measure: 'measure.title.en', label: 'label', value: 'value', year: 'year' },
          prepare: ({ measure, label, value, year }: Record<string, string | undefined>) => ({
            title: `${measure ?? label ?? 'Result'}: ${value ?? '—'}`,
            subtitle: year,
          }),
        },
      }),
    ],
  }),
  defineField({
    name: 'admissions',
    type: 'object',
    title: "Last year's admissions",
    group: GROUP,
    description:
      'Shown as "Last year: 120 seats, 310 applicants", with how the seats were given: the priorities in order, a lottery, the wait list.',
    fields: [
      count('year', 'School year starting', 'e.g. 2025'),
      count('seats', 'Seats'),
      count('applicants', 'Applicants'),
      defineField({
        name: 'priorities',
        type: 'array',
        title: 'Priorities, in order',
        description: 'Who was offered a seat first (Vocabulary → Admission priorities).',
        of: [defineArrayMember(termReference('priority'))],
        validation: (rule) => rule.unique(),
      }),
      defineField({ name: 'lottery', type: 'boolean', title: 'The other seats were drawn by lottery' }),
      count('waitlisted', 'Families left on the wait list', 'When offers closed.'),
    ],
  }),
  defineField({
    name: 'admissionsNote',
    type: 'text',
    rows: 3,
    title: 'How seats were given',
    group: GROUP,
    description:
      'A sentence or two on what last year\'s numbers mean for a family applying now (translatable), e.g. "Every zoned family who applied got a seat."',
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
