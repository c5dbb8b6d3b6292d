// Progressive enhancement switch: false on the server and during hydration (so the first client
// render equals the server HTML), true afterwards. Components render their no-JS form (e.g.
// <details>) until it flips, then their scripted form.
// Under the app's root (HydrationFlag in App.tsx) the flip is one state update in a transition:
// React renders it in slices. A store whose server and client snapshots differ
// (useSyncExternalStore) would flip it too, but React re-renders every such component at once,
// synchronously, right after hydration: on a phone that pass joined hydration's last slice and its
// effects in one long task. A component rendered on its own (tests, the editors' preview) keeps
// the store: it has no root to tell it.
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';

const HydratedContext = createContext<boolean | null>(null);

const subscribe = (): (() => void) => () => {};

/**
 * Marks the document once its scripts work (`<html data-scripts="ready">`): the controls that need
 * them (`js-only`) stay invisible until then (base.css), so a page whose bundle failed to load or
 * threw shows no button that does nothing. `failed` is added when a part's code could not be
 * loaded (after-hydration.tsx): the controls only that code answers (`js-deferred`) are hidden again.
 */
export function markScripts(state: 'ready' | 'failed'): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const states = new Set((root.getAttribute('data-scripts') ?? '').split(' ').filter(Boolean));
  states.add(state);
  root.setAttribute('data-scripts', [...states].sort().join(' '));
}

/** Tells the components under it when hydration has committed. */
export function HydrationFlag({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    markScripts('ready');
    startTransition(() => setHydrated(true));
  }, []);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

export function useHydrated(): boolean {
  const flag = useContext(HydratedContext);
  // Under HydrationFlag both snapshots are the same, so React has nothing to re-render here.
  const alone = useSyncExternalStore(
    subscribe,
    () => true,
    () => flag !== null,
  );
  return flag ?? alone;
}
