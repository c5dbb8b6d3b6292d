// Every card the landing grid's tools sort and filter. A district-sized grid's page carries only its
// first cards (src/lib/family-tools/grid-cards.ts); the tools load every card from the export's cards file when
// they load, that is when the grid nears the window, so a sort or filter answers over every school.
import { useEffect, useState } from 'react';
import { loadGridCards } from '../../lib/family-tools/grid-cards.ts';
import type { GridMore, LandingCard } from '../../lib/content/types.ts';

/** The page's cards when they are all of them; else the file's, once loaded (null until then). */
export function useAllCards(cards: LandingCard[], more: GridMore | null | undefined): LandingCard[] | null {
  const [loaded, setLoaded] = useState<{ src: string; cards: LandingCard[] } | null>(null);
  const src = more?.cardsSrc ?? null;
  useEffect(() => {
    if (!src) return;
    let alive = true;
    loadGridCards(src).then(
      (list) => {
        if (alive) setLoaded({ src, cards: list });
      },
      (err: unknown) => console.error('Could not load every school’s card for the grid’s tools:', err),
    );
    return () => {
      alive = false;
    };
  }, [src]);
  if (!src) return cards;
  return loaded?.src === src ? loaded.cards : null;
}
