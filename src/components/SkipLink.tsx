// First focusable element on every page: lets keyboard users jump past the navigation (WCAG 2.4.1).
import { NAV_A11Y } from '../config/site.ts';

export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {NAV_A11Y.skipLink}
    </a>
  );
}
