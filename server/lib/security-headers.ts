// Security headers for every preview response. Images are proxied through the preview server and
// scripts/styles are same-origin files, so the policy can stay at 'self' plus the video player.
export const VIDEO_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

export interface CspOptions {
  /** Extra origins allowed for images (e.g. an image CDN not proxied). */
  imageOrigins?: readonly string[];
}

export function contentSecurityPolicy(opts: CspOptions = {}): string {
  const img = ["'self'", 'data:', ...(opts.imageOrigins ?? [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${img}`,
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${VIDEO_PLAYER_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(opts: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
    // Drafts must not end up in a search index even if the gate were misconfigured.
    'x-robots-tag': 'noindex, nofollow',
  };
}
