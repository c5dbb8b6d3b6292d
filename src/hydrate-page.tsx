// What each edition's browser entry runs (src/entry-client.tsx, src/entry-client-es.tsx): picks up
// the page the export rendered and makes it interactive. The page's data and render environment
// travel in the HTML as JSON, so the first client render matches the server's byte for byte; the
// message catalogue is the entry's own, so a page ships only its language. Each page loads
// its chunk before hydrating (see App.tsx).
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { dataFits, loadPage, matchRoute, stripRoot } from './routes.ts';
import { defaultSiteEnv, type SiteEnv } from './SiteEnv.tsx';
import type { PageData } from './routes.ts';
import type { Messages } from './i18n/messages.ts';
import { DATA_ID, ENV_ID, ROOT_ID } from './lib/serialize.ts';
import { readEmbeddedJson } from './lib/embedded-json.ts';

async function main(messages: Messages): Promise<void> {
  const root = document.getElementById(ROOT_ID);
  const data = readEmbeddedJson<PageData>(DATA_ID);
  if (!root || !data) return; // Nothing to hydrate: the static HTML stays as it is.
  const env: SiteEnv = { ...defaultSiteEnv, ...readEmbeddedJson<Partial<SiteEnv>>(ENV_ID), messages };
  // The route table and the embedded data must agree; 404.html carries landing data for any path.
  const route = matchRoute(stripRoot(env.root, window.location.pathname));
  if (!dataFits(route, data))
    console.warn(`The data of a ${data.page} page on another path:`, window.location.pathname);
  const page = await loadPage(data.page);
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one task: on a slow phone the whole page in one go was a long task (over 50 ms) that held up a tap.
  startTransition(() => {
    hydrateRoot(root, <App data={data} env={env} page={page} />);
  });
}

export function hydratePage(messages: Messages): void {
  main(messages).catch((err: unknown) => {
    // A failed chunk leaves the server-rendered page readable; the error names the chunk.
    console.error(err);
  });
}
