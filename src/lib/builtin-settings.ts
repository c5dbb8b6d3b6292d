// The site settings a page shows when the dataset has none of its own: the district's built-in
// name, links and colour in the page's language. Apart from the mapping (site-settings.ts) so a
// browser, which always gets the page's settings with its data, carries only this fallback.
import { DEFAULT_THEME_COLOR, DISTRICT_NAME, DISTRICT_TIME_ZONE } from '../config/site.ts';
import type { Messages } from '../i18n/messages.ts';
import type { AltImage, SiteLink } from './editions.ts';

export interface SiteSettings {
  districtName: string;
  /** The editors' logo; null: the site's own file (ASSETS.logo). */
  logo: AltImage | null;
  /** The uploaded logo's address (withLogo); absent: the site's own file. */
  logoSrc?: { src: string; width: number; height: number } | null;
  /** The logo's alternative text. */
  logoAlt: string;
  elementaryLink: SiteLink;
  highSchoolLink: SiteLink;
  footerText: string;
  footerLinks: SiteLink[];
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
    districtName: DISTRICT_NAME,
    logo: null,
    logoAlt: m.nav.logoAlt,
    elementaryLink: { key: 'elementary', ...m.nav.elementary },
    highSchoolLink: { key: 'high', ...m.nav.high },
    footerText: m.footer.rightsReserved,
    footerLinks: [],
    themeColor: DEFAULT_THEME_COLOR,
    zipCodes: [],
    timeZone: DISTRICT_TIME_ZONE,
  };
}
