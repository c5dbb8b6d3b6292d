// The way between the pages of a long list (every school, a ZIP code's schools): where the visitor
// is, the previous and next page, and the pages around this one, as plain links that work without
// JavaScript (src/lib/family-tools/list-pages.ts cuts the list).
import type { ListPager } from '../lib/family-tools/list-pages.ts';
import { pageHref } from '../routes.ts';
import { useSiteEnv } from '../SiteEnv.tsx';

/** The page numbers a pager links: the first, the last and two on each side of page `n`; 0 marks a gap. */
export function pagerNumbers(n: number, of: number): number[] {
  const shown = [...new Set([1, n - 2, n - 1, n, n + 1, n + 2, of])]
    .filter((k) => k >= 1 && k <= of)
    .sort((a, b) => a - b);
  return shown.flatMap((k, i) => (i > 0 && k - shown[i - 1]! > 1 ? [0, k] : [k]));
}

export function Pager({ pager, hrefOf }: { pager: ListPager; hrefOf: (n: number) => string }) {
  const { root } = useSiteEnv();
  const { n, of, words } = pager;
  const link = (k: number) => pageHref(root, hrefOf(k));
  const numbers = pagerNumbers(n, of);
  return (
    <nav className="pager" aria-label={words.label}>
      <p className="pager__status">{words.status}</p>
      <ul className="pager__list">
        {n > 1 ? (
          <li>
            <a className="pager__link" rel="prev" href={link(n - 1)}>
              {words.prev}
            </a>
          </li>
        ) : null}
        {numbers.map((k, i) =>
          k === 0 ? (
            <li key={`gap-after-${numbers[i - 1]}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={k}>
              <a className="pager__link" href={link(k)} aria-current={k === n ? 'page' : undefined}>
                {k}
              </a>
            </li>
          ),
        )}
        {n < of ? (
          <li>
            <a className="pager__link" rel="next" href={link(n + 1)}>
              {words.next}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
