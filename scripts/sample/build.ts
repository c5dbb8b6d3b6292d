// Turns the school facts into content-model documents (schools, drafts, quotes, videos, highlights,
// accordions) and the list of images they need. Images are referenced by placeholder while the
// documents are built; generate.ts renders them and swaps in the real asset ids, because an
// asset id contains the hash of the encoded bytes.
import { DISTRICT, SCHOOLS, SECTION_TITLES, type SchoolFacts, type SectionKind } from './schools.ts';
import { Keys, prng, pt, seedOf, type PTItem } from './pt.ts';
import type { ImageSpec, Scene } from './images.ts';
import { spanishTranslations } from './spanish.ts';
import { siteDocuments } from './site.ts';
import { schoolFactFields } from './facts.ts';

export type Doc = { _id: string; _type: string } & Record<string, unknown>;

export interface StaticImage {
  path: string;
  spec: ImageSpec;
}

export interface Built {
  docs: Doc[];
  /** Images to render into the dataset, keyed by spec name (the placeholder target). */
  images: Map<string, ImageSpec>;
  /** Images to render into public/ (static hero/logo, highlight imageUrl). */
  statics: StaticImage[];
}

export const PLACEHOLDER = '@@image:';
const SITE = DISTRICT.site;
const BASE_TIME = Date.UTC(2025, 7, 4, 15, 0, 0);

/** Deterministic timestamps: one minute apart in build order, so _updatedAt reads plausibly. */
let clock = 0;
const stamp = (): string => new Date(BASE_TIME + clock++ * 60_000).toISOString();

// The Studio's translated types (studio/src/schemaTypes/objects/language.ts, which the generator
// cannot import: test/unit/sample-dataset.test.ts checks the two agree).
const TRANSLATED = new Set(['school', 'quote', 'highlight', 'accordion', 'video', 'landingPage', 'siteSettings']);

/**
 * A new document's system fields. A document of a translated type is English unless the caller
 * says otherwise: @sanity/document-internationalization offers "create the Spanish translation"
 * only from a document whose `language` it can read, so English documents carry "en".
 */
function meta(id: string, type: string): Doc {
  const t = stamp();
  return {
    _id: id,
    _type: type,
    _createdAt: t,
    _updatedAt: t,
    _rev: seedOf(id).toString(36) + seedOf(`${id}:rev`).toString(36),
    ...(TRANSLATED.has(type) ? { language: 'en' } : {}),
  };
}

/** An 11-character id in the video host's alphabet; the last character uses the host's reduced set. */
function videoIdFor(seed: string): string {
  const r = prng(seedOf(seed));
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < 10; i++) s += abc[Math.floor(r() * 64)];
  return s + 'AEIMQUYcgkosw048'[Math.floor(r() * 16)];
}

const ref = (id: string) => ({ _type: 'reference', _ref: id });

/** Every sample picture's alternative text, by what it shows; an abstract pattern is decorative. */
const SCENE_ALT: Record<Scene, ((title: string) => string) | null> = {
  campus: (t) => `The front entrance of ${t} on a sunny day`,
  field: (t) => `Students playing on the ${t} sports field`,
  stage: (t) => `Students performing on the ${t} stage`,
  classroom: (t) => `Students working together in a classroom at ${t}`,
  library: (t) => `Students reading in the ${t} library`,
  lab: (t) => `Students doing an experiment in the science lab at ${t}`,
  abstract: null,
  logo: (t) => `${t} logo`,
  hills: (t) => `The hills behind ${t}, where tours start`,
};

