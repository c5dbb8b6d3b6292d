// The frame of every page: skip link, header with the navigation bar, <main> and footer, with the
// page's theme colour applied as CSS custom properties on one wrapper (no CSS-in-JS at runtime).
import type { CSSProperties, ReactNode } from 'react';
import type { NavSchool } from '../lib/content/types.ts';
import { themeStyle } from '../lib/theme.ts';
import { SkipLink, MAIN_ID } from './SkipLink.tsx';
import { NavBar } from './NavBar.tsx';
import { useNavigation } from './useNavigation.ts';
import { Footer } from './Footer.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import type { Place } from '../routes.ts';

export interface LayoutProps {
  nav: NavSchool[] | null;
  /** Theme colour as #rrggbb; the default theme when absent or invalid. */
  color?: string | null;
  /** The page this is (absent: the landing page): the language switcher keeps the place. */
  place?: Place | null;
  children: ReactNode;
}

export function Layout({ nav, color, place, children }: LayoutProps) {
  const schools = useNavigation(nav);
  return (
    <div className="site" style={themeStyle(color) as CSSProperties}>
      <SkipLink />
      <header className="site-header">
        <NavBar nav={schools} switcher={<LanguageSwitcher place={place} />} />
      </header>
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
