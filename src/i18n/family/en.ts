// The English words of the facts families decide by (see types.ts).
import { grouped, oneDecimal } from '../number.ts';
import type { FamilyWords } from './types.ts';

const decimal = oneDecimal('en-US');
const whole = grouped('en-US');

export const en: FamilyWords = {
  glance: {
    heading: 'At a glance',
    grades: 'Grades',
    enrollment: 'Enrollment',
    students: (n) => `${whole(n)} students`,
    address: 'Address',
    mapNote: ' (opens a map)',
    phone: 'Phone',
    website: 'Website',
    bellTimes: 'Bell times',
    transportation: 'Transportation',
    care: 'Before and after care',
    support: 'Support programs',
    admissionsLabel: 'Admissions',
    lastYear: (seats, applicants) => `Last year: ${seats} seats, ${applicants} applicants`,
    howSeats: 'How seats were given',
    prioritiesIntro: 'Seats went first to, in order:',
    thenLottery: 'The other seats were drawn by lottery.',
    lottery: 'Seats were drawn by lottery.',
    waitlisted: (n) => `${whole(n)} ${n === 1 ? 'family was' : 'families were'} left on the wait list.`,
    results: 'Results',
    source: 'source',
    events: 'Tours and open houses',
    addToCalendar: 'Add to calendar',
    addAllToCalendar: 'Add all to calendar',
    details: 'Details',
  },
  compare: {
    grades: 'Grades',
    bellTimes: 'Bell times',
    transportation: 'Transportation',
    support: 'Support programs',
    admissions: 'Last year',
    nextEvent: 'Next tour or open house',
    lastYear: '{seats} seats, {applicants} applicants',
    address: 'Address',
    phone: 'Phone',
    enrollment: 'Enrollment',
    students: '{n} students',
    care: 'Before and after care',
    source: 'source',
    howSeats: 'How seats were given',
    thenLottery: 'The other seats were drawn by lottery.',
    lottery: 'Seats were drawn by lottery.',
    waitlisted: 'Families left on the wait list: {n}.',
    distanceFromZip: 'Distance from ZIP code {zip}',
  },
  timeline: { heading: 'How to apply', addAll: 'Add these dates to your calendar' },
  allSchools: {
    title: 'All middle schools',
    intro: (n, other) =>
      other
        ? `Every one of the district's ${n} middle schools and programs, by name; the ${other} that the guide's grid leaves out come last.`
        : `Every one of the district's ${n} middle schools, by name.`,
    other: 'Other programs you may choose',
    seeAll: (n) => `See all ${n} schools`,
    back: 'Back to the guide',
  },
  zip: {
    finder: 'Find schools by ZIP code',
    finderIntro: 'See the school you are zoned for, then every school open to the district by distance.',
    label: 'Your ZIP code',
    go: 'Show schools',
    unknown: (zip) => `ZIP code ${zip} is not in the district: pick yours from the list.`,
    sortIntro: 'Your location is not available. You can sort by distance from your ZIP code instead.',
    sortGo: 'Sort from this ZIP code',
    sorted: (zip) => `Sorted by distance from the center of ZIP code ${zip}, nearest first.`,
    sortUnknown: (zip) => `ZIP code ${zip} is not in the district, so the order is unchanged.`,
    title: (zip) => `Schools for ZIP code ${zip}`,
    intro: (zip) =>
      `Families in ${zip}: your zoned school first, then the schools every family may choose, nearest first.`,
    zoned: (n) => (n === 1 ? 'Your zoned school' : 'Your zoned schools'),
    open: 'Open to the whole district',
    other: 'Other programs you may choose',
    otherIntro: 'Centers and programs that the guide’s list of schools leaves out.',
    noZoned: 'No school is zoned for this ZIP code: every school below is open to you.',
    fromCentre: (miles) => `${decimal(miles)} mi from the center of the ZIP code`,
    back: 'Back to all schools',
  },
};
