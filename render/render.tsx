// The pure server render shared by the export (and anything else that needs a page's HTML): the
// same <App> the browser hydrates, with the school page imported statically because
// renderToString cannot wait for the browser's lazily loaded chunk.
import { renderToString } from 'react-dom/server';
import { App } from '../src/App.tsx';
import { SchoolPage } from '../src/pages/SchoolPage.tsx';
import { SchoolList } from '../src/components/SchoolsDropdown.tsx';
import { matchRoute } from '../src/routes.ts';
import { ListSpliceContext, SPLICE_ATTR, type ListSplicer } from '../src/lib/list-splice.ts';
import type { ImageVariant } from '../src/lib/image.ts';
import type { NavSchool, PageData } from '../src/lib/types.ts';
import { SiteEnvProvider, type SiteEnv } from '../src/SiteEnv.tsx';

/** Lists shorter than this render inline: splicing only pays off for a district-sized list. */
const SPLICE_MIN = 8;

/** The navigation's school list alone, as the menus show it (the export collects its image variants). */
export function renderSchoolList(nav: NavSchool[], env: SiteEnv, className?: string): string {
  return renderToString(
    <SiteEnvProvider env={env}>
      <SchoolList nav={nav} className={className} />
    </SiteEnvProvider>,
  );
}

interface RenderedList {
  html: string;
  variants: ImageVariant[];
}

/**
 * Rendered school lists by navigation array (every page of an export shares one), then by class
 * name and the plain environment (what decides the markup). The image variants each list used
 * are kept so every page still reports them to its own collector.
 */
const lists = new WeakMap<NavSchool[], Map<string, RenderedList | null>>();

function listHtml(nav: NavSchool[], className: string, env: SiteEnv): RenderedList | null {
  const { onVariant: _, ...images } = env.images;
  const key = `${className}\n${JSON.stringify({ images, base: env.base, preview: env.preview ?? null })}`;
  let byKey = lists.get(nav);
  if (!byKey) lists.set(nav, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key)!;
  const variants: ImageVariant[] = [];
  const listEnv: SiteEnv = { ...env, images: { ...images, onVariant: (v) => variants.push(v) } };
  const html = renderSchoolList(nav, listEnv, className);
  // A list whose render emitted resource hints (a leading <link>) or anything but one element
  // cannot be spliced verbatim: render it inline on every page instead.
  const entry = /^<(ul|p)\b/.test(html) ? { html, variants } : null;
  byKey.set(key, entry);
  return entry;
}

const MARKER = new RegExp(`<template ${SPLICE_ATTR}="(\\d+)"></template>`, 'g');

/**
 * The app's HTML for `url` (a pathname) with `data`. Throws when the data is for a different
 * page than the route table gives for the url, because the browser would then hydrate a page
 * its address does not describe. (Any path may show the landing page: that is the 404 page.)
 * The navigation's school lists are rendered once per navigation array and spliced in; the
 * result is byte-identical to rendering them inline (test/unit/render-splice.test.tsx).
 */
export function render(url: string, data: PageData, env: SiteEnv): string {
  const route = matchRoute(url);
  if (
    data.page === 'school' &&
    (route.page !== 'school' || (data.school?.slug != null && data.school.slug !== route.slug))
  ) {
    throw new Error(`render: school data for ${JSON.stringify(data.school?.slug)} does not belong at ${url}`);
  }
  const spliced: string[] = [];
  const splicer: ListSplicer = (nav, className) => {
    if (nav.length < SPLICE_MIN) return null;
    const list = listHtml(nav, className, env);
    if (!list) return null;
    const report = env.images.onVariant;
    if (report) for (const v of list.variants) report(v);
    spliced.push(list.html);
    return String(spliced.length - 1);
  };
  const html = renderToString(
    <ListSpliceContext.Provider value={splicer}>
      <App data={data} env={env} schoolPage={SchoolPage} />
    </ListSpliceContext.Provider>,
  );
  return spliced.length === 0 ? html : html.replace(MARKER, (_, i: string) => spliced[Number(i)]!);
}
