// The small script-free page the gate and the error handler answer with (401, 429, 4xx/5xx for a
// page address): readable without scripts or styles, and independent of content and the bundle.
import { escapeHtml } from '../../render/document.ts';

/** A plain page for gate and error answers. */
export function messagePage(title: string, message: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`
  );
}
