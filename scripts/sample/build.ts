// Turns the school facts into content-model documents (schools, drafts, quotes, videos, highlights,
// accordions) and the list of images they need. Images are referenced by placeholder while the
// documents are built; generate.ts renders them and swaps in the real asset ids, because an
// asset id contains the hash of the encoded bytes.
import { DISTRICT, SCHOOLS, type SchoolFacts } from './schools.ts';
import { Keys, prng, pt, seedOf } from './pt.ts';
import { type ImageSpec, PLACEHOLDER, type Scene } from './images.ts';
import { accordionsFor, highlightsFor } from './school-copy.ts';
import { type Ctx, ref, section } from './school-sections.ts';
import { spanishTranslations } from './spanish.ts';
import { siteDocuments } from './site.ts';
import { schoolFactFields, vocabularyDocs } from './facts.ts';

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

/** The lists one build fills, and the school whose pictures are being made (their alt text names it). */
interface Building {
  docs: Doc[];
  images: Map<string, ImageSpec>;
  statics: StaticImage[];
  title: string;
}

type PictureOptions = { hotspot?: object; crop?: object; format?: 'jpg' | 'png'; emblem?: ImageSpec['emblem'] };

/** An image field whose asset is a placeholder until generate.ts renders the picture. */
function picture(
  b: Building,
  name: string,
  scene: Scene,
  width: number,
  height: number,
  accent: string,
  extra: PictureOptions = {},
): Record<string, unknown> {
  const spec: ImageSpec = {
    name,
    scene,
    width,
    height,
    format: extra.format ?? 'jpg',
    accent,
    ...(extra.emblem ? { emblem: extra.emblem } : {}),
  };
  b.images.set(name, spec);
  const alt = SCENE_ALT[scene];
  return {
    _type: 'image',
    asset: ref(PLACEHOLDER + name),
    ...(alt ? { alt: alt(b.title) } : { decorative: true }),
    ...(extra.crop ? { crop: { _type: 'sanity.imageCrop', ...extra.crop } } : {}),
    ...(extra.hotspot ? { hotspot: { _type: 'sanity.imageHotspot', ...extra.hotspot } } : {}),
  };
}

