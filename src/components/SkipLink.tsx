// First focusable element on every page: lets keyboard users jump past the navigation (WCAG 2.4.1).
import { useMessages } from '../SiteEnv.tsx';

export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {useMessages().nav.skipLink}
    </a>
  );
}
