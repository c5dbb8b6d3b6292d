// The shortlist as components see it. The server and the hydrating render see an empty list (the
// server cannot know this browser's shortlist), so the HTML hydrates without a mismatch and the
// stored list shows right after; then every change, in this tab or another, re-renders.
import { useSyncExternalStore } from 'react';
import { readShortlist, subscribeShortlist } from '../lib/shortlist.ts';

const NONE: readonly string[] = Object.freeze([]);

export function useShortlist(): readonly string[] {
  return useSyncExternalStore(subscribeShortlist, readShortlist, () => NONE);
}