// The theme colour of an invalid-colour school still needs a colour for its pictures.
const accentOf = (s: SchoolFacts) => (/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#b22234');

export function build(): Built {
  clock = 0;
  const b: Building = { docs: [], images: new Map(), statics: [], title: '' };
  for (const [index, s] of SCHOOLS.entries()) buildSchool(b, s, index);
  // The Spanish edition's translations come last, so every English document keeps its timestamps.
  b.docs.push(...spanishTranslations(b.docs, meta));
  // The landing page and the site settings, in both languages: the site's words as editors own them.
  b.docs.push(...siteDocuments(meta));
  // The district's vocabulary: support programs, admission priorities and result measures.
  b.docs.push(...vocabularyDocs(meta));
  return { docs: b.docs, images: b.images, statics: b.statics };
}

/** One school's documents, in the order editors' datasets list them: quotes, video, FAQ, highlights, school. */
function buildSchool(b: Building, s: SchoolFacts, index: number): void {
  b.title = s.title;
  const keys = new Keys(`school-${s.key}`);
  const accent = accentOf(s);
  const schoolId = `school-${s.key}`;
  const [q1, q2] = quoteDocs(b, s, schoolId);
  const videoId = `video-${s.key}`;
  b.docs.push({ ...meta(videoId, 'video'), title: s.videoTitle, videoId: videoIdFor(videoId) });
  const accordionIds = accordionDocs(b, s);
  const highlightIds = highlightDocs(b, s, accent);
  const image: Ctx['image'] = (name, scene, w, h, colour, extra) => picture(b, name, scene, w, h, colour, extra);
  const sections = s.sections.map((kind) =>
    section(s, kind, keys, { image, accent, accordionIds, highlightIds, q2, videoId }),
  );
  const school = schoolDoc(b, s, index, { schoolId, q1, accent, sections });
  schoolPictures(b, s, school, accent);
  if (s.key === 'westbrook') {
    // Not yet published: only the draft exists.
    b.docs.push({ ...school, _id: `drafts.${schoolId}` });
  } else {
    b.docs.push(school);
  }
  if (s.key === 'lincoln') b.docs.push(lincolnDraft(school));
}

function quoteDocs(b: Building, s: SchoolFacts, schoolId: string): [string, string] {
  const q1 = `quote-${s.key}-1`;
  const q2 = `quote-${s.key}-2`;
  for (const [id, q] of [
    [q1, s.quotes[0]],
    [q2, s.quotes[1]],
  ] as const) {
    const quote: Doc = { ...meta(id, 'quote'), quote: q.quote, student: q.student, year: q.year };
    // Westbrook exists only as a draft; a published quote cannot hold a strong reference to it,
    // so its quotes leave `school` empty until the school is published.
    if (s.key !== 'westbrook') quote.school = ref(schoolId);
    b.docs.push(quote);
  }
  return [q1, q2];
}

function accordionDocs(b: Building, s: SchoolFacts): string[] {
  return accordionsFor(s).map((a, i) => {
    const id = `accordion-${s.key}-${i + 1}`;
    const k = new Keys(id);
    b.docs.push({
      ...meta(id, 'accordion'),
      accordionTitle: a.title,
      defaultOpen: a.open,
      accordionContent: pt(k, a.body),
    });
    return id;
  });
}

function highlightDocs(b: Building, s: SchoolFacts, accent: string): string[] {
  return highlightsFor(s).map((h, i) => {
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
      b.statics.push({
        path: h.imageUrl.slice(1),
        spec: { name: `${id}-static`, scene: h.scene, width: 1200, height: 900, format: 'jpg', accent },
      });
    } else {
      doc.image = picture(b, `${id}-image`, h.scene, 1200, 900, accent);
    }
    if (h.link) doc.link = h.link;
    if (h.href) doc.href = h.href;
    b.docs.push(doc);
    return id;
  });
}

/** The school document's words, facts, tour and sections (its pictures come next). */
function schoolDoc(
  b: Building,
  s: SchoolFacts,
  index: number,
  parts: { schoolId: string; q1: string; accent: string; sections: Record<string, unknown>[] },
): Doc {
  const { schoolId, q1, accent, sections } = parts;
  const factKeys = new Keys(`${schoolId}:facts`);
  return {
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
    tourImage: picture(b, `${s.key}-tour`, 'hills', 1280, 853, accent),
    sectionRepeater: sections,
  };
}

/** The school's logo and hero (pictures from the content service, or the site's own static files), main and share images. */
function schoolPictures(b: Building, s: SchoolFacts, school: Doc, accent: string): void {
  if (s.key === 'bluebell-hill') staticPictures(b, s, school, accent);
  else {
    school.logo = picture(b, `${s.key}-logo`, 'logo', 512, 512, accent, { format: 'png', emblem: s.emblem });
    school.image = picture(
      b,
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
  school.mainImage = picture(
    b,
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
  if (s.key !== 'westbrook') school.seoImage = picture(b, `${s.key}-seo`, 'campus', 1200, 630, accent);
  if (s.location) school.location = { _type: 'geopoint', ...s.location };
  if (s.twitter) school.twitter = s.twitter;
}

/** The static-image school: a hero and logo served from the site's own files. */
function staticPictures(b: Building, s: SchoolFacts, school: Doc, accent: string): void {
  school.staticImage = `/static/schools/${s.slug}-hero.jpg`;
  school.staticLogo = `/static/schools/${s.slug}-logo.png`;
  b.statics.push({
    path: `static/schools/${s.slug}-hero.jpg`,
    spec: { name: `${s.key}-static-hero`, scene: 'campus', width: 1920, height: 1080, format: 'jpg', accent },
  });
  b.statics.push({
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
