// The site settings for one edition, pure: district name, logo, the navigation's outbound links,
// the footer, the PDF guide and the default theme colour, from the editors' siteSettings document
// and its translation over the site's built-in values, which name no district. Every page carries
// its edition's settings.
import { DEFAULT_THEME_COLOR, DEFAULT_TIME_ZONE, LOGO_SIZE } from '../config/site.ts';
import type { Lang, Messages } from '../i18n/messages.ts';
import { imageAlt } from '../lib/images/alt-text.ts';
import {
  asDoc,
  editionLayers,
  layered,
  links,
  str,
  type AltImage,
  type Doc,
  type SiteLink,
} from '../lib/content/editions.ts';
import type { ImageUrls } from '../lib/images/image.ts';
import { builtinSettings, type SiteSettings, type ZipCode } from '../lib/content/builtin-settings.ts';
import { list } from '../lib/content/editions.ts';
import { fileOf, type FileSrc } from '../lib/content/site-files.ts';

const SETTINGS_FIELDS = [
  'districtName',
  'elementaryLink',
  'highSchoolLink',
  'footerText',
  'footerLinks',
  'guide',
  'themeColor',
  'zipCodes',
  'timeZone',
] as const;

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/**
 * The site settings for the `lang` edition. `files` says where a page links a file asset (the
 * guide); without it no file is linked.
 */
export function siteSettings(raw: unknown, lang: Lang, m: Messages, files?: FileSrc): SiteSettings {
  const { own, english } = editionLayers(raw, lang);
  const { out, fallback } = layered([own, english, builtinSettings(m) as unknown as Doc], english, SETTINGS_FIELDS);
  const districtName = str(out.districtName).trim();
  // The edition's own upload, else the English one; its words only the edition's own (a translation
  // may give just the alt text), else the catalogue's, which name the district in the page's language.
  const ownLogo = asDoc(own?.logo) as AltImage | null;
  const logo = [ownLogo, asDoc(english?.logo) as AltImage | null].find((l) => l?.asset) ?? null;
  const link = (v: unknown, key: string): SiteLink | null => {
    const [l] = links([v], key);
    return l ? { ...l, key } : null;
  };
  const color = str(out.themeColor).trim();
  // The home link's words: the logo's own, else the district's name, else neutral ones.
  const home = districtName ? m.nav.logoAlt(districtName) : m.nav.home;
  const guide = fileOf(out.guide);
  return {
    districtName,
    logo,
    logoAlt: logo && ownLogo ? imageAlt(ownLogo, home) : home,
    elementaryLink: link(out.elementaryLink, 'elementary'),
    highSchoolLink: link(out.highSchoolLink, 'high'),
    footerText: str(out.footerText),
    footerLinks: links(out.footerLinks, 'footer'),
    guideSrc: guide && files ? files(guide) : null,
    themeColor: HEX6.test(color) ? color.toLowerCase() : DEFAULT_THEME_COLOR,
    zipCodes: zipCodes(out.zipCodes),
    timeZone: validTimeZone(str(out.timeZone).trim()) ?? DEFAULT_TIME_ZONE,
    ...(fallback.length ? { _fallback: fallback } : {}),
  };
}

/** The district's ZIP codes: five digits and a centre on the globe, each once, in order. */
function zipCodes(v: unknown): ZipCode[] {
  const seen = new Set<string>();
  return list(v).flatMap((z) => {
    const zip = str(z.zip).trim();
    const [lat, lng] = [z.lat, z.lng];
    const ok =
      /^\d{5}$/.test(zip) &&
      typeof lat === 'number' &&
      typeof lng === 'number' &&
      Math.abs(lat) <= 90 &&
      Math.abs(lng) <= 180 &&
      !seen.has(zip);
    if (!ok) return [];
    seen.add(zip);
    return [{ zip, lat: lat as number, lng: lng as number }];
  });
}

/** An IANA time zone name the runtime knows, or null. */
function validTimeZone(name: string): string | null {
  if (!name) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

/**
 * The settings with the uploaded logo's address made at the site's logo width, so a page shows it
 * without the image URL builder in its first-load JavaScript. `urls` reports the variant it makes.
 */
export type { SiteSettings };

export function withLogo(settings: SiteSettings, urls: ImageUrls): SiteSettings {
  const v = settings.logo ? urls.width(settings.logo, LOGO_SIZE.width) : null;
  return v ? { ...settings, logoSrc: { src: v.src, width: v.width, height: v.height } } : settings;
}
