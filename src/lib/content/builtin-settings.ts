// The site settings a page shows when the dataset has none of its own: neutral words in the page's
// language that name no district (no name, no logo, no links, no guide), so a district that has not
// supplied a setting gets a page without it rather than another district's. Apart from the mapping
// (site-settings.ts) so a browser, which always gets the page's settings with its data, carries
// only this fallback.
import { DEFAULT_THEME_COLOR, DEFAULT_TIME_ZONE } from '../../config/site.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { AltImage, SiteLink } from './editions.ts';

export interface SiteSettings {
  /** The district's name; '' when not supplied (titles, the footer and search results then name none). */
  districtName: string;
  /** The editors' logo; null: the navigation shows the district's name (or "Home") as text. */
  logo: AltImage | null;
  /** The uploaded logo's address (withLogo); absent: no logo image. */
  logoSrc?: { src: string; width: number; height: number } | null;
  /** The home link's words: the logo's alternative text, or the text shown without a logo. */
  logoAlt: string;
  /** The navigation's links to the district's other guides; null: not shown. */
  elementaryLink: SiteLink | null;
  highSchoolLink: SiteLink | null;
  footerText: string;
  footerLinks: SiteLink[];
  /** The PDF guide's address (the export copies the file); null: no guide, no link. */
  guideSrc: string | null;
  themeColor: string;
  /** The district's ZIP codes and their centres: one page each (/zip/{zip}/). */
  zipCodes: ZipCode[];
  /** The IANA time zone event times are written in. */
  timeZone: string;
  _fallback?: string[];
}

export interface ZipCode {
  zip: string;
  lat: number;
  lng: number;
}

/** The built-in settings of a catalogue. */
export function builtinSettings(m: Messages): SiteSettings {
  return {
    districtName: '',
    logo: null,
    logoAlt: m.nav.home,
    elementaryLink: null,
    highSchoolLink: null,
    footerText: m.footer.rightsReserved,
    footerLinks: [],
    guideSrc: null,
    themeColor: DEFAULT_THEME_COLOR,
    zipCodes: [],
    timeZone: DEFAULT_TIME_ZONE,
  };
}
