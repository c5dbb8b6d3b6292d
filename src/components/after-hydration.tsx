// Interactive parts of an exported page whose code the families' bundles load after hydration
// (core/as-written-modules.ts puts these stand-ins in place of the components). While hydrating, a
// stand-in keeps the element the export wrote (as-written.tsx), which works as it does without
// JavaScript: a <details> menu opens, a section link jumps, a video link leads to the video. When
// the page is idle, or at a visitor's first pointer, focus or key on one of them, the components'
// chunk (after-hydration-chunk.ts) loads and each stand-in renders its component in the kept element's place,
// handing over what the visitor already did (an opened menu, the focused control).
// A component mounted after hydration has no export's element to keep: it renders once the chunk
// is there. `swap: false` keeps the export's element for good (a card's photo stays as written;
// a card the grid's tools add later gets the component).
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { loadChunk } from '../lib/chunk.ts';
import { holdLayout, releaseAll, releaseLayout } from '../lib/final-layout.ts';
import { isUsableImage } from '../lib/images/image-ref.ts';
import { Kept, type KeptTag } from './as-written.tsx';
import { markScripts, useHydrated } from './useHydrated.ts';
import { CardImagePlaceholder } from './landing/CardImagePlaceholder.tsx';
import type * as FullModule from './after-hydration-chunk.ts';
import type { SchoolsDropdownProps } from './SchoolsDropdown.tsx';
import type { MobileMenuProps } from './MobileMenu.tsx';
import type { SectionMenuProps } from './SectionMenu.tsx';
import type { FooterProps } from './Footer.tsx';
import type { HeroVideoProps } from './landing/HeroVideo.tsx';
import type { DistanceChipProps } from './DistanceChip.tsx';
import type { LandingCopy } from '../lib/content/landing-copy.ts';
import type { SanityImage, VideoTestimonialBlock as VideoTestimonialData } from '../lib/content/types.ts';

type Full = typeof FullModule;

/** Without an idle moment, the chunk loads this long after hydration at the latest. */
export const IDLE_TIMEOUT_MS = 2000;

let full: Full | null = null;
let loading: Promise<Full> | null = null;
const waiting = new Set<() => void>();
const report = (err: unknown) => console.error(err);

/** Loads the components once; after a failure the kept elements stay and the next reach tries again. */
function load(): Promise<Full> {
  loading ??= loadChunk('Interactive', () => import('./after-hydration-chunk.ts')).then(
    (m) => {
      full = m;
      for (const ready of [...waiting]) ready();
      waiting.clear();
      return m;
    },
    (err: unknown) => {
      loading = null;
      // The written parts stay: a scroll waiting for them to change waits no longer.
      releaseAll();
      // Controls only this code answers would do nothing: hidden (js-deferred, base.css).
      markScripts('failed');
      throw err;
    },
  );
  return loading;
}

let scheduled = false;
function loadWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const start = () => void load().catch(report);
  // An address naming a place on the page waits for the final layout to scroll there (final-layout.ts).
  if (window.location.hash) start();
  else if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, 200);
}

const FOCUSABLE = 'a[href], button, summary, input, [tabindex]';

/** Where the kept element was and which of its controls had focus, to hand focus over after the swap. */
interface Place {
  parent: HTMLElement;
  index: number;
  focused: number;
}

function placeOf(element: HTMLElement): Place | null {
  const parent = element.parentElement;
  const active = document.activeElement;
  if (!parent || !active || !element.contains(active)) return null;
  const focused = [...element.querySelectorAll(FOCUSABLE)].indexOf(active);
  return { parent, index: [...parent.children].indexOf(element), focused: Math.max(0, focused) };
}

interface Options<P> {
  /** Renders the component in place of the kept element once loaded (default true). */
  swap?: boolean;
  /** What the visitor did to the kept element (`pressed`: clicked it) that the component should start from. */
  handoff?: (element: HTMLElement, pressed: boolean) => Partial<P>;
}

