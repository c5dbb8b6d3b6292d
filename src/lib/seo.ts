// What search engines and link previews see for each page: title, description, social cards and
// schema.org data. Pure, so the export and tests compute exactly the same head for the same content.
// The district is named as its settings name it; a district that has not given its name gets
// titles and descriptions that name none.
import { en } from '../i18n/en.ts';
import type { Lang, Messages } from '../i18n/messages.ts';
import type { ImageUrls } from './images/image.ts';
import type { School, SanityImage } from './content/types.ts';
import { LANDING_BUILTIN } from '../i18n/landing/index.ts';

export const TITLE_SEPARATOR = ' | ';
/** A page's title: its own heading, then the district's name when there is one. */
const titled = (heading: string, district: string): string =>
  district ? `${heading}${TITLE_SEPARATOR}${district}` : heading;
export const landingTitle = (
  m: Messages = en,
  headline = LANDING_BUILTIN[m.lang].hero.headline,
  district = '',
): string => titled(headline, district);
/** Social cards: the size link previews crop to. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
export const MAX_DESCRIPTION_LENGTH = 300;

export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL, only when the site URL is known. */
  canonical: string | null;
  /** Absolute image URL for Open Graph/Twitter, only when the site URL (or an absolute src) allows one. */
  image: SocialImage | null;
  ogType: 'website';
  twitterSite: string | null;
  jsonLd: Record<string, unknown> | null;
  /**
   * The page in every language (hreflang alternates, absolute URLs), with 'x-default' for the
   * English page; only when the site URL is known. Set by the caller, which knows the route.
   */
  alternates?: { hreflang: string; href: string }[];
}

