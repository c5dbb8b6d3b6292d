// Addresses come from editors and must never become script: every href the site renders from content
// passes through here. Browsers ignore control characters and tabs/newlines inside a scheme and
// compare schemes case-insensitively, so the check does the same before deciding.

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** Trims, drops control/invisible characters; null for non-strings and empty results. */
function clean(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const s = raw.replace(INVISIBLE, '').trim();
  return s === '' ? null : s;
}

/** The lower-case scheme the browser would see, or null for a relative address. */
export function schemeOf(raw: string): string | null {
  // Whitespace inside the scheme ("java script:") is stripped by the URL parser for tabs/newlines;
  // other whitespace makes the value relative, but treating it as part of the scheme is the safe side.
  const compact = raw.replace(/\s+/g, '');
  const m = SCHEME.exec(compact);
  return m ? m[1]!.toLowerCase() : null;
}

/** Protocol-relative ("//host", "/\host", "\\host") addresses leave the site although they have no scheme. */
function isProtocolRelative(s: string): boolean {
  return /^[/\\]{2}/.test(s);
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * For rich-text links: http(s), mailto, tel, site-relative paths and #fragments.
 * Returns the cleaned address to render, or null (render the text without a link).
 */
export function safeLinkHref(raw: unknown): string | null {
  const s = clean(raw);
  if (s === null) return null;
  const scheme = schemeOf(s);
  if (scheme === null) return isProtocolRelative(s) ? null : s;
  if (!LINK_SCHEMES.has(scheme)) return null;
  if ((scheme === 'http' || scheme === 'https') && !isAbsoluteHttpUrl(s)) return null;
  return s;
}

function isAbsoluteHttpUrl(s: string): boolean {
  // "http:host" without slashes parses, but is never what an editor meant.
  if (!/^https?:[/\\]{2}/i.test(s.replace(/\s+/g, ''))) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Absolute http(s) URL with a host (tour links, external highlights), else null. */
export function safeHttpUrl(raw: unknown): string | null {
  const s = clean(raw);
  if (s === null) return null;
  const scheme = schemeOf(s);
  if (scheme !== 'http' && scheme !== 'https') return null;
  return isAbsoluteHttpUrl(s) ? s : null;
}

/** Internal address: a site path starting with one "/" or a "#fragment". */
export function safeInternalHref(raw: unknown): string | null {
  const s = clean(raw);
  if (s === null) return null;
  if (s.startsWith('#')) return s.length > 1 ? s : null;
  if (s.startsWith('/') && !isProtocolRelative(s) && schemeOf(s) === null) return s;
  return null;
}

/**
 * A static image address from content: "/path" is a site file under the asset base path
 * (`base` ends with "/"), an absolute http(s) URL is used as is, anything else is ignored.
 */
export function staticAssetUrl(raw: unknown, base: string): string | null {
  const s = clean(raw);
  if (s === null) return null;
  if (s.startsWith('/') && !isProtocolRelative(s)) return base.replace(/\/+$/, '') + s;
  return safeHttpUrl(s);
}
