// The words of each sample school's sections, FAQ and highlights, written from its facts
// (data/schools.json) by templates: the same sentences for every school, with the few school-specific
// turns (Lincoln's full rich-text fixture, Cottonwood's hostile link) that the site's tests lean on.
import { DISTRICT, type SchoolFacts } from './schools.ts';
import type { Scene } from './images.ts';

const SITE = DISTRICT.site;

export function academicsCopy(s: SchoolFacts): string {
  if (s.key === 'lincoln') {
    // The one place every decorator and list shape appears together, so render tests have a single fixture.
    return [
      `## A strong start for every student`,
      `${s.intro} ${s.academics}`,
      `Students take **four core classes** every day, plus *two electives* of their choice. Course codes such as \`MATH-0710\` appear on your student's schedule. The __summer reading list__ is posted in June, and the ~~paper registration form~~ has been replaced by online registration.`,
      `### How a day is organized`,
      `1. Advisory (25 minutes)\n2. Core classes in 60-minute blocks\n  1. Language arts and social studies\n  2. Math and science\n3. Electives and world languages\n4. Flex period for help or enrichment`,
      `### World languages`,
      `- Spanish, French and Mandarin\n  - High school credit in 8th grade\n  - Heritage Spanish for native speakers\n- American Sign Language club after school`,
      `> Our goal is simple: every Lincoln student leaves eighth grade ready for honors courses in high school.\n— ${s.principal}, Principal`,
    ].join('\n\n');
  }
  return [
    `## ${s.isCharter ? 'A public charter school open to all' : `Academics at ${s.title.replace(/ Middle School$/, '')}`}`,
    `${s.intro} ${s.academics}`,
    `Every student has a **daily advisory period**, access to *tutoring after school* three days a week, and a Chromebook to use at school and at home.`,
    `- Math from grade-level through Geometry\n- Science with weekly labs\n- Language arts and social studies\n- Physical education and health`,
    `The district's guide to middle school, linked at the foot of every page, has course descriptions; compare with [other schools](/) in the district.`,
  ].join('\n\n');
}

/** "Life as an Eagle", "Life as a Wolf": one member of the mascot team, with its article. */
export function oneMascot(mascot: string): string {
  const one = /ves$/.test(mascot) ? mascot.replace(/ves$/, 'f') : mascot.replace(/s$/, '');
  return `${/^[AEIOU]/i.test(one) ? 'an' : 'a'} ${one}`;
}

export function lifeCopy(s: SchoolFacts): string {
  return [
    `## Life as ${oneMascot(s.mascot)}`,
    `${s.life} Clubs meet before school, at lunch and after school, and new clubs can be started by any group of five students with a staff sponsor.`,
    `Buses leave at 3:45 p.m. on club days. See the [activities calendar](${SITE}/schools/${s.slug}/activities) for this month's schedule.`,
  ].join('\n\n');
}

export function aboutCopy(s: SchoolFacts): string {
  const display = s.phone.replace(/^\+1-(\d{3})-/, '($1) ');
  const parts = [
    `## Contact ${s.title}`,
    `**${s.title}**\n${s.address}\nPrincipal: ${s.principal}`,
    `Phone: [${display}](tel:${s.phone})\nEmail: [${s.email}@cedarvalleyschools.example](mailto:${s.email}@cedarvalleyschools.example)`,
    `Grades ${s.grades}${s.enrollment ? ` · about ${s.enrollment.toLocaleString('en-US')} students` : ''} · School colors and mascot: the ${s.mascot}.`,
  ];
  if (s.key === 'lincoln') {
    parts.push(
      `Learn more on the [school website](https://www.cedarvalleyschools.example/lincoln), read the [district enrollment FAQ](http://www.cedarvalleyschools.example/enrollment/faq), jump back to [our arts program](#arts), or compare with [Aspen Ridge](/schools/aspen-ridge).`,
    );
  }
  if (s.key === 'cottonwood') {
    // A hostile link from a pasted snippet: the site must show the words as plain text, never a link.
    parts.push(
      `Want a copy of this page? [Print this page](javascript:window.print()) or ask the front office for a printed school profile.`,
    );
    parts.push(
      `- Bell schedule: 8:05 a.m. to 3:10 p.m.\n- Early release on Wednesdays at 1:40 p.m.\n- Breakfast served from 7:35 a.m.`,
    );
  }
  return parts.join('\n\n');
}