const clean = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** Collapses whitespace and shortens at a word boundary, so descriptions stay snippet-sized. */
export function trimDescription(text: string, max = MAX_DESCRIPTION_LENGTH): string {
  const t = clean(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function schoolTitle(school: Pick<School, 'title'>, m: Messages = en, district = ''): string {
  const t = clean(school.title);
  return t ? titled(t, district) : landingTitle(m, LANDING_BUILTIN[m.lang].hero.headline, district);
}

/** seoDescription, else the subtitle, else a sentence built from the title. */
export function schoolDescription(
  school: Pick<School, 'title' | 'subtitle' | 'seoDescription'>,
  m: Messages = en,
  district = '',
): string {
  const d = clean(school.seoDescription) || clean(school.subtitle);
  if (d) return trimDescription(d);
  const t = clean(school.title);
  return t ? m.seo.schoolDescription(t, district) : m.seo.landingDescription(district);
}

/** hreflang alternates: each language's page, and 'x-default' (the English one), as absolute URLs. */
export function hreflangAlternates(
  siteUrl: string | null,
  pages: readonly { lang: Lang; path: string }[],
): { hreflang: string; href: string }[] {
  if (!siteUrl) return [];
  const links = pages.map(({ lang, path }) => ({ hreflang: lang, href: absoluteUrl(siteUrl, path)! }));
  const fallback = links.find((l) => l.hreflang === en.lang);
  return fallback ? [...links, { hreflang: 'x-default', href: fallback.href }] : links;
}

/**
 * Normalises a --site-url: absolute http(s), no query or fragment, no trailing slash.
 * Throws with a message suitable for a usage error.
 */
export function normalizeSiteUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`"${raw}" is not an absolute URL (e.g. https://schools.example.org)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${raw}" must be an http or https URL`);
  if (url.username || url.password) throw new Error(`"${raw}" must not contain credentials`);
  if (url.search || url.hash) throw new Error(`"${raw}" must not have a query or fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * An absolute URL for a file's path ('/repo/media/x.webp': asset and image paths already carry the
 * base, which lies under the site URL's path) or an already absolute URL; null without a site URL.
 */
export function assetAbsoluteUrl(siteUrl: string | null, pathOrUrl: string): string | null {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!siteUrl) return null;
  return `${new URL(siteUrl).origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** An absolute URL for a page's route path ('/schools/x', under the site URL's path) or an already absolute URL. */
export function absoluteUrl(siteUrl: string | null, pathOrUrl: string): string | null {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!siteUrl) return null;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** A Twitter/X handle from a handle or profile URL ("@x", "x", "https://twitter.com/x"); null otherwise. */
export function twitterHandle(value: unknown): string | null {
  const v = clean(value);
  if (!v) return null;
  const fromUrl = /^https?:\/\/(?:www\.|mobile\.)?(?:twitter|x)\.com\/@?([A-Za-z0-9_]{1,15})\/?(?:[?#].*)?$/i.exec(v);
  const handle = fromUrl?.[1] ?? /^@?([A-Za-z0-9_]{1,15})$/.exec(v)?.[1];
  return handle ? `@${handle}` : null;
}

/** Latitude/longitude when the location is a real coordinate pair. */
export function geoOf(school: Pick<School, 'location'>): { latitude: number; longitude: number } | null {
  const loc = school.location;
  if (!loc || typeof loc !== 'object') return null;
  const { lat, lng } = loc;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}

/** The sharing image: seoImage, else the hero, else the landing card image, cropped to the card size. */
function socialImage(
  urls: ImageUrls,
  siteUrl: string | null,
  images: (SanityImage | null | undefined)[],
  alt: string,
): SocialImage | null {
  for (const img of images) {
    const v = urls.crop(img, SOCIAL_IMAGE.width, SOCIAL_IMAGE.height);
    if (!v) continue;
    const url = assetAbsoluteUrl(siteUrl, v.src);
    return url ? { url, width: v.width, height: v.height, alt } : null;
  }
  return null;
}

export interface SeoContext {
  /** Normalised site URL (see normalizeSiteUrl) or null when unknown. */
  siteUrl: string | null;
  /** Asset base path, ending in '/'. */
  base: string;
  urls: ImageUrls;
  /** The page's catalogue (its language); default English. */
  messages?: Messages;
  /** The district's name from the site settings; '' or absent: none is named. */
  district?: string;
  /** The landing page's headline from its document; default the catalogue's. */
  headline?: string;
  /** The landing page's hero poster (its picture when shared); absent: none. */
  poster?: SanityImage | null;
}

/** schema.org data for a school: a MiddleSchool, with GeoCoordinates when it has a location. */
export function schoolJsonLd(
  school: School,
  canonical: string | null,
  image: SocialImage | null,
  description: string,
  district = '',
): Record<string, unknown> {
  const geo = geoOf(school);
  const twitter = twitterHandle(school.twitter);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'MiddleSchool',
    name: clean(school.title),
    description,
  };
  if (canonical) ld.url = canonical;
  if (image) ld.image = image.url;
  if (geo) ld.geo = { '@type': 'GeoCoordinates', ...geo };
  if (twitter) ld.sameAs = [`https://x.com/${twitter.slice(1)}`];
  if (district) ld.parentOrganization = { '@type': 'Organization', name: district };
  return ld;
}

export function schoolSeo(school: School, canonicalPath: string, ctx: SeoContext): PageSeo {
  const district = ctx.district ?? '';
  const title = schoolTitle(school, ctx.messages, district);
  const description = schoolDescription(school, ctx.messages, district);
  const canonical = absoluteUrl(ctx.siteUrl, canonicalPath);
  const image = socialImage(
    ctx.urls,
    ctx.siteUrl,
    [school.seoImage, school.image, school.mainImage],
    clean(school.title),
  );
  return {
    title,
    description,
    canonical,
    image,
    ogType: 'website',
    twitterSite: twitterHandle(school.twitter),
    jsonLd: schoolJsonLd(school, canonical, image, description, district),
  };
}

/** schema.org data for one of the district's own pages (the landing and compare pages). */
function webPageJsonLd(
  name: string,
  description: string,
  canonical: string | null,
  district: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name,
    description,
    ...(canonical ? { url: canonical } : {}),
    ...(district ? { about: { '@type': 'Organization', name: district } } : {}),
  };
}

export function landingSeo(canonicalPath: string | null, ctx: SeoContext): PageSeo {
  const canonical = canonicalPath === null ? null : absoluteUrl(ctx.siteUrl, canonicalPath);
  const m = ctx.messages ?? en;
  const district = ctx.district ?? '';
  const headline = ctx.headline || LANDING_BUILTIN[m.lang].hero.headline;
  const title = landingTitle(m, headline, district);
  const description = m.seo.landingDescription(district);
  return {
    title,
    description,
    canonical,
    image: socialImage(ctx.urls, ctx.siteUrl, [ctx.poster], headline),
    ogType: 'website',
    twitterSite: null,
    jsonLd: webPageJsonLd(title, description, canonical, district),
  };
}

/** A page of the district's own with no social image: its heading before the district's name. */
function ownPageSeo(heading: string, description: string, canonicalPath: string, ctx: SeoContext): PageSeo {
  const canonical = absoluteUrl(ctx.siteUrl, canonicalPath);
  const district = ctx.district ?? '';
  const title = titled(heading, district);
  return {
    title,
    description,
    canonical,
    image: null,
    ogType: 'website',
    twitterSite: null,
    jsonLd: webPageJsonLd(title, description, canonical, district),
  };
}

/** The compare page: one address for every choice of schools, so one canonical URL and no social image of its own. */
export function compareSeo(canonicalPath: string, ctx: SeoContext): PageSeo {
  const m = ctx.messages ?? en;
  return ownPageSeo(m.compare.heading, m.seo.compareDescription(ctx.district ?? ''), canonicalPath, ctx);
}

/** A ZIP code's page, or the page of every school: its own title and description, like the compare page's. */
export function zipSeo(words: { title: string; intro: string }, canonicalPath: string, ctx: SeoContext): PageSeo {
  return ownPageSeo(words.title, trimDescription(words.intro), canonicalPath, ctx);
}
