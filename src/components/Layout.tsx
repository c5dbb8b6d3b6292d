// PLACEHOLDER (owned by the landing-page work): skip link, navigation bar, <main>, footer.
import type { ReactNode } from 'react';
import type { NavSchool } from '../lib/types.ts';

export interface LayoutProps {
  nav: NavSchool[] | null;
  /** Theme colour as #rrggbb; the default theme when absent or invalid. */
  color?: string | null;
  children: ReactNode;
}

export function Layout({ children }: LayoutProps) {
  return <main id="main">{children}</main>;
}
