// The 'Middle School Options' dropdown of the navigation bar. Server HTML (and the first client
// render) is a <details> element, so the school list works without JavaScript and hydrates without
// a mismatch; after hydration it becomes a disclosure button with keyboard support.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { NavSchool } from '../lib/content/types.ts';
import { useMessages } from '../SiteEnv.tsx';
import { SchoolList } from './SchoolList.tsx';
import { useHydrated } from './useHydrated.ts';

export interface SchoolsDropdownProps {
  nav: NavSchool[] | null;
  /** Open from the start: the families' bundles load this code after a visitor opened the <details> (src/components/after-hydration.tsx). */
  initiallyOpen?: boolean;
}

export function SchoolsDropdown({ nav, initiallyOpen = false }: SchoolsDropdownProps) {
  const enhanced = useHydrated();
  const label = useMessages().nav.middle;
  const panelId = `${useId()}-schools`;
  const [open, setOpen] = useState(initiallyOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Which link to focus once the panel is visible (it is `hidden` until the next commit).
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const links = (): HTMLAnchorElement[] =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.nav-dropdown__panel a') ?? []);

  const focusLink = (which: 'first' | 'last' | number): void => {
    const all = links();
    if (all.length === 0) return;
    const i = which === 'first' ? 0 : which === 'last' ? all.length - 1 : (which + all.length) % all.length;
    all[i]?.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusLink reads refs only; the effect follows `open`.
  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      focusLink(pendingFocus.current);
      pendingFocus.current = null;
    }
    const onClick = (event: MouseEvent): void => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);

  if (!enhanced) {
    return (
      <details className="nav-dropdown">
        <summary className="nav-dropdown__toggle nav__link">{label}</summary>
        <div className="nav-dropdown__panel">
          <SchoolList nav={nav} />
        </div>
      </details>
    );
  }

  const openWithFocus = (which: 'first' | 'last'): void => {
    if (open) focusLink(which);
    else {
      pendingFocus.current = which;
      setOpen(true);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const onButton = event.target === buttonRef.current;
    const current = links().indexOf(event.target as HTMLAnchorElement);
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'ArrowDown':
        if (onButton) openWithFocus('first');
        else if (current >= 0) focusLink(current + 1);
        else return;
        break;
      case 'ArrowUp':
        if (onButton) openWithFocus('last');
        else if (current >= 0) focusLink(current - 1);
        else return;
        break;
      case 'Home':
      case 'End':
        if (current < 0) return;
        focusLink(event.key === 'Home' ? 'first' : 'last');
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  // Tabbing out of the dropdown closes it, like a click elsewhere.
  const onBlur = (event: FocusEvent<HTMLDivElement>): void => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <div className="nav-dropdown" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-dropdown__toggle nav__link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div id={panelId} className="nav-dropdown__panel" hidden={!open}>
        <SchoolList nav={nav} />
      </div>
    </div>
  );
}
