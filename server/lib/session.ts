// The preview gate's cryptography: the secret is compared in constant time (HMAC digests of equal
// length through timingSafeEqual) and a session is a server-signed, expiring cookie value, so no
// session store is needed and rotating PREVIEW_SECRET ends every existing session.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'preview_session';

export interface SessionSigner {
  /** Constant-time check of a candidate secret against the configured one. */
  secretMatches(candidate: string): boolean;
  /** A new signed session value that expires `ttlMs` from `now`. */
  issue(now?: number): string;
  /** True when `value` was issued by this signer and has not expired. */
  verify(value: string | undefined, now?: number): boolean;
  readonly ttlMs: number;
}

export function createSessionSigner(secret: string, ttlMs: number): SessionSigner {
  // Derived, not the secret itself, so the cookie signature reveals nothing usable as the secret.
  const key = createHmac('sha256', secret).update('preview-session-key-v1').digest();
  const mac = (text: string): Buffer => createHmac('sha256', key).update(text).digest();
  const expected = mac(`secret:${secret}`);

  return {
    ttlMs,
    secretMatches(candidate) {
      return timingSafeEqual(mac(`secret:${candidate}`), expected);
    },
    issue(now = Date.now()) {
      const exp = Math.floor((now + ttlMs) / 1000).toString(36);
      const nonce = randomBytes(9).toString('base64url');
      const body = `v1.${exp}.${nonce}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(value, now = Date.now()) {
      if (typeof value !== 'string' || value.length > 200) return false;
      const parts = value.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') return false;
      const body = parts.slice(0, 3).join('.');
      const given = Buffer.from(parts[3]!, 'base64url');
      const want = mac(body);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return false;
      const exp = parseInt(parts[1]!, 36);
      return Number.isFinite(exp) && exp * 1000 > now;
    },
  };
}

/**
 * Counts failed secret attempts per client in a sliding window. Only failures count, so an editor
 * who opens the right link repeatedly is never blocked, while guessing stops after `max` misses.
 */
export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    readonly max = 10,
    readonly windowMs = 60_000,
    private readonly maxClients = 10_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  /** Seconds until the oldest failure leaves the window (for Retry-After). */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    return list.length ? Math.max(1, Math.ceil((list[0]! + this.windowMs - now) / 1000)) : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.delete(key);
    this.hits.set(key, list);
    // Bounded memory under a spray of addresses: forget the least recently failing clients.
    while (this.hits.size > this.maxClients) this.hits.delete(this.hits.keys().next().value!);
  }
}

/**
 * The request target without its `secret` parameter, as a same-origin path. Leading slashes are
 * collapsed so "//evil.example/?secret=..." cannot become a protocol-relative redirect.
 */
export function withoutSecret(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1));
  params.delete('secret');
  const search = params.toString();
  const pathname = '/' + rawPath.replace(/^[/\\]+/, '').replace(/#.*$/s, '');
  return pathname + (search ? `?${search}` : '');
}

/** For logs: the URL with any secret value replaced, never the real one. */
export function redactUrl(rawUrl: string | undefined): string | undefined {
  if (typeof rawUrl !== 'string') return rawUrl;
  return rawUrl.replace(/([?&]secret=)[^&#]*/gi, '$1[redacted]');
}
