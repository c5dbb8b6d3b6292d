// What static hosts need to answer a miss in the right language. Each edition has its own 404 page
// ('404.html', 'es/404.html'); Cloudflare Pages serves the nearest 404.html up the path by itself,
// Netlify needs a rule in `_redirects` (a 404 rule applies only where no file matches), and
// `npm start` (static-server.ts) asks `notFoundPage`. GitHub Pages serves only the top 404.html,
// the English one, whose language switcher leads to the Spanish edition.
import { DEFAULT_LANG, LANGS } from '../../src/i18n/messages.ts';
import { matchRoute, notFoundFile, stripRoot } from '../../src/routes.ts';

export const REDIRECTS_FILE = '_redirects';

/** Netlify's `_redirects`: every other edition's misses get its own 404 page, with status 404. */
export function redirectsFile(root: string): string {
  return LANGS.filter((lang) => lang !== DEFAULT_LANG)
    .map((lang) => `${root}${lang}/* ${root}${notFoundFile(lang)} 404\n`)
    .join('');
}

/** The 404 page (relative to the export root) for a request's pathname under the site's root path. */
export function notFoundPage(root: string, pathname: string): string {
  return notFoundFile(matchRoute(stripRoot(root, pathname)).lang);
}
