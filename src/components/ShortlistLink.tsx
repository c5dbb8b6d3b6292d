// The navigation's "Shortlist (N)": links to the comparison of the shortlisted
// schools. Server-rendered as "Shortlist (0)" to the empty comparison; the stored shortlist applies
// right after hydration and follows every change, in this tab or another. Hidden without
// JavaScript (its list lives in the browser's storage, so the comparison could not be filled). On a
// phone the bar shows it too, as a bookmark and the count (`data-count`, drawn by CSS); its name
// stays "Shortlist (N)", which contains that count.
import { compareHref } from '../lib/family-tools/shortlist.ts';
import { langHref, pageHref } from '../routes.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';
import { useShortlist } from './useShortlist.ts';

export function ShortlistLink({ className }: { className: string }) {
  const list = useShortlist();
  const { root } = useSiteEnv();
  const m = useMessages();
  return (
    <a className={className} href={pageHref(root, langHref(m.lang, compareHref(list)))} data-count={list.length}>
      <span className="shortlist-link__text">{m.shortlist.link(list.length)}</span>
    </a>
  );
}
