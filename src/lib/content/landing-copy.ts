// The landing page's words for one edition, pure: the editors' landingPage document and its
// translation over the built-in copy of the catalogue (neutral headings a dataset without the
// document shows; what a district says of itself, its media included, is only ever its own). The
// export maps them; the page carries them in its data.
import type { Lang } from '../../i18n/messages.ts';
import { LANDING_BUILTIN } from '../../i18n/landing/index.ts';
import { calendarDay } from '../calendar/calendar-dates.ts';
import {
  asDoc,
  editionLayers,
  keyOf,
  layered,
  links,
  list,
  str,
  type AltImage,
  type Doc,
  type SiteLink,
} from './editions.ts';
import { fileOf, type FileSrc, VIDEO_TYPES } from './site-files.ts';

export interface LandingCopy {
  headline: string;
  tagline: string;
  superintendentQuote: { quote: string; name: string; title: string };
  sectionTitles: { advantage: string; academics: string; options: string };
  advantageIntro: string;
  statsHeading: string;
  stats: { key: string; value: string; label: string }[];
  panels: { key: string; title: string; defaultOpen: boolean; body: unknown[]; links: SiteLink[] }[];
  /** The student video; its poster is the testimonial's own, else the hero poster, else none. */
  testimonial: { title: string; videoId: string; quote: string; student: string; poster: AltImage | null };
  /** The hero's looping background video, in the formats the district uploaded (none: no video). */
  heroVideo: { src: string; type: string }[];
  /** A still of the hero: the landing page's picture when shared, and the testimonial's poster when it has none. */
  heroPoster: AltImage | null;
  academicsIntro: string;
  academicHighlights: { key: string; title: string; text: string }[];
  /** "How to apply": the steps and their dates (YYYY-MM-DD, and as the reader writes it). */
  enrollmentTimeline: { key: string; title: string; date: string; dateText: string; description: string }[];
  gridHeading: string;
  gridIntro: string;
  /** On another edition: the fields shown from the English document (marked lang="en"). */
  _fallback?: string[];
}

/** The built-in landing copy of a catalogue, in the landingPage document's shape: neutral headings only. */
export function builtinLanding(lang: Lang): Doc {
  const m = LANDING_BUILTIN[lang];
  return {
    headline: m.hero.headline,
    tagline: m.hero.tagline,
    sectionTitles: { ...m.landingSections },
    statsHeading: m.advantage.statsHeading,
    gridHeading: m.options.heading,
    gridIntro: m.options.intro,
  };
}

export const LANDING_FIELDS = [
  'headline',
  'tagline',
  'superintendentQuote',
  'sectionTitles',
  'advantageIntro',
  'statsHeading',
  'stats',
  'panels',
  'testimonial',
  'heroVideo',
  'heroPoster',
  'academicsIntro',
  'academicHighlights',
  'enrollmentTimeline',
  'gridHeading',
  'gridIntro',
] as const;

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

/** A YYYY-MM-DD date as the reader writes it ("Friday, January 15, 2027"), or '' when it is not a real day. */
function dateText(ymd: string, lang: Lang): string {
  if (calendarDay(ymd) === null) return '';
  const format = { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
  return new Intl.DateTimeFormat(LOCALES[lang], format).format(new Date(`${ymd}T00:00:00Z`));
}

/** The uploaded formats of a hero video (`{ webm, mp4 }` file fields), where `files` links them. */
function heroVideo(v: unknown, files: FileSrc | undefined): LandingCopy['heroVideo'] {
  const video = asDoc(v);
  if (!video || !files) return [];
  return Object.entries(VIDEO_TYPES).flatMap(([format, type]) => {
    const file = fileOf(video[format]);
    return file ? [{ src: files(file), type }] : [];
  });
}

const image = (v: unknown): AltImage | null => {
  const img = asDoc(v) as AltImage | null;
  return img?.asset ? img : null;
};

/**
 * The landing page's words for the `lang` edition. `files` says where a page links a file asset
 * (the hero video); without it no video is shown.
 */
export function landingCopy(raw: unknown, lang: Lang, files?: FileSrc): LandingCopy {
  const { own, english } = editionLayers(raw, lang);
  const { out, fallback } = layered([own, english, builtinLanding(lang)], english, LANDING_FIELDS, ['sectionTitles']);
  const quote = asDoc(out.superintendentQuote) ?? {};
  const titles = asDoc(out.sectionTitles) ?? {};
  const testimonial = asDoc(out.testimonial) ?? {};
  const heroPoster = image(out.heroPoster);
  return {
    headline: str(out.headline),
    tagline: str(out.tagline),
    superintendentQuote: { quote: str(quote.quote), name: str(quote.name), title: str(quote.title) },
    sectionTitles: { advantage: str(titles.advantage), academics: str(titles.academics), options: str(titles.options) },
    advantageIntro: str(out.advantageIntro),
    statsHeading: str(out.statsHeading),
    stats: list(out.stats)
      .map((s, i) => ({ key: keyOf(s, i, 'stat'), value: str(s.value), label: str(s.label) }))
      .filter((s) => s.value || s.label),
    panels: list(out.panels)
      .map((p, i) => ({
        key: keyOf(p, i, 'panel'),
        title: str(p.title),
        defaultOpen: p.defaultOpen === true,
        body: Array.isArray(p.body) ? p.body : [],
        links: links(p.links, `${keyOf(p, i, 'panel')}-link`),
      }))
      .filter((p) => p.title),
    testimonial: {
      title: str(testimonial.title),
      videoId: str(testimonial.videoId),
      quote: str(testimonial.quote),
      student: str(testimonial.student),
      poster: image(testimonial.poster) ?? heroPoster,
    },
    heroVideo: heroVideo(out.heroVideo, files),
    heroPoster,
    academicsIntro: str(out.academicsIntro),
    academicHighlights: list(out.academicHighlights)
      .map((h, i) => ({ key: keyOf(h, i, 'highlight'), title: str(h.title), text: str(h.text) }))
      .filter((h) => h.title),
    enrollmentTimeline: list(out.enrollmentTimeline)
      .map((s, i) => ({
        key: keyOf(s, i, 'step'),
        title: str(s.title),
        date: str(s.date),
        dateText: dateText(str(s.date), lang),
        description: str(s.description),
      }))
      .filter((s) => s.title && s.dateText)
      .sort((a, b) => a.date.localeCompare(b.date)),
    gridHeading: str(out.gridHeading),
    gridIntro: str(out.gridIntro),
    ...(fallback.length ? { _fallback: fallback } : {}),
  };
}

/** Whether "The District Advantage" has anything of the district's to show (else it is left out). */
export const hasAdvantage = (copy: LandingCopy): boolean =>
  !!copy.advantageIntro || copy.stats.length > 0 || copy.panels.length > 0;

/** Whether "Academic Preparation" has anything of the district's to show (else it is left out). */
export const hasAcademics = (copy: LandingCopy): boolean => !!copy.academicsIntro || copy.academicHighlights.length > 0;
