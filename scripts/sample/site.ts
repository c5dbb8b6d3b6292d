// The sample district's landing page and site settings, in English and Spanish, as editors keep
// them in the Studio: every word, link and file of the district is data here (data/landing.json,
// data/district.json, and the media generate.ts makes), none of it the site's code. Each Spanish
// document is linked to its English one by a translation.metadata document, the way
// @sanity/document-internationalization stores it.
import { districtZipCodes, timelineDocs } from './facts.ts';
import { PLACEHOLDER } from './images.ts';
import { DISTRICT, readData, SCHOOLS, type SettingsFacts, type SiteLinkFacts } from './schools.ts';
import { translationLinks } from './spanish.ts';

type Doc = { _id: string; _type: string } & Record<string, unknown>;
type Meta = (id: string, type: string) => Doc;
type Lang = 'en' | 'es';

/** The landing page's words in one language (data/landing.json), close to how an editor writes them. */
interface LandingFacts {
  headline: string;
  tagline: string;
  superintendentQuote: { quote: string; name: string; title: string };
  sectionTitles: { advantage: string; academics: string; options: string };
  advantageIntro: string;
  statsHeading: string;
  stats: { value: string; label: string }[];
  panels: { id: string; title: string; defaultOpen?: boolean; paragraphs: string[]; links: SiteLinkFacts[] }[];
  testimonial: { title: string; videoId: string; quote: string; student: string };
  academicsIntro: string;
  academicHighlights: { title: string; text: string }[];
  gridHeading: string;
  gridIntro: string;
}

const LANDING = readData('landing.json') as Record<Lang, LandingFacts>;

/** The district's media, rendered by generate.ts (public.ts draws them): placeholder names. */
export const MEDIA = {
  logo: 'district-logo',
  heroPoster: 'district-hero-poster',
  heroWebm: 'district-hero-webm',
  heroMp4: 'district-hero-mp4',
  guide: 'district-guide',
} as const;

const asset = (name: string) => ({ _type: 'reference', _ref: PLACEHOLDER + name });
const file = (name: string) => ({ _type: 'file', asset: asset(name) });

const textBlock = (text: string, key: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}-s`, text, marks: [] }],
});

/** The landing page's words as a landingPage document's fields, with the `_type`s and `_key`s the Studio writes. */
function landingFields(lang: Lang): Record<string, unknown> {
  const m = LANDING[lang];
  return {
    headline: m.headline,
    tagline: m.tagline,
    superintendentQuote: m.superintendentQuote,
    sectionTitles: m.sectionTitles,
    advantageIntro: m.advantageIntro,
    statsHeading: m.statsHeading,
    stats: m.stats.map((s, i) => ({ _key: `stat-${i + 1}`, _type: 'stat', ...s })),
    panels: m.panels.map((p) => ({
      _key: p.id,
      _type: 'panel',
      title: p.title,
      defaultOpen: p.defaultOpen ?? false,
      body: p.paragraphs.map((t, i) => textBlock(t, `${p.id}-${i + 1}`)),
      links: p.links.map((l, i) => ({ _key: `${p.id}-link-${i + 1}`, ...l })),
    })),
    testimonial: m.testimonial,
    academicsIntro: m.academicsIntro,
    academicHighlights: m.academicHighlights.map((h, i) => ({
      _key: `highlight-${i + 1}`,
      _type: 'academicHighlight',
      ...h,
    })),
    gridHeading: m.gridHeading,
    gridIntro: m.gridIntro,
  };
}

/** The settings of one language as a siteSettings document's fields. */
function settingsFields(s: SettingsFacts): Record<string, unknown> {
  const link = (l: SiteLinkFacts) => ({ _type: 'siteLink', ...l });
  return {
    elementaryLink: link(s.elementaryLink),
    highSchoolLink: link(s.highSchoolLink),
    footerText: s.footerText,
  };
}

export function siteDocuments(meta: Meta): Doc[] {
  const docs: Doc[] = [
    {
      ...meta('landingPage', 'landingPage'),
      language: 'en',
      ...landingFields('en'),
      // The video is decoration behind the headline; its still is the guide's picture when shared.
      heroVideo: { webm: file(MEDIA.heroWebm), mp4: file(MEDIA.heroMp4) },
      heroPoster: { _type: 'image', asset: asset(MEDIA.heroPoster), decorative: true },
      enrollmentTimeline: timelineDocs('en'),
    },
    {
      ...meta('landingPage-es', 'landingPage'),
      language: 'es',
      ...landingFields('es'),
      enrollmentTimeline: timelineDocs('es'),
    },
    {
      ...meta('siteSettings', 'siteSettings'),
      language: 'en',
      districtName: DISTRICT.name,
      logo: { _type: 'image', asset: asset(MEDIA.logo), alt: DISTRICT.settings.en.logoAlt },
      ...settingsFields(DISTRICT.settings.en),
      guide: file(MEDIA.guide),
      themeColor: '#862633',
      zipCodes: districtZipCodes(SCHOOLS),
      timeZone: 'America/Denver',
    },
    // The Spanish settings translate only what has words; the name, logo, colour and the (English)
    // guide are the English document's.
    { ...meta('siteSettings-es', 'siteSettings'), language: 'es', ...settingsFields(DISTRICT.settings.es) },
  ];
  for (const [id, type] of [
    ['landing-page', 'landingPage'],
    ['site-settings', 'siteSettings'],
  ] as const) {
    const [englishId, spanishId] =
      type === 'landingPage' ? ['landingPage', 'landingPage-es'] : ['siteSettings', 'siteSettings-es'];
    const metadataId = `translation-metadata-${id}`;
    docs.push({
      ...meta(metadataId, 'translation.metadata'),
      ...translationLinks(metadataId, type, englishId, spanishId),
    });
  }
  return docs;
}
