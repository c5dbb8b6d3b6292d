// The site's top navigation: logo home link, the external elementary/high school links, the
// schools dropdown, and on small screens the menu button (which the stylesheet swaps in).
import type { ReactNode } from 'react';
import type { NavSchool } from '../lib/types.ts';
import { ASSETS, assetUrl } from '../config/site.ts';
import { landingPath, pageHref } from '../routes.ts';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { copyLang } from '../lib/editions.ts';
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
  const { base, root } = useSiteEnv();
  const m = useMessages();
  const settings = useSettings();
  const lang = (field: string) => copyLang(settings, field);
  // The editors' logo (its address made by the export, see withLogo), else the site's own file.
  const logo = settings.logoSrc ?? {
    src: assetUrl(base, ASSETS.logo.src),
    width: ASSETS.logo.width,
    height: ASSETS.logo.height,
  };
  return (
    <nav className="nav" aria-label={m.nav.mainNav}>
      <a className="nav__logo" href={pageHref(root, landingPath(m.lang))}>
        <img
          src={logo.src}
          width={logo.width}
          height={logo.height}
          alt={plainText(settings.logoAlt)}
          decoding="async"
        />
      </a>
      <ul className="nav__list">
        <li className="nav__item">
          <a className="nav__link" href={settings.elementaryLink.href} lang={lang('elementaryLink')}>
            {settings.elementaryLink.label}
          </a>
        </li>
        <li className="nav__item">
          <SchoolsDropdown nav={nav} />
        </li>
        <li className="nav__item">
          <a className="nav__link" href={settings.highSchoolLink.href} lang={lang('highSchoolLink')}>
            {settings.highSchoolLink.label}
          </a>
        </li>
        <li className="nav__item nav__item--shortlist js-only">
          <ShortlistLink className="nav__link nav__link--shortlist" />
        </li>
      </ul>
      {switcher}
      <MobileMenu nav={nav} />
    </nav>
  );
}
