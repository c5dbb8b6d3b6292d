// The sticky "on this page" menu of the school and landing pages. Server HTML is a plain list of
// anchor links (works without JavaScript; sections carry scroll-margin for the sticky bar). After
// hydration it tracks the active section, scrolls smoothly below the measured sticky bars, keeps the
// hash in sync without a jump, and on small screens collapses behind a toggle.
import { useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { padNumber } from '../lib/content/sections.ts';
import { scrollToId, stickyOffset } from '../lib/scroll.ts';
import type { NavLink } from '../lib/content/types.ts';
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
 * reaches the top). -1 before the first section. A section a link jumped to (#tours) stops at its
 * scroll margin, which may sit a little below the bars: there it has been reached too, so the
 * section the address names is the one marked, from the first frame.
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
    if (!el) return;
    const margin = Number.parseFloat(win.getComputedStyle(el).scrollMarginTop) || 0;
    if (el.getBoundingClientRect().top <= Math.max(line, margin + REACHED_TOLERANCE)) active = i;
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

/**
 * In a row of links wider than the window (a tablet, many sections), the active one is scrolled
 * into the row's view, sideways only: the page itself does not move.
 */
function useActiveInView(list: RefObject<HTMLOListElement | null>, active: number): void {
  useEffect(() => {
    const row = list.current;
    const item = active >= 0 ? (row?.children[active] as HTMLElement | undefined) : undefined;
    if (!row || !item || row.scrollWidth <= row.clientWidth) return;
    const [start, end] = [item.offsetLeft - row.offsetLeft, item.offsetLeft - row.offsetLeft + item.offsetWidth];
    if (start < row.scrollLeft) row.scrollLeft = start;
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
  }, [list, active]);
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
  const list = useRef<HTMLOListElement>(null);
  useActiveInView(list, active);

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
        <ol ref={list} id={listId} className="section-menu__list">
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
