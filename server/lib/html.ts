// The HTML the preview server sends: the page shell whose browser entry renders <App> from the
// preview API, and small script-free pages for the gate's answers (401, 429).
import { ENV_ID, ROOT_ID, serializeForScript } from '../../src/lib/serialize.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { escapeHtml } from '../../render/document.ts';

export interface ShellOptions {
  script: string;
  styles: readonly string[];
  env: SiteEnv;
}

/** The page shell: empty root (a blank page while there is no data, as the spec asks). */
export function previewShell({ script, styles, env }: ShellOptions): string {
  const css = styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    '<title>Preview · Guide to Middle School Options</title>' +
    css +
    `<script type="module" src="${escapeHtml(script)}"></script>` +
    `</head><body><div id="${ROOT_ID}"></div>` +
    `<script type="application/json" id="${ENV_ID}">${serializeForScript(env)}</script>` +
    '</body></html>'
  );
}

/** A plain page for gate answers: readable without scripts or styles. */
export function messagePage(title: string, message: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`
  );
}