export interface AccordionFacts {
  title: string;
  open: boolean;
  body: string;
}

export function accordionsFor(s: SchoolFacts): AccordionFacts[] {
  const first = !['cottonwood', 'summit', 'pioneer-trail'].includes(s.key);
  const list: AccordionFacts[] = [
    s.isCharter
      ? {
          title: 'How does the lottery work?',
          open: first,
          body: `Applications open in January through the district's common enrollment form. If there are more applicants than seats, a **public lottery** is held in March.\n\n1. Submit the common enrollment form\n2. Receive your lottery number by email\n3. Accept your seat within 10 days`,
        }
      : {
          title: 'Who can enroll?',
          open: first,
          body: `Students who live in the ${s.title.replace(/ Middle School$/, '')} boundary are guaranteed a seat. Families outside the boundary may apply through **open enrollment**; see the [enrollment page](${SITE}/enrollment).`,
        },
    {
      title: 'What does a school day look like?',
      open: false,
      body: `School starts at 8:05 a.m. and ends at 3:10 p.m.\nWednesdays end at 1:40 p.m. for teacher collaboration.\n\nBreakfast and lunch are served every day, and *free meals* are available to qualifying families.`,
    },
    {
      title: 'How do you support students who need extra help?',
      open: s.key === 'foothills',
      body: `Every student has an advisor who checks in weekly. We offer:\n\n- Reading and math intervention classes\n- Special education services and 504 plans\n- English language development\n  - Newcomer program for students new to the country\n- Counseling and a full-time social worker`,
    },
  ];
  return list;
}

export interface HighlightFacts {
  title: string;
  simple: string;
  body: string;
  scene: Scene;
  link?: string;
  href?: string;
  imageUrl?: string;
}

export function highlightsFor(s: SchoolFacts): HighlightFacts[] {
  const out: HighlightFacts[] = [
    {
      title: s.isCharter ? 'Project-based learning' : 'Honors and advanced coursework',
      simple: s.academics,
      body: `${s.academics} Ask your counselor about **placement** in honors classes.`,
      scene: 'classroom',
      link: s.sections.includes('arts') ? '#arts' : s.sections.includes('about') ? '#about' : '#student-life',
    },
    {
      title: 'Individualized career and academic plans',
      simple:
        'Every student begins a career and academic plan in sixth grade and updates it each year with an advisor.',
      body: `Every student begins an *Individual Career and Academic Plan* in sixth grade. Learn more on the [district ICAP page](${SITE}/icap).`,
      scene: s.key === 'bluebell-hill' ? 'lab' : 'library',
      href: `${SITE}/icap`,
    },
  ];
  if (s.key === 'bluebell-hill') {
    // This highlight's picture is a static file, not a content-service asset.
    out[1]!.imageUrl = '/static/highlights/bluebell-hill-robotics.jpg';
  }
  if (s.key === 'aspen-ridge' || s.key === 'foothills' || s.key === 'meridian') {
    out.push({
      title: 'Focus program pathways',
      simple: 'Middle school electives connect to the district’s twelve high school focus programs.',
      body: `Our electives lead into the district's **twelve high school focus programs**. Compare them with [Pioneer Trail's career wheels](/schools/pioneer-trail).`,
      scene: 'lab',
      link: '/schools/pioneer-trail',
      href: `${SITE}/focus-programs`,
    });
  }
  return out;
}
