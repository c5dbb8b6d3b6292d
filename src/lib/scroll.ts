// Smooth scrolling that allows for the sticky bars: their height is measured at each call,
// because it changes between breakpoints and when the mobile menu opens.

/**
 * Height the sticky bars (elements marked `data-sticky`) will cover at the top of the viewport.
 * A sticky bar that is not stuck yet (still lower on the page) will be stuck after the scroll, so
 * it counts at its `top` offset plus its height rather than at its current position.
 */
export function stickyOffset(doc: Document = document): number {
  let offset = 0;
  doc.querySelectorAll<HTMLElement>('[data-sticky]').forEach((el) => {
    const style = doc.defaultView?.getComputedStyle(el);
    if (!style || style.display === 'none') return;
    const rect = el.getBoundingClientRect();
    if (style.position === 'fixed') {
      offset = Math.max(offset, rect.bottom);
    } else if (style.position === 'sticky') {
      const top = Number.parseFloat(style.top);
      offset = Math.max(offset, (Number.isFinite(top) ? top : 0) + rect.height);
    }
  });
  return Math.max(0, offset);
}

const behavior = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/** Scrolls so the element with `id` sits just below the sticky bars. Returns false if absent. */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - stickyOffset();
  window.scrollTo({ top: Math.max(0, top), behavior: behavior() });
  return true;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() });
}
