// The 'Middle School Options' dropdown of the navigation bar. Server HTML (and the first client
// render) is a <details> element, so the school list works without JavaScript and hydrates without
// a mismatch; after hydration it becomes a disclosure button with keyboard support.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { NavSchool } from '../lib/types.ts';
import { NAV_ALL_SCHOOLS, NAV_LINKS, NAV_STATES } from '../config/site.ts';
import { useImages, useSiteEnv } from '../SiteEnv.tsx';
import { IMAGE_WIDTHS, type ImageVariant } from '../lib/image.ts';
import { staticAssetUrl } from '../lib/links.ts';
import { Img } from './Img.tsx';
import { useHydrated } from './useHydrated.ts';
import { SPLICE_ATTR, useListSplicer } from '../lib/list-splice.ts';

/** Up to two initials of the school's name ("Bluebell Hill Middle School" → "BH") for a school without a logo. */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => String.fromCodePoint(w.codePointAt(0)!).toUpperCase())
      .join('') || '•'
  );
}

/**
 * The school's icon: its logo at 64x64, else its staticLogo (content model), else its initials.
 * All decorative: the school's name is right beside it.
 */
function SchoolIcon({ school }: { school: NavSchool }) {
  const images = useImages();
  const { base } = useSiteEnv();
  const size = IMAGE_WIDTHS.icon;
  const staticSrc = staticAssetUrl(school.staticIcon, base);
  const icon: ImageVariant | null =
    images.crop(school.icon, size, size) ??
    (staticSrc ? { src: staticSrc, remote: staticSrc, width: size, height: size } : null);
  if (icon) return <Img variant={icon} alt="" className="school-link__icon" />;
  // Drawn by CSS from the attribute: the link's text stays the school's name alone.
  return (
    <span
      className="school-link__icon school-link__icon--monogram"
      aria-hidden="true"
      data-monogram={monogram(school.name)}
    />
  );
}

/**
 * The schools for the menus: 'Loading schools...' (null), 'No schools found' ([]), or logo + name
 * links; before hydration, for a list in a shared file (null with SiteEnv.navSrc), a link to the landing grid.
 */
export function SchoolList({ nav, className = 'school-list' }: { nav: NavSchool[] | null; className?: string }) {
  const { navSrc } = useSiteEnv();
  const hydrated = useHydrated();
  // Server only: the page render splices in this list's HTML, rendered once per export (see list-splice.ts).
  const splice = useListSplicer();
  const marker = splice && nav && nav.length > 0 ? splice(nav, className) : null;
  if (marker !== null) return <template {...{ [SPLICE_ATTR]: marker }} />;
  // A shared list file loads only with JavaScript: until then, the landing grid lists the schools.
  if (nav === null && navSrc && !hydrated) {
    return (
      <p className={`${className}__status`}>
        <a className="school-link" href={NAV_ALL_SCHOOLS.href}>
          {NAV_ALL_SCHOOLS.label}
        </a>
      </p>
    );
  }
  if (nav === null || nav.length === 0) {
    return (
      <p className={`${className}__status`} role="status">
        {nav === null ? NAV_STATES.loading : NAV_STATES.empty}
      </p>
    );
  }
  return (
    <ul className={className}>
      {nav.map((school) => (
        <li key={school.id || school.link} className={`${className}__item`}>
          <a className="school-link" href={school.link}>
            <SchoolIcon school={school} />
            <span className="school-link__name">{school.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export interface SchoolsDropdownProps {
  nav: NavSchool[] | null;
}

export function SchoolsDropdown({ nav }: SchoolsDropdownProps) {
  const enhanced = useHydrated();
  const panelId = `${useId()}-schools`;
  const [open, setOpen] = useState(false);
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
        <summary className="nav-dropdown__toggle nav__link">{NAV_LINKS.middle.label}</summary>
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
        {NAV_LINKS.middle.label}
      </button>
      <div id={panelId} className="nav-dropdown__panel" hidden={!open}>
        <SchoolList nav={nav} />
      </div>
    </div>
  );
}
