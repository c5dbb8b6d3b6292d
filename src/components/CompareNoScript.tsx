// What a visitor without JavaScript reads on the compare page instead of the table: every school's
// own page. Its own module so the families' bundles keep the export's HTML of it (as-written.tsx): the
// page drops it once its script runs, and the menus' school list with its icons stays out of the
// compare page's first load.
import type { ComparePageData } from '../pages/ComparePage.tsx';
import { useMessages } from '../SiteEnv.tsx';
import { SchoolList } from './SchoolList.tsx';

export function CompareNoScript({ nav }: { nav: ComparePageData['nav'] }) {
  const COMPARE_TEXT = useMessages().compare;
  return (
    <div className="compare__noscript no-js-only">
      <p>{COMPARE_TEXT.noScript}</p>
      <SchoolList nav={nav} />
    </div>
  );
}
