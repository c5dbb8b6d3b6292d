// Smooth scrolling that allows for the sticky bars: their height is measured at each call,
// because it changes between breakpoints and when the mobile menu opens.

/** Total height of elements marked `data-sticky` that are currently stuck to the top. */
export function stickyOffset(doc: Document = document): number {
  let offset = 0;
  doc.querySelectorAll<HTMLElement>('[data-sticky]').forEach((el) => {
    const style = doc.defaultView?.getComputedStyle(el);
    if (style && (style.position === 'sticky' || style.position === 'fixed') && style.display !== 'none') {
      offset = Math.max(offset, el.getBoundingClientRect().bottom);
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
