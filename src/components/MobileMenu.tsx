// The small-screen menu: a button that opens a full-screen panel with the same entries as the
// navigation bar. Like the dropdown it is a <details> in the server HTML (usable without
// JavaScript, hydrates without a mismatch) and becomes a modal panel once hydrated.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { NavSchool } from '../lib/content/types.ts';
import { useMessages, useSettings } from '../SiteEnv.tsx';
import { copyLang } from '../lib/content/editions.ts';
import { SchoolList } from './SchoolList.tsx';
import { ShortlistLink } from './ShortlistLink.tsx';
import { useHydrated } from './useHydrated.ts';

/** From this width (layout.css) the desktop bar replaces the menu, so an open menu closes itself. */
const DESKTOP_QUERY = '(min-width: 1024px)';
const SCROLL_LOCK_CLASS = 'is-scroll-locked';

function MenuIcon({ close = false, className = '' }: { close?: boolean; className?: string }) {
  return (
    <svg
      className={`mobile-menu__icon ${className}`.trim()}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {close ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      )}
    </svg>
  );
}

function MenuEntries({ nav }: { nav: NavSchool[] | null }) {
  const NAV_LINKS = useMessages().nav;
  const { elementaryLink, highSchoolLink, _fallback } = useSettings();
  const lang = (field: string) => copyLang({ _fallback }, field);
  return (
    <ul className="mobile-menu__list">
      {elementaryLink ? (
        <li>
          <a className="mobile-menu__link" href={elementaryLink.href} lang={lang('elementaryLink')}>
            {elementaryLink.label}
          </a>
        </li>
      ) : null}
      <li className="mobile-menu__group">
        <p className="mobile-menu__group-title">{NAV_LINKS.middle}</p>
        <SchoolList nav={nav} />
      </li>
      {highSchoolLink ? (
        <li>
          <a className="mobile-menu__link" href={highSchoolLink.href} lang={lang('highSchoolLink')}>
            {highSchoolLink.label}
          </a>
        </li>
      ) : null}
      <li className="js-only">
        <ShortlistLink className="mobile-menu__link" />
      </li>
    </ul>
  );
}

export interface MobileMenuProps {
  nav: NavSchool[] | null;
  /** Open from the start: the families' bundles load this code after a visitor opened the <details> (src/components/after-hydration.tsx). */
  initiallyOpen?: boolean;
}

export function MobileMenu({ nav, initiallyOpen = false }: MobileMenuProps) {
  const enhanced = useHydrated();
  const NAV_A11Y = useMessages().nav;
  const panelId = `${useId()}-menu`;
  const [open, setOpen] = useState(initiallyOpen);
  const openRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!open) {
      // Back to the button that opened the panel, but not on first mount.
      if (wasOpen.current) openRef.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    document.body.classList.add(SCROLL_LOCK_CLASS);
    closeRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    const desktop = window.matchMedia?.(DESKTOP_QUERY);
    const onResize = (): void => {
      if (desktop?.matches) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    desktop?.addEventListener?.('change', onResize);
    return () => {
      document.body.classList.remove(SCROLL_LOCK_CLASS);
      document.removeEventListener('keydown', onKey);
      desktop?.removeEventListener?.('change', onResize);
    };
  }, [open]);

  if (!enhanced) {
    return (
      <details className="mobile-menu">
        {/* Open, the toggle shows a close mark and looks pressed (layout.css): the cue a visitor
            without JavaScript has that the panel under the header is the menu, and how to shut it. */}
        <summary className="mobile-menu__toggle">
          <MenuIcon className="mobile-menu__icon--menu" />
          <MenuIcon close className="mobile-menu__icon--close" />
          <span className="visually-hidden">{NAV_A11Y.openMenu}</span>
        </summary>
        <div className="mobile-menu__panel">
          <MenuEntries nav={nav} />
        </div>
      </details>
    );
  }

  // Keeps Tab inside the modal panel while it is open.
  const trapFocus = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = Array.from(panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="mobile-menu">
      <button
        ref={openRef}
        type="button"
        className="mobile-menu__toggle"
        aria-label={NAV_A11Y.openMenu}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="mobile-menu__panel mobile-menu__panel--modal"
        role="dialog"
        aria-modal="true"
        aria-label={NAV_A11Y.menuLabel}
        hidden={!open}
        onKeyDown={trapFocus}
      >
        <div className="mobile-menu__bar">
          <button
            ref={closeRef}
            type="button"
            className="mobile-menu__close"
            aria-label={NAV_A11Y.closeMenu}
            onClick={() => setOpen(false)}
          >
            <MenuIcon close />
          </button>
        </div>
        <MenuEntries nav={nav} />
      </div>
    </div>
  );
}
