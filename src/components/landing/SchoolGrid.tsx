// 'Your School. Your Choice.': the grid of schools, in the order mapping.ts gives (sorted by
// title, non-choice entries hidden). With the schools' facts file (factsSrc) the grid's tools
// (sort by distance, filters; GridTools.tsx) load as their own chunk once the grid nears the
// window (at once when the address names filters) and decide which cards show in which order;
// until then, and without JavaScript, every card shows. Their panel is in the HTML from the start,
// pending, at the height the tools will have (the district's program groups come with the data):
// inserting it later pushed the cards ~370 px down under a phone user's thumb.
import { useCallback, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import type { GridMore, LandingCard, ZipFinderData } from '../../lib/content/types.ts';
import { pageHref } from '../../routes.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { copyLang } from '../../lib/content/editions.ts';
import type { LandingCopy } from '../../lib/content/landing-copy.ts';
import { loadChunk } from '../../lib/chunk.ts';
import { SchoolCard } from './SchoolCard.tsx';
import type { GridToolsProps, GridView } from './GridTools.tsx';
import { GridToolsPending } from './GridToolsPending.tsx';
import type { FilterCategory } from '../../lib/facts/school-facts.ts';

/** An address naming filters wants the tools at once. */
const FILTERED_ADDRESS = /[?&](?:type|program)=/;
/** Otherwise they load when the grid comes within this distance of the window (or when idle, without IntersectionObserver). */
const NEAR_MARGIN = '800px 0px';

/**
 * The tools' component, once loaded. Not during the page's own load: the chunk, the facts and
 * the tools' first render are work a visitor who never scrolls to the grid does not need.
 */
function useGridTools(
  factsSrc: string | null | undefined,
  section: RefObject<HTMLElement | null>,
): ComponentType<GridToolsProps> | null {
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
    const el = section.current;
    if (!FILTERED_ADDRESS.test(window.location.search) && el && typeof window.IntersectionObserver === 'function') {
      const observer = new window.IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          load();
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(el);
      return () => {
        alive = false;
        observer.disconnect();
      };
    }
    const timer = setTimeout(load, 0);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [factsSrc, section]);
  return Tools;
}

export interface SchoolGridProps {
  id: string;
  cards: LandingCard[];
  /** The grid shows its first cards only: the link to every school, and the file the tools load them from. */
  more?: GridMore | null;
  factsSrc?: string | null;
  /** The program groups the tools will list (categories with a program at a school in the grid). */
  programGroups?: readonly FilterCategory[] | null;
  copy: Pick<LandingCopy, 'gridHeading' | 'gridIntro' | '_fallback'>;
  /** The district's ZIP codes: "Sort by distance" offers them when the location is refused. */
  zips?: ZipFinderData | null;
}

export function SchoolGrid({ id, cards, more, factsSrc, programGroups, copy, zips }: SchoolGridProps) {
  const { options: OPTIONS, gridTools } = useMessages();
  const { root } = useSiteEnv();
  const sectionRef = useRef<HTMLElement>(null);
  const Tools = useGridTools(factsSrc, sectionRef);
  const [view, setView] = useState<GridView | null>(null);
  const onView = useCallback((v: GridView | null) => setView(v), []);
  // The tools draw every school's card once a family sorts or filters (view.cards), else the page's own.
  const shown = view?.cards ?? cards;
  const order = view ? view.order.filter((i) => i >= 0 && i < shown.length) : cards.map((_, i) => i);
  return (
    <section ref={sectionRef} id={id} className="landing-section landing-options" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title" lang={copyLang(copy, 'gridHeading')}>
          {copy.gridHeading}
        </h2>
        {copy.gridIntro ? (
          <p className="landing-section__intro" lang={copyLang(copy, 'gridIntro')}>
            {copy.gridIntro}
          </p>
        ) : null}
        {factsSrc && cards.length > 0 && !view ? (
          <GridToolsPending count={more?.total ?? cards.length} programGroups={programGroups ?? []} />
        ) : null}
        {Tools && factsSrc && cards.length > 0 ? (
          <Tools cards={cards} more={more} factsSrc={factsSrc} onView={onView} zips={zips} />
        ) : null}
        {cards.length === 0 ? (
          <p className="landing-options__empty" role="status">
            {OPTIONS.empty}
          </p>
        ) : order.length === 0 ? (
          <p className="landing-options__empty">{gridTools.noMatch}</p>
        ) : (
          <ul className="school-grid">
            {order.map((i) => {
              const card = shown[i]!;
              return (
                <li key={card.id || card.slug} className="school-grid__item">
                  <SchoolCard
                    card={card}
                    distance={view?.miles ? view.miles[i] : undefined}
                    distanceFrom={view?.from}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {more && shown === cards ? (
          <p className="school-grid__more">
            <a className="button" href={pageHref(root, more.href)}>
              {more.label}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
