// The page footer: back-to-top, copyright line and the PDF guide link.
//
// The year: a static export renders "this year" once, and a page hydrated after New Year would
// disagree with its own HTML. So the year is rendered at render time inside an element with
// suppressHydrationWarning (no mismatch error), and an effect then sets the visitor's current
// year, which corrects a stale export without a reload. `year` can be passed for deterministic
// renders (tests, reproducible exports).
import { useEffect, useState } from 'react';
import { ASSETS, DISTRICT_NAME, FOOTER, assetUrl } from '../config/site.ts';
import { useSiteEnv } from '../SiteEnv.tsx';
import { scrollToTop } from '../lib/scroll.ts';

export interface FooterProps {
  /** Overrides the year shown in the first render. */
  year?: number;
}

export function Footer({ year }: FooterProps) {
  const { base } = useSiteEnv();
  const [shownYear, setShownYear] = useState(() => year ?? new Date().getFullYear());
  useEffect(() => {
    setShownYear(new Date().getFullYear());
  }, []);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <button type="button" className="site-footer__top button button--outline" onClick={() => scrollToTop()}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M8 13V3M3.5 7.5L8 3l4.5 4.5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          {FOOTER.returnToTop}
        </button>
        <a className="site-footer__pdf" href={assetUrl(base, ASSETS.pdfGuide)} target="_blank" rel="noopener noreferrer">
          {FOOTER.pdfLabel}
          <span className="visually-hidden"> (PDF, opens in a new tab)</span>
        </a>
        <p className="site-footer__copyright">
          © <span suppressHydrationWarning>{shownYear}</span> {DISTRICT_NAME}. {FOOTER.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
