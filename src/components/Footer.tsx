// The page footer: back-to-top, copyright line, the district's PDF guide (when its settings carry
// one) and the open data files.
//
// The year: a static export renders "this year" once, and a page hydrated after New Year would
// disagree with its own HTML. So the year is rendered inside an element with
// suppressHydrationWarning (no mismatch error), and once hydrated that element is re-created
// (new key) with the visitor's current year: React keeps suppressed server text as it is, so
// without the remount a stale export would keep showing last year. `year` fixes the year of the
// server render (tests, reproducible exports).
import type { MouseEvent } from 'react';
import { useMessages, useSettings, useSiteEnv } from '../SiteEnv.tsx';
import { copyLang } from '../lib/content/editions.ts';
import { pageHref } from '../routes.ts';
import { openDataFile } from '../lib/facts/open-data-files.ts';
import { scrollToTop } from '../lib/scroll.ts';
import { useHydrated } from './useHydrated.ts';
import { MAIN_ID } from './SkipLink.tsx';

/**
 * 'Return to Top' is a link to '#top' (the top of the page, in every browser), so it works without
 * JavaScript. With it, the link scrolls smoothly and takes keyboard focus there too (the skip
 * link's target, <main>): left on the link, the next Tab would jump back to the bottom of the page.
 */
function returnToTop(e: MouseEvent): void {
  e.preventDefault();
  scrollToTop();
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

export interface FooterProps {
  /** The year of the server render and hydration; afterwards the visitor's current year shows. */
  year?: number;
}

export function Footer({ year }: FooterProps) {
  const { root } = useSiteEnv();
  const { footer, lang } = useMessages();
  const settings = useSettings();
  const hydrated = useHydrated();
  const shownYear = !hydrated && year !== undefined ? year : new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        {/* biome-ignore lint/a11y/useValidAnchor: page navigation to #top, which works without JavaScript; the script only smooths it */}
        <a href="#top" className="site-footer__top button button--outline" onClick={returnToTop}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M8 13V3M3.5 7.5L8 3l4.5 4.5"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          {footer.returnToTop}
        </a>
        {settings.guideSrc ? (
          <a className="site-footer__pdf" href={settings.guideSrc} target="_blank" rel="noopener noreferrer">
            {footer.pdfLabel}
            <span className="visually-hidden">
              {copyLang(settings, 'guide') ? footer.pdfNoteEnglish : footer.pdfNote}
            </span>
          </a>
        ) : null}
        <p className="site-footer__data">
          <a href={pageHref(root, `/${openDataFile(lang, 'csv')}`)}>{footer.dataLabel}</a>{' '}
          <span className="site-footer__formats">
            {`(${footer.dataFormats} `}
            <a href={pageHref(root, `/${openDataFile(lang, 'json')}`)}>JSON</a>)
          </span>
        </p>
        <p className="site-footer__copyright">
          {/* One text node, as before formatting split it: the export's bytes stay the same. */}
          {'© '}
          <span key={hydrated ? 'client' : 'server'} suppressHydrationWarning>
            {shownYear}
          </span>{' '}
          {/* The name, its full stop and a space as three text nodes, as the line has always been written. */}
          {settings.districtName || null}
          {settings.districtName ? '.' : null}
          {settings.districtName ? ' ' : null}
          {settings.footerText ? <span lang={copyLang(settings, 'footerText')}>{settings.footerText}</span> : null}
        </p>
        {settings.footerLinks.length > 0 ? (
          <ul className="site-footer__links" lang={copyLang(settings, 'footerLinks')}>
            {settings.footerLinks.map((link) => (
              <li key={link.key}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
