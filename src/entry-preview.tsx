// The editors' preview browser entry: renders the same <App> as the export, client-side, from the
// preview server's API (never the content service directly), with env.preview set. Served only by
// the preview server (server/routes/pages.ts), behind its session gate.
import { createRoot } from 'react-dom/client';
import { matchRoute } from './routes.ts';
import { defaultSiteEnv, type SiteEnv } from './SiteEnv.tsx';
import { ENV_ID, ROOT_ID } from './lib/serialize.ts';
import { createPreviewApi } from './preview/api.ts';
import { PreviewRoot } from './preview/PreviewRoot.tsx';
import './preview/preview.css';

function readEnv(): SiteEnv {
  let given: Partial<SiteEnv> = {};
  try {
    given = JSON.parse(document.getElementById(ENV_ID)?.textContent ?? '{}') as Partial<SiteEnv>;
  } catch (err) {
    console.error('preview: invalid environment JSON', err);
  }
  const env: SiteEnv = { ...defaultSiteEnv, ...given };
  // Images are proxied through the preview server: same origin as the page.
  if (!env.images.imageHost) env.images = { ...env.images, imageHost: window.location.origin };
  return env;
}

/** Keeps ?livepreview on while following the site's own links, so an editor stays in live mode. */
function keepLivepreviewOnLinks(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target || a.origin !== window.location.origin) return;
      const url = new URL(a.href);
      if (url.searchParams.has('livepreview') || url.pathname === window.location.pathname) return;
      url.searchParams.set('livepreview', '1');
      a.href = url.href;
    },
    true,
  );
}

// Module-level so PreviewRoot's effects see the same objects on every render.
const api = createPreviewApi();
const createEventSource = (url: string) => new EventSource(url);

const root = document.getElementById(ROOT_ID);
if (root) {
  const env = readEnv();
  if (env.preview?.livepreview) keepLivepreviewOnLinks();
  createRoot(root).render(
    <PreviewRoot
      route={matchRoute(window.location.pathname)}
      env={env}
      api={api}
      createEventSource={createEventSource}
      href={window.location.pathname + window.location.search + window.location.hash}
    />,
  );
}
