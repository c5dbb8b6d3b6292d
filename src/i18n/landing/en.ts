// The English built-in landing copy: the product spec's words (section 9's statistics exactly) and
// the sample district's copy, shown where a dataset has no landingPage document.
import { DISTRICT_SITE } from '../../config/site.ts';
import type { LandingBuiltin } from './types.ts';

export const en: LandingBuiltin = {
  hero: {
    headline: 'Guide to Middle School Options',
    tagline: 'Step into a world of possibility',
    quote:
      'Middle school is where curiosity turns into direction. In every one of our middle schools, students find caring adults, ' +
      'challenging classes and room to discover what they love, and they leave ready for high school and beyond.',
    quoteAuthor: 'Dr. Elena Marsh',
    quoteRole: 'Superintendent, Cedar Valley Public Schools',
  },
  landingSections: {
    advantage: 'The District Advantage',
    academics: 'Academic Preparation',
    options: 'Middle School Options',
  },
  stats: [
    { value: '12', label: 'High school focus programs' },
    { value: '24.5', label: 'Credits to graduate' },
    { value: '40+', label: 'Career and technical programs' },
    { value: '80%', label: 'Co-curricular participation' },
    { value: '94.3%', label: 'Graduation rate' },
    { value: '500+', label: 'Partners' },
  ],
  advantage: {
    heading: 'The District Advantage',
    intro:
      'Every Cedar Valley middle school shares the same promise: strong teaching, real choices and a safe place to grow. ' +
      'Here is what that means for your student.',
    statsHeading: 'By the numbers',
    panels: [
      {
        id: 'rigorous-academic-preparation',
        title: 'Rigorous Academic Preparation',
        defaultOpen: true,
        paragraphs: [
          'Middle school courses are aligned from grade to grade so students arrive in high school ready for honors, ' +
            'Advanced Placement and dual-credit classes.',
          'Students can explore 70+ programs across arts, world languages, STEM and career pathways before choosing a high school focus.',
        ],
        links: [{ label: 'Explore academic programs', href: `${DISTRICT_SITE}/academics` }],
      },
      {
        id: 'advancing-excellence',
        title: 'Advancing Excellence',
        paragraphs: [
          'Our strategic plan sets clear goals for achievement and growth in every school, and we report progress to families each year.',
        ],
        links: [{ label: 'Read the strategic plan', href: `${DISTRICT_SITE}/strategic-plan` }],
      },
      {
        id: 'open-enrollment-information',
        title: 'Open Enrollment Information',
        paragraphs: [
          'Families may apply to any middle school in the district during open enrollment. Transportation and sibling preferences are explained on the enrollment page.',
        ],
        links: [
          { label: 'Open enrollment dates and application', href: `${DISTRICT_SITE}/open-enrollment` },
          { label: 'Transportation information', href: `${DISTRICT_SITE}/transportation` },
        ],
      },
      {
        id: 'district-awards',
        title: 'District Awards',
        paragraphs: [
          'Cedar Valley schools are recognized statewide for academic growth, the arts and career and technical education.',
        ],
        links: [{ label: 'See district awards', href: `${DISTRICT_SITE}/awards` }],
      },
      {
        id: 'safety-and-well-being',
        title: 'Safety and Well-Being',
        paragraphs: [
          'The district has invested over $45 million on safety: secure entrances, trained staff and updated emergency plans in every building.',
          'Counselors, social workers and nurses support every student’s physical and mental health.',
        ],
        links: [{ label: 'Safety and security', href: `${DISTRICT_SITE}/safety` }],
      },
    ],
  },
  academics: {
    heading: 'Academic Preparation',
    intro: 'From sixth grade on, students build the habits and credits that open doors in high school and beyond.',
    highlights: [
      {
        title: 'Honors and Advanced Coursework',
        text: 'Honors classes in every core subject and high-school-credit courses in math and world languages challenge students who are ready for more.',
      },
      {
        title: 'Focus Program Pathways',
        text: 'Middle school electives connect to our 12 high school focus programs, so students can try a pathway before they choose it.',
      },
      {
        title: 'Individualized Career and Academic Plans',
        text: 'Each student builds a personal plan with a counselor, updated every year, that links interests to courses and careers.',
      },
    ],
  },
  testimonial: {
    title: 'Students talk about middle school in Cedar Valley',
    quote: 'I found my people in the robotics club, and my teachers pushed me to take algebra a year early.',
    student: 'Maya R., 8th grade',
  },
  options: {
    heading: 'Your School. Your Choice.',
    intro: 'Explore each middle school to find the right fit for your student.',
  },
};
