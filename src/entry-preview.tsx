// The editors' preview browser entry: hydrates the page the preview server rendered (the same
// <App> and document as the export, with env.preview set) inside react-router's BrowserRouter, so
// later pages are reached without a reload (PreviewApp.tsx), then keeps it current through the
// preview server's API (never the content service directly). Served only by the preview server
// (server/routes/pages.ts), behind its session gate.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { defaultSiteEnv, type SiteEnv } from './SiteEnv.tsx';
import { loadPage, type PageData } from './routes.ts';
import { DATA_ID, ENV_ID, ROOT_ID } from './lib/serialize.ts';
import { readEmbeddedJson } from './lib/embedded-json.ts';
import { createPreviewApi } from './preview/api.ts';
import { createRefreshBus, PreviewApp } from './preview/PreviewApp.tsx';
import { CATALOGUES } from './i18n/catalogues.ts';
import { DEFAULT_LANG } from './i18n/messages.ts';
import './preview/preview.css';

// Module-level so the app's effects see the same objects on every render.
const api = createPreviewApi();
const createEventSource = (url: string) => new EventSource(url);
const refreshBus = createRefreshBus();

async function main(): Promise<void> {
  const root = document.getElementById(ROOT_ID);
  if (!root) return;
  // The server's env already carries the image host its render used (the image proxy's base).
  const served = readEmbeddedJson<Partial<SiteEnv>>(ENV_ID);
  // Editors switch editions in place, so the preview carries every catalogue (families' pages ship one).
  const env: SiteEnv = { ...defaultSiteEnv, ...served, messages: CATALOGUES[served?.lang ?? DEFAULT_LANG] };
  const data = readEmbeddedJson<PageData>(DATA_ID);
  // The server rendered the page without Suspense: its chunk must be here before hydrating.
  const firstPage = data ? await loadPage(data.page) : null;
  const app = (
    <BrowserRouter>
      <PreviewApp
        env={env}
        first={data}
        api={api}
        createEventSource={createEventSource}
        firstPage={firstPage}
        refreshBus={refreshBus}
      />
    </BrowserRouter>
  );
  if (data) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

main().catch((err: unknown) => {
  // A failed chunk leaves the server-rendered page readable; the error names the chunk.
  console.error(err);
});
