// The sticky "on this page" menu of the school and landing pages. Server HTML is a plain list of
// anchor links (works without JavaScript; sections carry scroll-margin for the sticky bar). After
// hydration it tracks the active section, scrolls smoothly below the measured sticky bars, keeps the
// hash in sync without a jump, and on small screens collapses behind a toggle.
import { useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { padNumber } from '../lib/sections.ts';
import { scrollToId, stickyOffset } from '../lib/scroll.ts';
import type { NavLink } from '../lib/types.ts';
import { useMessages } from '../SiteEnv.tsx';

export interface SectionMenuProps {
  items: NavLink[];
  numbered?: boolean;
  label: string;
}

/** A section counts as reached when its top is within this many pixels below the sticky bars. */
const REACHED_TOLERANCE = 8;

/**
 * Index of the section the reader is in: the last one whose top has passed under the sticky bars,
 * or the last one of all when the page is scrolled to the bottom (a short final section never
 * reaches the top). -1 before the first section.
 */
export function activeSectionIndex(ids: readonly string[], doc: Document = document): number {
  const win = doc.defaultView;
  if (!win || ids.length === 0) return -1;
  const els = ids.map((id) => doc.getElementById(id));
  const root = doc.documentElement;
  const pageHeight = Math.max(root.scrollHeight, doc.body?.scrollHeight ?? 0);
  if (win.scrollY > 0 && win.innerHeight + win.scrollY >= pageHeight - 2) {
    for (let i = els.length - 1; i >= 0; i--) if (els[i]) return i;
  }
  const line = stickyOffset(doc) + REACHED_TOLERANCE;
  let active = -1;
  els.forEach((el, i) => {
    if (el && el.getBoundingClientRect().top <= line) active = i;
  });
  return active;
}

const plainClick = (e: MouseEvent): boolean =>
  !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** The section the reader has reached, followed on scroll and resize (one update per frame). */
function useActiveSection(idsKey: string): [number, (index: number) => void] {
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const ids = idsKey === '' ? [] : idsKey.split('\n');
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(activeSectionIndex(ids));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [idsKey]);
  return [active, setActive];
}

/** An open mobile menu closes on a click elsewhere. */
function useCloseOnClickOutside(
  open: boolean,
  nav: RefObject<HTMLElement | null>,
  setOpen: (open: boolean) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onDocClick = (e: Event) => {
      if (nav.current && e.target instanceof Node && !nav.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('click', onDocClick);
    return () => document.removeEventListener('click', onDocClick);
  }, [open, nav, setOpen]);
}

export function SectionMenu({ items, numbered = false, label }: SectionMenuProps) {
  const messages = useMessages();
  const listId = `${useId()}-list`;
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const idsKey = items.map((i) => i.id).join('\n');

  useEffect(() => setEnhanced(true), []);

  const [active, setActive] = useActiveSection(idsKey);

  useCloseOnClickOutside(open, nav, setOpen);

  const numberOf = (item: NavLink, i: number): string => padNumber(item.number ?? i + 1);

  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>, id: string, index: number) => {
    if (!plainClick(e) || !document.getElementById(id)) return;
    e.preventDefault();
    setOpen(false);
    setActive(index);
    scrollToId(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
    // Keyboard and screen-reader users continue reading at the section, not at the menu.
    const target = document.getElementById(id);
    if (target?.hasAttribute('tabindex')) target.focus({ preventScroll: true });
  };

  const onKeyDown = (e: { key: string }) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };

  if (items.length === 0) return null;
  const toggleLabel = messages.school.toggleNav;
  const current = items[active >= 0 ? active : 0]!;
  const currentIndex = active >= 0 ? active : 0;
  const classes = ['section-menu', enhanced ? 'section-menu--enhanced' : '', open ? 'is-open' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <nav ref={nav} className={classes} aria-label={label} data-sticky="" onKeyDown={onKeyDown}>
      <div className="section-menu__inner">
        {enhanced ? (
          <div className="section-menu__bar">
            <span className="section-menu__current">
              {numbered ? (
                <>
                  <span className="section-menu__num">{numberOf(current, currentIndex)}</span>{' '}
                </>
              ) : null}
              {current.lang ? <span lang={current.lang}>{current.title}</span> : current.title}
            </span>
            <button
              ref={toggle}
              type="button"
              className="section-menu__toggle"
              aria-label={toggleLabel}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((o) => !o)}
            >
              <span className="section-menu__chevron" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        <ol id={listId} className="section-menu__list">
          {items.map((item, i) => (
            <li key={`${i}:${item.id}`} className="section-menu__item">
              <a
                className="section-menu__link"
                href={`#${item.id}`}
                aria-current={i === active ? 'location' : undefined}
                lang={item.lang}
                onClick={(e) => onLinkClick(e, item.id, i)}
              >
                {numbered ? (
                  <>
                    <span className="section-menu__num">{numberOf(item, i)}</span>{' '}
                  </>
                ) : null}
                {item.title}
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
