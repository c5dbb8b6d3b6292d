// The site's top navigation: logo home link, the external elementary/high school links, the
// schools dropdown, and on small screens the menu button (which the stylesheet swaps in).
import type { NavSchool } from '../lib/types.ts';
import { ASSETS, NAV_A11Y, NAV_LINKS, assetUrl } from '../config/site.ts';
import { pageHref } from '../routes.ts';
import { useSiteEnv } from '../SiteEnv.tsx';
import { SchoolsDropdown } from './SchoolsDropdown.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { ShortlistLink } from './ShortlistLink.tsx';

export interface NavBarProps {
  nav: NavSchool[] | null;
}

export function NavBar({ nav }: NavBarProps) {
  const { base, root } = useSiteEnv();
  return (
    <nav className="nav" aria-label={NAV_A11Y.mainNav}>
      <a className="nav__logo" href={pageHref(root, '/')}>
        <img
          src={assetUrl(base, ASSETS.logo.src)}
          width={ASSETS.logo.width}
          height={ASSETS.logo.height}
          alt={NAV_A11Y.logoAlt}
          decoding="async"
        />
      </a>
      <ul className="nav__list">
        <li className="nav__item">
          <a className="nav__link" href={NAV_LINKS.elementary.href}>
            {NAV_LINKS.elementary.label}
          </a>
        </li>
        <li className="nav__item">
          <SchoolsDropdown nav={nav} />
        </li>
        <li className="nav__item">
          <a className="nav__link" href={NAV_LINKS.high.href}>
            {NAV_LINKS.high.label}
          </a>
        </li>
        <li className="nav__item">
          <ShortlistLink className="nav__link nav__link--shortlist" />
        </li>
      </ul>
      <MobileMenu nav={nav} />
    </nav>
  );
}
