// 'Your School. Your Choice.': the grid of schools, in the order mapping.ts gives (sorted by
// title, non-choice entries hidden). With the schools' facts file (factsSrc) the grid's tools
// (sort by distance, filters; GridTools.tsx) load after hydration as their own chunk and decide
// which cards show in which order; until then, and without JavaScript, every card shows.
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { LandingCard } from '../../lib/types.ts';
import { GRID_TOOLS, OPTIONS } from '../../config/site.ts';
import { loadChunk } from '../../lib/chunk.ts';
import { SchoolCard } from './SchoolCard.tsx';
import type { GridToolsProps, GridView } from './GridTools.tsx';

/** An address naming filters wants the tools at once; otherwise they wait until the browser is idle. */
const FILTERED_ADDRESS = /[?&](?:type|program)=/;

function useGridTools(factsSrc: string | null | undefined): ComponentType<GridToolsProps> | null {
  const [Tools, setTools] = useState<ComponentType<GridToolsProps> | null>(null);
  useEffect(() => {
    if (!factsSrc) return;
    let alive = true;
    const load = () => {
      loadChunk('GridTools', () => import('./GridTools.tsx')).then(
        (m) => {
          if (alive) setTools(() => m.GridTools);
        },
        (err: unknown) => console.error(err),
      );
    };
    if (FILTERED_ADDRESS.test(window.location.search) || typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 0);
      return () => {
        alive = false;
        clearTimeout(timer);
      };
    }
    const idle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => {
      alive = false;
      window.cancelIdleCallback(idle);
    };
  }, [factsSrc]);
  return Tools;
}

export function SchoolGrid({ id, cards, factsSrc }: { id: string; cards: LandingCard[]; factsSrc?: string | null }) {
  const Tools = useGridTools(factsSrc);
  const [view, setView] = useState<GridView | null>(null);
  const onView = useCallback((v: GridView | null) => setView(v), []);
  const order = view ? view.order.filter((i) => i >= 0 && i < cards.length) : cards.map((_, i) => i);
  return (
    <section id={id} className="landing-section landing-options" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title">
          {OPTIONS.heading}
        </h2>
        <p className="landing-section__intro">{OPTIONS.intro}</p>
        {Tools && factsSrc && cards.length > 0 ? <Tools cards={cards} factsSrc={factsSrc} onView={onView} /> : null}
        {cards.length === 0 ? (
          <p className="landing-options__empty" role="status">
            {OPTIONS.empty}
          </p>
        ) : order.length === 0 ? (
          <p className="landing-options__empty">{GRID_TOOLS.noMatch}</p>
        ) : (
          <ul className="school-grid">
            {order.map((i) => {
              const card = cards[i]!;
              return (
                <li key={card.id || card.slug} className="school-grid__item">
                  <SchoolCard card={card} distance={view?.miles?.[i]} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