function deferred<P extends object>(
  pick: (m: Full) => ComponentType<P>,
  tagOf: (props: P) => KeptTag | null,
  { swap = true, handoff }: Options<P> = {},
): ComponentType<P> {
  return function Deferred(props: P) {
    const hydrated = useHydrated();
    // Mounted while hydrating: the export's element is there to keep. Mounted later: nothing to keep.
    const [kept] = useState(!hydrated);
    const element = useRef<HTMLElement | null>(null);
    const place = useRef<Place | null>(null);
    const pressed = useRef(false);
    const [extra, setExtra] = useState<Partial<P> | null>(() => (!kept && full ? {} : null));
    useEffect(() => {
      if (extra || (kept && !swap)) return;
      const ready = () => {
        const el = element.current;
        place.current = el ? placeOf(el) : null;
        const start = el && handoff ? handoff(el, pressed.current) : {};
        // Rendered in slices (a transition), so the swap is no long task of its own.
        startTransition(() => setExtra(start));
      };
      if (full) {
        ready();
        return;
      }
      waiting.add(ready);
      if (kept) {
        holdLayout();
        loadWhenIdle();
      } else void load().catch(report);
      return () => {
        if (waiting.delete(ready) && kept) releaseLayout();
      };
    }, [kept, extra]);
    useLayoutEffect(() => {
      if (extra && kept && swap) releaseLayout();
      const p = place.current;
      if (!extra || !p) return;
      place.current = null;
      const controls = p.parent.children[p.index]?.querySelectorAll<HTMLElement>(FOCUSABLE);
      controls?.[Math.min(p.focused, controls.length - 1)]?.focus();
    }, [extra, kept]);
    if (extra && full) {
      const Component = pick(full);
      return <Component {...props} {...extra} />;
    }
    if (!kept) return null;
    const tag = tagOf(props);
    if (!tag) return null;
    if (!swap) return <Kept as={tag} />;
    const reach = () => void load().catch(report);
    return (
      <Kept
        as={tag}
        ref={(el) => {
          element.current = el;
        }}
        onPointerDown={reach}
        onFocus={reach}
        onKeyDown={reach}
        onClick={() => {
          pressed.current = true;
          reach();
        }}
      />
    );
  };
}

const openDetails = (el: HTMLElement): { initiallyOpen: boolean } => ({
  initiallyOpen: (el as HTMLDetailsElement).open === true,
});
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export const SchoolsDropdown = deferred<SchoolsDropdownProps>(
  (m) => m.SchoolsDropdown,
  () => 'details',
  { handoff: openDetails },
);
export const MobileMenu = deferred<MobileMenuProps>(
  (m) => m.MobileMenu,
  () => 'details',
  { handoff: openDetails },
);
export const SectionMenu = deferred<SectionMenuProps>(
  (m) => m.SectionMenu,
  ({ items }) => (items.length === 0 ? null : 'nav'),
);
export const TestimonialBanner = deferred<{ copy: LandingCopy }>(
  (m) => m.TestimonialBanner,
  ({ copy }) => (copy.testimonial.videoId || copy.testimonial.quote ? 'section' : null),
);
export const VideoTestimonialBlock = deferred<{ block: VideoTestimonialData }>(
  (m) => m.VideoTestimonialBlock,
  ({ block }) => (text(block.testimonial?.quote) || text(block.video?.videoId) ? 'figure' : null),
);
// Until then "Return to Top" is a plain link to #top and the year is the export's.
export const Footer = deferred<FooterProps>(
  (m) => m.Footer,
  () => 'footer',
);
// Until then the hero has no video, as on a phone.
export const HeroVideo = deferred<HeroVideoProps>(
  (m) => m.HeroVideo,
  ({ sources }) => (sources.length ? 'div' : null),
);
// Hidden without JavaScript; until its code is there a press is remembered and answered then.
export const DistanceChip = deferred<DistanceChipProps>(
  (m) => m.DistanceChip,
  () => 'div',
  {
    handoff: (_, pressed) => ({ requested: pressed }),
  },
);
const KeptCardImage = deferred<{ image: SanityImage | null }>(
  (m) => m.CardImage,
  () => 'img',
  { swap: false },
);
/** A card's photo as written, or the placeholder of a school without one. */
export const CardImage = ({ image }: { image: SanityImage | null }) =>
  isUsableImage(image) ? <KeptCardImage image={image} /> : <CardImagePlaceholder />;
