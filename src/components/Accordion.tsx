// A collapsible panel that works without JavaScript: the server (and the first client render, so
// hydration matches) emits <details>/<summary> with all text in the HTML; after hydration it becomes
// a heading + button (aria-expanded/aria-controls) + panel with a short fade-and-scale transition.
// The panel is not a `region`: every open panel would be a landmark, and two panels with the same
// title ("Overview" in two sections) made landmarks with the same name (axe landmark-unique).
import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface AccordionProps {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

/** Length of the close animation in blocks.css (accordion-out); the panel is hidden after it. */
export const ACCORDION_TRANSITION_MS = 200;

type Phase = 'open' | 'closing' | 'closed';

const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function Accordion({ title, defaultOpen = false, children, headingLevel = 3 }: AccordionProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const [enhanced, setEnhanced] = useState(false);
  const [phase, setPhase] = useState<Phase>(defaultOpen ? 'open' : 'closed');
  // Animate only after the visitor acts, so default-open panels do not fade in on page load.
  const [touched, setTouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

  useEffect(() => {
    // A page's panels all switch right after hydration: in slices, not as one long task.
    startTransition(() => setEnhanced(true));
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  if (!enhanced) {
    return (
      <details className="accordion" open={defaultOpen}>
        <summary className="accordion__summary">
          <Heading className="accordion__heading">{title}</Heading>
        </summary>
        <div className="accordion__panel">{children}</div>
      </details>
    );
  }

  const open = phase === 'open';
  const toggle = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTouched(true);
    if (open) {
      if (prefersReducedMotion()) {
        setPhase('closed');
      } else {
        setPhase('closing');
        timer.current = setTimeout(() => setPhase('closed'), ACCORDION_TRANSITION_MS);
      }
    } else {
      setPhase('open');
    }
  };

  return (
    <div className="accordion accordion--enhanced" data-state={phase}>
      <Heading className="accordion__heading">
        <button
          type="button"
          id={buttonId}
          className="accordion__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          <span className="accordion__title">{title}</span>
          <span className="accordion__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div
        id={panelId}
        className="accordion__panel"
        data-state={phase}
        data-animate={touched ? 'true' : undefined}
        hidden={phase === 'closed'}
      >
        {children}
      </div>
    </div>
  );
}
