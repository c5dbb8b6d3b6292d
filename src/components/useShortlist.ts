// The shortlist as components see it. The server and the hydrating render see an empty list (the
// server cannot know this browser's shortlist), so the HTML hydrates without a mismatch and the
// stored list shows right after; then every change, in this tab or another, re-renders. The empty
// list is the very array readShortlist gives when nothing is stored: with another, equal one, React
// saw a change and re-rendered every card's button at once, synchronously, after hydration.
import { useSyncExternalStore } from 'react';
import { EMPTY_SHORTLIST, readShortlist, subscribeShortlist } from '../lib/family-tools/shortlist.ts';

export function useShortlist(): readonly string[] {
  return useSyncExternalStore(subscribeShortlist, readShortlist, () => EMPTY_SHORTLIST);
}
