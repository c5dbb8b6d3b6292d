// The site's top navigation: the home link (the district's logo, else its name or "Home" as
// text), the district's elementary/high school links when it has given them, the schools
// dropdown, and on small screens the menu button (which the stylesheet swaps in).
import type { ReactNode } from 'react';
import type { NavSchool } from '../lib/content/types.ts';
import { landingPath, pageHref } from '../routes.ts';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { copyLang } from '../lib/content/editions.ts';
import { SchoolsDropdown } from './SchoolsDropdown.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { ShortlistLink } from './ShortlistLink.tsx';
import { plainText } from '../lib/plain-text.ts';

export interface NavBarProps {
  nav: NavSchool[] | null;
  /** The language switcher, shown at every width between the links and the menu button. */
  switcher?: ReactNode;
}

export function NavBar({ nav, switcher }: NavBarProps) {
  const { root } = useSiteEnv();
  const m = useMessages();
  const settings = useSettings();
  const lang = (field: string) => copyLang(settings, field);
  // The editors' logo (its address made by the export, see withLogo); without one, its words as text.
  const logo = settings.logoSrc;
  const { elementaryLink: elementary, highSchoolLink: high } = settings;
  return (
    <nav className="nav" aria-label={m.nav.mainNav}>
      <a className={logo ? 'nav__logo' : 'nav__logo nav__logo--text'} href={pageHref(root, landingPath(m.lang))}>
        {logo ? (
          <img
            src={logo.src}
            width={logo.width}
            height={logo.height}
            alt={plainText(settings.logoAlt)}
            decoding="async"
          />
        ) : (
          settings.districtName || settings.logoAlt
        )}
      </a>
      <ul className="nav__list">
        {elementary ? (
          <li className="nav__item">
            <a className="nav__link" href={elementary.href} lang={lang('elementaryLink')}>
              {elementary.label}
            </a>
          </li>
        ) : null}
        <li className="nav__item">
          <SchoolsDropdown nav={nav} />
        </li>
        {high ? (
          <li className="nav__item">
            <a className="nav__link" href={high.href} lang={lang('highSchoolLink')}>
              {high.label}
            </a>
          </li>
        ) : null}
        <li className="nav__item nav__item--shortlist js-only">
          <ShortlistLink className="nav__link nav__link--shortlist" />
        </li>
      </ul>
      {switcher}
      <MobileMenu nav={nav} />
    </nav>
  );
}
