// A happy-dom window for component tests that need a DOM: client rendering, hydration of server
// HTML, events and effects. happy-dom's GlobalRegistrator is not installed, so this puts one
// Window's globals on globalThis itself. React DOM decides "can I use the DOM?" when its module
// is first evaluated, so react-dom/client is imported lazily, after the globals exist.
//
// Usage:
//   const dom = await setupDom({ width: 1280 });
//   await dom.render(<NavBar nav={[]} />);          // or: await dom.hydrate(<App .../>, serverHtml)
//   await dom.act(() => button.click());
//   dom.cleanup();                                    // in after()/afterEach()
import { Window } from 'happy-dom';
import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';

export interface DomOptions {
  /** Page URL, e.g. 'http://localhost/#academics'. */
  url?: string;
  /** Viewport size; matchMedia('(min-width: …)') answers from it. Default 1280x800. */
  width?: number;
  height?: number;
  /** Answer for matchMedia('(prefers-reduced-motion: reduce)'). */
  reducedMotion?: boolean;
}

export interface Dom {
  window: Window;
  document: Document;
  /** The element React renders into (a <div id="root"> in <body>). */
  container: HTMLElement;
  /** Client-renders `ui` into the container and flushes effects. */
  render(ui: ReactNode): Promise<void>;
  /**
   * Puts server `html` into the container, hydrates `ui` over it and flushes effects.
   * Resolves with every recoverable error React reported (hydration mismatches land here), so a
   * test can assert the list is empty.
   */
  hydrate(ui: ReactNode, html: string): Promise<unknown[]>;
  /** React's act(), awaited: state updates, effects and microtasks are flushed when it resolves. */
  act(fn: () => unknown): Promise<void>;
  /** Dispatches a keydown on `target` (bubbling, like a real key press) inside act(). */
  key(target: Element, key: string, init?: KeyboardEventInit): Promise<void>;
  /** Unmounts React and closes the window. */
  cleanup(): void;
}

type Globals = Record<string, unknown>;

// The names React DOM and our components reach for as globals.
const GLOBAL_NAMES = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'getComputedStyle',
  'matchMedia',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'scrollTo',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLButtonElement',
  'HTMLAnchorElement',
  'HTMLVideoElement',
  'HTMLMediaElement',
  'HTMLIFrameElement',
  'Element',
  'Node',
  'Text',
  'Document',
  'DocumentFragment',
  'Event',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'FocusEvent',
  'PointerEvent',
  'UIEvent',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
  'SVGElement',
  'DOMParser',
  'MediaQueryList',
] as const;

function install(win: Window): void {
  const g = globalThis as unknown as Globals;
  const w = win as unknown as Globals;
  for (const name of GLOBAL_NAMES) {
    let value = name === 'window' ? win : w[name];
    if (typeof value === 'function' && /^[a-z]/.test(name)) value = (value as (...a: unknown[]) => unknown).bind(win);
    // navigator and friends may be accessors on Node's globalThis: define, don't assign.
    Object.defineProperty(g, name, { value, configurable: true, writable: true, enumerable: true });
  }
  g.IS_REACT_ACT_ENVIRONMENT = true;
}

export async function setupDom(options: DomOptions = {}): Promise<Dom> {
  const win = new Window({
    url: options.url ?? 'http://localhost/',
    width: options.width ?? 1280,
    height: options.height ?? 800,
    settings: {
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
      },
      device: { prefersReducedMotion: options.reducedMotion ? 'reduce' : 'no-preference' },
    },
  });
  install(win);
  const document = win.document as unknown as Document;
  const container = document.createElement('div');
  container.id = 'root';
  document.body.appendChild(container);

  const [{ createRoot, hydrateRoot }, { act: reactAct }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  let root: Root | null = null;

  const act = async (fn: () => unknown): Promise<void> => {
    await reactAct(async () => {
      await fn();
    });
  };

  return {
    window: win,
    document,
    container,
    async render(ui) {
      await act(() => {
        root ??= createRoot(container);
        root.render(ui);
      });
    },
    async hydrate(ui, html) {
      const errors: unknown[] = [];
      container.innerHTML = html;
      await act(() => {
        root = hydrateRoot(container, ui, { onRecoverableError: (err) => errors.push(err) });
      });
      return errors;
    },
    act,
    async key(target, key, init = {}) {
      await act(() => {
        const KeyboardEventCtor = win.KeyboardEvent as unknown as typeof KeyboardEvent;
        target.dispatchEvent(new KeyboardEventCtor('keydown', { key, bubbles: true, cancelable: true, ...init }));
      });
    },
    cleanup() {
      const r = root;
      root = null;
      if (r) void reactAct(() => r.unmount());
      void win.happyDOM.close();
    },
  };
}
