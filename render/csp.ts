// The exported site's security policy, in one place for its three carriers: the
// <meta http-equiv="Content-Security-Policy"> in every page (works on any static host, GitHub Pages
// included), the `_headers` file Netlify and Cloudflare Pages read (which can also carry what a
// meta cannot: frame-ancestors, Referrer-Policy, X-Frame-Options), and `npm start`'s static server,
// which sends the `_headers` rules as those hosts would.
//
// What the site loads, and so all it allows: its own scripts, styles, fonts, video and
// navigation.json; images from itself, data: URIs and, when variants are not self-hosted, the
// image CDN; the YouTube-nocookie player in an iframe once a visitor presses play. Its JSON data
// scripts are never executed, so no inline script is allowed.

/** Where the video facade's iframe points (src/components/VideoFacade.tsx embedUrl). */
export const VIDEO_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

export interface PolicyImages {
  /** Base of the image service, e.g. https://cdn.sanity.io. */
  imageHost: string;
  /** Set when image variants are self-hosted in the export: then no image host is needed. */
  selfHostBase?: string | null;
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The policy as a <meta> carries it (frame-ancestors, report-uri and sandbox are ignored there). */
export function siteCsp(images: PolicyImages): string {
  const cdn = images.selfHostBase ? null : originOf(images.imageHost);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // React renders the school's theme colours and the hero video's fade as style attributes.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data:${cdn ? ` ${cdn}` : ''}`,
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${VIDEO_PLAYER_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The response headers for every file of the site: the same policy plus what only headers can say. */
export function siteHeaders(images: PolicyImages): Record<string, string> {
  return {
    'Content-Security-Policy': `${siteCsp(images)}; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    // Not no-referrer: YouTube's embedded player refuses to play without the embedding origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** The file Netlify and Cloudflare Pages read response headers from, at the site's root. */
export const HEADERS_FILE = '_headers';

/** `_headers` (Netlify / Cloudflare Pages format): one rule for every path. */
export function headersFile(headers: Record<string, string>): string {
  return ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n');
}

/** The headers of a `_headers` file's `/*` rule (what the static server sends for every file). */
export function readHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inRule = false;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inRule = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inRule && colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
