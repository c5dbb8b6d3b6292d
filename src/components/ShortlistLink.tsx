// The navigation's "Shortlist (N)" (issue 16, item 3): links to the comparison of the shortlisted
// schools. Server-rendered as "Shortlist (0)" to the empty comparison; the stored shortlist applies
// right after hydration and follows every change, in this tab or another.
import { SHORTLIST } from '../config/site.ts';
import { compareHref } from '../lib/shortlist.ts';
import { pageHref } from '../routes.ts';
import { useSiteEnv } from '../SiteEnv.tsx';
import { useShortlist } from './useShortlist.ts';

export function ShortlistLink({ className }: { className: string }) {
  const list = useShortlist();
  const { root } = useSiteEnv();
  return (
    <a className={className} href={pageHref(root, compareHref(list))}>
      {SHORTLIST.link(list.length)}
    </a>
  );
}
