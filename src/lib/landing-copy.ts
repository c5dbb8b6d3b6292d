// The landing page's words for one edition, pure: the editors' landingPage document and its
// translation over the built-in copy of the catalogue (the copy a dataset without the document
// shows). The export maps them; the page carries them in its data.
import { LANDING_TESTIMONIAL } from '../config/site.ts';
import type { Lang } from '../i18n/messages.ts';
import { LANDING_BUILTIN } from '../i18n/landing/index.ts';
import { calendarDay } from './calendar-dates.ts';
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

export interface LandingCopy {
  headline: string;
  tagline: string;
  superintendentQuote: { quote: string; name: string; title: string };
  sectionTitles: { advantage: string; academics: string; options: string };
  advantageIntro: string;
  statsHeading: string;
  stats: { key: string; value: string; label: string }[];
  panels: { key: string; title: string; defaultOpen: boolean; body: unknown[]; links: SiteLink[] }[];
  testimonial: { title: string; videoId: string; quote: string; student: string; poster: AltImage | null };
  academicsIntro: string;
  academicHighlights: { key: string; title: string; text: string }[];
  /** "How to apply": the steps and their dates (YYYY-MM-DD, and as the reader writes it). */
  enrollmentTimeline: { key: string; title: string; date: string; dateText: string; description: string }[];
  gridHeading: string;
  gridIntro: string;
  /** On another edition: the fields shown from the English document (marked lang="en"). */
  _fallback?: string[];
}

const textBlock = (text: string, key: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}-s`, text, marks: [] }],
});

/** The built-in landing copy of a catalogue, in the landingPage document's shape. */
export function builtinLanding(lang: Lang): Doc {
  const m = LANDING_BUILTIN[lang];
  return {
    headline: m.hero.headline,
    tagline: m.hero.tagline,
    superintendentQuote: { quote: m.hero.quote, name: m.hero.quoteAuthor, title: m.hero.quoteRole },
    sectionTitles: { ...m.landingSections },
    advantageIntro: m.advantage.intro,
    statsHeading: m.advantage.statsHeading,
    stats: m.stats.map((s, i) => ({ _key: `stat-${i + 1}`, _type: 'stat', value: s.value, label: s.label })),
    panels: m.advantage.panels.map((p) => ({
      _key: p.id,
      _type: 'panel',
      title: p.title,
      defaultOpen: p.defaultOpen ?? false,
      body: p.paragraphs.map((t, i) => textBlock(t, `${p.id}-${i + 1}`)),
      links: p.links.map((l, i) => ({ _key: `${p.id}-link-${i + 1}`, label: l.label, href: l.href })),
    })),
    testimonial: {
      title: m.testimonial.title,
      videoId: LANDING_TESTIMONIAL.videoId,
      quote: m.testimonial.quote,
      student: m.testimonial.student,
    },
    academicsIntro: m.academics.intro,
    academicHighlights: m.academics.highlights.map((h, i) => ({
      _key: `highlight-${i + 1}`,
      _type: 'academicHighlight',
      title: h.title,
      text: h.text,
    })),
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

/** The landing page's words for the `lang` edition. */
export function landingCopy(raw: unknown, lang: Lang): LandingCopy {
  const { own, english } = editionLayers(raw, lang);
  const { out, fallback } = layered([own, english, builtinLanding(lang)], english, LANDING_FIELDS, ['sectionTitles']);
  const quote = asDoc(out.superintendentQuote) ?? {};
  const titles = asDoc(out.sectionTitles) ?? {};
  const testimonial = asDoc(out.testimonial) ?? {};
  const poster = asDoc(testimonial.poster) as AltImage | null;
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
      poster: poster?.asset ? poster : null,
    },
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
