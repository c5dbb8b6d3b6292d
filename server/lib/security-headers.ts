// Security headers for every preview response, as @fastify/helmet options. Images are proxied
// through the preview server and scripts/styles are same-origin files, so the policy can stay at
// 'self' plus the video player. Helmet's other defaults are switched off so the preview sends
// exactly the headers it always has: HSTS means nothing on the loopback http it serves, and the
// legacy X-* headers it adds are for browsers the preview does not support.
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const VIDEO_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

export interface CspOptions {
  /** Extra origins allowed for images (e.g. an image CDN not proxied). */
  imageOrigins?: readonly string[];
  /** The Studio's origin, allowed to show the preview in its Presentation frame; none: no framing at all. */
  studioOrigin?: string | null;
}

export function helmetOptions(opts: CspOptions = {}): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      // No helmet defaults: every directive is listed here, so the policy reads in one place.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', ...(opts.imageOrigins ?? [])],
        'media-src': ["'self'"],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-src': [VIDEO_PLAYER_ORIGIN],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': opts.studioOrigin ? ["'self'", opts.studioOrigin] : ["'none'"],
      },
    },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'no-referrer' },
    // X-Frame-Options knows no origin list: with a Studio, frame-ancestors alone decides.
    xFrameOptions: opts.studioOrigin ? false : { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  };
}

/** What helmet does not set. */
export const EXTRA_HEADERS: Record<string, string> = {
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
  // Drafts must not end up in a search index even if the gate were misconfigured.
  'x-robots-tag': 'noindex, nofollow',
};