export function build(): Built {
  clock = 0;
  const docs: Doc[] = [];
  const images = new Map<string, ImageSpec>();
  const statics: StaticImage[] = [];

  // The school whose pictures are being made: their alternative text names it.
  let title = '';
  const image = (
    name: string,
    scene: Scene,
    width: number,
    height: number,
    accent: string,
    extra: { hotspot?: object; crop?: object; format?: 'jpg' | 'png'; emblem?: ImageSpec['emblem'] } = {},
  ) => {
    const spec: ImageSpec = {
      name,
      scene,
      width,
      height,
      format: extra.format ?? 'jpg',
      accent,
      ...(extra.emblem ? { emblem: extra.emblem } : {}),
    };
    images.set(name, spec);
    const alt = SCENE_ALT[scene];
    return {
      _type: 'image',
      asset: ref(PLACEHOLDER + name),
      ...(alt ? { alt: alt(title) } : { decorative: true }),
      ...(extra.crop ? { crop: { _type: 'sanity.imageCrop', ...extra.crop } } : {}),
      ...(extra.hotspot ? { hotspot: { _type: 'sanity.imageHotspot', ...extra.hotspot } } : {}),
    };
  };

  // The theme colour of an invalid-colour school still needs a colour for its pictures.
  const accentOf = (s: SchoolFacts) => (/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#b22234');

  for (const [index, s] of SCHOOLS.entries()) {
    title = s.title;
    const keys = new Keys(`school-${s.key}`);
    const accent = accentOf(s);
    const q1 = `quote-${s.key}-1`;
    const q2 = `quote-${s.key}-2`;
    const schoolId = `school-${s.key}`;
    for (const [id, q] of [
      [q1, s.quotes[0]],
      [q2, s.quotes[1]],
    ] as const) {
      const quote: Doc = { ...meta(id, 'quote'), quote: q.quote, student: q.student, year: q.year };
      // Westbrook exists only as a draft; a published quote cannot hold a strong reference to it,
      // so its quotes leave `school` empty until the school is published.
      if (s.key !== 'westbrook') quote.school = ref(schoolId);
      docs.push(quote);
    }
    const videoId = `video-${s.key}`;
    docs.push({ ...meta(videoId, 'video'), title: s.videoTitle, videoId: videoIdFor(videoId) });

    const accordionIds = accordionsFor(s).map((a, i) => {
      const id = `accordion-${s.key}-${i + 1}`;
      const k = new Keys(id);
      docs.push({
        ...meta(id, 'accordion'),
        accordionTitle: a.title,
        defaultOpen: a.open,
        accordionContent: pt(k, a.body),
      });
      return id;
    });

    const highlightIds = highlightsFor(s).map((h, i) => {
      const id = `highlight-${s.key}-${i + 1}`;
      const k = new Keys(id);
      const doc: Doc = {
        ...meta(id, 'highlight'),
        title: h.title,
        simpleDescription: h.simple,
        description: pt(k, h.body),
      };
      if (h.imageUrl) {
        doc.imageUrl = h.imageUrl;
        statics.push({
          path: h.imageUrl.slice(1),
          spec: { name: `${id}-static`, scene: h.scene, width: 1200, height: 900, format: 'jpg', accent },
        });
      } else {
        doc.image = image(`${id}-image`, h.scene, 1200, 900, accent);
      }
      if (h.link) doc.link = h.link;
      if (h.href) doc.href = h.href;
      docs.push(doc);
      return id;
    });

    const sections = s.sections.map((kind) =>
      section(s, kind, keys, { image, accent, accordionIds, highlightIds, q2, videoId }),
    );

    const factKeys = new Keys(`${schoolId}:facts`);
    const school: Doc = {
      ...meta(schoolId, 'school'),
      title: s.title,
      subtitle: s.subtitle,
      slug: { _type: 'slug', current: s.slug },
      isCharter: s.isCharter,
      color: s.color,
      featuredQuote: ref(q1),
      seoDescription: s.seoDescription,
      ...schoolFactFields(s, index, factKeys.next.bind(factKeys)),
      showTourSection: s.key !== 'riverside',
      tourTitle: s.tourTitle,
      tourDescription: pt(
        new Keys(`${schoolId}:tour`),
        `${s.tourText}\n\nQuestions? Call the front office at [${s.phone.replace(/^\+1-(\d{3})-/, '($1) ')}](tel:${s.phone}).`,
      ),
      tourLink: `${SITE}/tours/${s.slug}`,
      tourImage: image(`${s.key}-tour`, 'hills', 1280, 853, accent),
      sectionRepeater: sections,
    };
    if (s.key === 'bluebell-hill') {
      // The static-image school: a hero and logo served from the site's own files.
      school.staticImage = `/static/schools/${s.slug}-hero.jpg`;
      school.staticLogo = `/static/schools/${s.slug}-logo.png`;
      statics.push({
        path: `static/schools/${s.slug}-hero.jpg`,
        spec: { name: `${s.key}-static-hero`, scene: 'campus', width: 1920, height: 1080, format: 'jpg', accent },
      });
      statics.push({
        path: `static/schools/${s.slug}-logo.png`,
        spec: {
          name: `${s.key}-static-logo`,
          scene: 'logo',
          width: 512,
          height: 512,
          format: 'png',
          accent,
          emblem: s.emblem,
        },
      });
    } else {
      school.logo = image(`${s.key}-logo`, 'logo', 512, 512, accent, { format: 'png', emblem: s.emblem });
      school.image = image(
        `${s.key}-hero`,
        'campus',
        1920,
        1080,
        accent,
        s.key === 'lincoln'
          ? {
              hotspot: { x: 0.5, y: 0.55, width: 0.4, height: 0.5 },
              crop: { top: 0.04, bottom: 0.06, left: 0, right: 0 },
            }
          : {},
      );
    }
    const cropped = ['lincoln', 'aspen-ridge', 'harmon-park', 'meridian', 'foothills'].includes(s.key);
    school.mainImage = image(
      `${s.key}-main`,
      'campus',
      1600,
      1200,
      accent,
      cropped
        ? {
            hotspot: { x: 0.52, y: 0.62, width: 0.45, height: 0.4 },
            crop: { top: 0.08, bottom: 0.02, left: 0.05, right: 0.05 },
          }
        : {},
    );
    if (s.key !== 'westbrook') school.seoImage = image(`${s.key}-seo`, 'campus', 1200, 630, accent);
    if (s.location) school.location = { _type: 'geopoint', ...s.location };
    if (s.twitter) school.twitter = s.twitter;

    if (s.key === 'westbrook') {
      // Not yet published: only the draft exists.
      docs.push({ ...school, _id: `drafts.${schoolId}` });
    } else {
      docs.push(school);
    }
    if (s.key === 'lincoln') docs.push(lincolnDraft(school));
  }
  // The Spanish edition's translations come last, so every English document keeps its timestamps.
  docs.push(...spanishTranslations(docs, meta));
  // The landing page and the site settings, in both languages: the site's words as editors own them.
  docs.push(...siteDocuments(meta));

  return { docs, images, statics };
}

/** The pending edit an editor sees in preview: a new subtitle and a renamed first section. */
function lincolnDraft(published: Doc): Doc {
  const draft: Doc = JSON.parse(JSON.stringify(published));
  draft._id = `drafts.${published._id}`;
  draft._updatedAt = new Date(BASE_TIME + 30 * 86_400_000).toISOString();
  draft._rev = `${published._rev as string}d`;
  draft.subtitle = 'Home of the Lions — now offering Mandarin in all grades';
  const sections = draft.sectionRepeater as { title: string }[];
  sections[0]!.title = 'Academics & World Languages';
  return draft;
}

interface Ctx {
  image: (
    name: string,
    scene: Scene,
    w: number,
    h: number,
    accent: string,
    extra?: { hotspot?: object; crop?: object },
  ) => Record<string, unknown>;
  accent: string;
  accordionIds: string[];
  highlightIds: string[];
  q2: string;
  videoId: string;
}

function tagList(keys: Keys, category: 'arts' | 'athletics' | 'clubs', s: SchoolFacts) {
  const tags = (xs: string[]) => xs.map((label) => ({ _key: keys.next(), _type: 'tag', label }));
  // Every list is filled in, as editors do; the category decides which one shows.
  return {
    _key: keys.next(),
    _type: 'tagList',
    tagCategory: category,
    visualPerformingArtsTags: tags(s.artsTags),
    athleticsTags: tags(s.athleticsTags),
    clubsTags: tags(s.clubsTags),
  };
}

function section(s: SchoolFacts, kind: SectionKind, keys: Keys, c: Ctx): Record<string, unknown> {
  const blocks: Record<string, unknown>[] = [];
  const content = (md: string, columns = false, extra: PTItem[] = []) =>
    blocks.push({ _key: keys.next(), _type: 'content', columns, body: [...pt(keys, md), ...extra] });
  const photos = (names: Scene[], withEmpty = false) => {
    const reel: Record<string, unknown>[] = names.map((scene, i) => ({
      _key: keys.next(),
      ...c.image(`${s.key}-${kind}-reel-${i + 1}`, scene, 1200, 900, c.accent),
    }));
    // An editor added a slot and never picked a photo: the site must skip it.
    if (withEmpty) reel.splice(1, 0, { _key: keys.next(), _type: 'image' });
    blocks.push({ _key: keys.next(), _type: 'photos', photoReel: reel });
  };
  const photo = (scene: Scene, extra: { hotspot?: object; crop?: object } = {}) =>
    blocks.push({
      _key: keys.next(),
      ...c.image(`${s.key}-${kind}-photo`, scene, 1200, 900, c.accent, extra),
      _type: 'photo',
    });

  switch (kind) {
    case 'academics': {
      const extra: PTItem[] = [];
      if (s.key === 'lincoln') {
        // An embedded object type this site has no component for: it must get the unknown-type fallback.
        extra.push({
          _type: 'callToAction',
          _key: keys.next(),
          label: 'Request a course guide',
          url: `${SITE}/course-guides/lincoln`,
        });
      }
      content(academicsCopy(s), true, extra);
      blocks.push({
        _key: keys.next(),
        _type: 'accordionSection',
        sectionTitle: s.isCharter ? 'Charter School FAQ' : 'Frequently Asked Questions',
        columns: s.key === 'foothills' || s.key === 'lincoln',
        topPadding: s.key !== 'meridian',
        accordions: c.accordionIds.map((id) => ({ _key: keys.next(), ...ref(id) })),
      });
      blocks.push({
        _key: keys.next(),
        _type: 'highlightSection',
        highlights: c.highlightIds.map((id) => ({ _key: keys.next(), ...ref(id) })),
      });
      break;
    }
    case 'outdoor-lab':
      content(
        `## Forty acres of classroom\n\nThe outdoor lab includes a restored wetland, a ponderosa pine stand, a weather station that reports to the National Weather Service volunteer network, and a student-run greenhouse.\n\n### What students do there\n\n- Measure water quality in Bear Creek every week\n- Track bird migration with a citizen-science partner\n  - Spring and fall counts are published on the school website\n  - Data is shared with the state wildlife agency\n- Grow seedlings for the district's school gardens`,
      );
      // A block type added to the studio after this site shipped: nothing shows, nothing breaks.
      blocks.push({
        _key: keys.next(),
        _type: 'eventCalendar',
        calendarId: 'aspen-ridge-outdoor-lab',
        showPastEvents: false,
      });
      photos(['hills', 'lab', 'field']);
      break;
    case 'arts':
      content(
        `${s.arts}\n\nArts classes are part of the regular school day, and instruments are available to borrow at no cost for families who need them.`,
        s.key === 'harmon-park',
        s.key === 'harmon-park' ? [ticketLine(keys)] : [],
      );
      blocks.push(tagList(keys, 'arts', s));
      photos(['stage', 'classroom', 'library'], s.key === 'lincoln');
      break;
    case 'athletics':
      content(
        `${s.athletics}\n\nAll athletes need a current physical on file and a signed participation form. Fees are waived for students who qualify for free or reduced-price meals.`,
      );
      blocks.push(tagList(keys, 'athletics', s));
      photo(
        'field',
        s.key === 'foothills' || s.key === 'aspen-ridge'
          ? {
              hotspot: { x: 0.35, y: 0.6, width: 0.3, height: 0.3 },
              crop: { top: 0.1, bottom: 0, left: 0.1, right: 0.05 },
            }
          : {},
      );
      break;
    case 'student-life':
      content(lifeCopy(s), s.key === 'foothills');
      blocks.push(tagList(keys, 'clubs', s));
      blocks.push({
        _key: keys.next(),
        _type: 'videoTestimonial',
        testimonial: ref(c.q2),
        video: ref(c.videoId),
        backgroundImage: c.image(
          `${s.key}-testimonial-bg`,
          s.key === 'harmon-park' ? 'stage' : 'classroom',
          1920,
          1080,
          c.accent,
        ),
      });
      break;
    case 'about':
      content(aboutCopy(s), s.key !== 'cottonwood');
      photo(s.key === 'cottonwood' ? 'library' : 'campus');
      break;
  }
  const title = SECTION_TITLES[kind];
  return { _key: keys.next(), _type: 'section', title, href: kind, blocks };
}

/** A paragraph with an inline object (a studio icon plugin) between two spans: unknown inline types get the fallback too. */
function ticketLine(keys: Keys): PTItem {
  return {
    _type: 'block',
    _key: keys.next(),
    style: 'normal',
    markDefs: [],
    children: [
      {
        _type: 'span',
        _key: keys.next(),
        text: 'Tickets for every production are free for Cedar Valley students ',
        marks: [],
      },
      { _type: 'inlineIcon', _key: keys.next(), icon: 'ticket' },
      { _type: 'span', _key: keys.next(), text: ' and $5 for adults at the box office.', marks: [] },
    ],
  };
}

function academicsCopy(s: SchoolFacts): string {
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
    `Read the [district guide to middle school](/guide/middle-school-options.pdf) for course descriptions, or compare with [other schools](/) in the district.`,
  ].join('\n\n');
}

/** "Life as an Eagle", "Life as a Wolf": one member of the mascot team, with its article. */
export function oneMascot(mascot: string): string {
  const one = /ves$/.test(mascot) ? mascot.replace(/ves$/, 'f') : mascot.replace(/s$/, '');
  return `${/^[AEIOU]/i.test(one) ? 'an' : 'a'} ${one}`;
}

function lifeCopy(s: SchoolFacts): string {
  return [
    `## Life as ${oneMascot(s.mascot)}`,
    `${s.life} Clubs meet before school, at lunch and after school, and new clubs can be started by any group of five students with a staff sponsor.`,
    `Buses leave at 3:45 p.m. on club days. See the [activities calendar](${SITE}/schools/${s.slug}/activities) for this month's schedule.`,
  ].join('\n\n');
}

function aboutCopy(s: SchoolFacts): string {
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

interface AccordionFacts {
  title: string;
  open: boolean;
  body: string;
}
function accordionsFor(s: SchoolFacts): AccordionFacts[] {
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

interface HighlightFacts {
  title: string;
  simple: string;
  body: string;
  scene: Scene;
  link?: string;
  href?: string;
  imageUrl?: string;
}
function highlightsFor(s: SchoolFacts): HighlightFacts[] {
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
