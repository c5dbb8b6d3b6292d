// Progressive enhancement switch: false on the server and during hydration (so the first client
// render equals the server HTML), true afterwards. Components render their no-JS form (e.g.
// <details>) until it flips, then their scripted form. useSyncExternalStore gives exactly this:
// the server snapshot is used while hydrating, the client snapshot right after.
import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
