// The preview gate's cryptography: the secret is compared in constant time (HMAC digests of equal
// length through timingSafeEqual) and a session is a server-signed, expiring cookie value, so no
// session store is needed and rotating PREVIEW_SECRET ends every existing session. The signature
// is @fastify/cookie's (HMAC-SHA256, checked in constant time); what is signed carries the
// session's expiry, which the server checks, since a browser may keep a cookie past its Max-Age.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';

export const SESSION_COOKIE = 'preview_session';
/**
 * Set beside the session by the Studio's handshake (and cleared by a ?secret= link): this browser
 * previews inside the Studio's Presentation tool, so pages and API answers carry stega for
 * click-to-edit. Not a credential: it only switches the encoding of what the session may see.
 */
export const STUDIO_COOKIE = 'preview_studio';

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
  const cookie = signerFactory(key);
  const mac = (text: string): Buffer => createHmac('sha256', key).update(text).digest();
  const expected = mac(`secret:${secret}`);

  return {
    ttlMs,
    secretMatches(candidate) {
      return timingSafeEqual(mac(`secret:${candidate}`), expected);
    },
    issue(now = Date.now()) {
      const exp = Math.floor((now + ttlMs) / 1000).toString(36);
      return cookie.sign(`v1.${exp}.${randomBytes(9).toString('base64url')}`);
    },
    verify(value, now = Date.now()) {
      if (typeof value !== 'string' || value.length > 200) return false;
      const signed = cookie.unsign(value);
      if (!signed.valid) return false;
      const parts = signed.value.split('.');
      if (parts.length !== 3 || parts[0] !== 'v1') return false;
      const exp = parseInt(parts[1]!, 36);
      return Number.isFinite(exp) && exp * 1000 > now;
    },
  };
}

/**
 * Counts failed secret attempts per client in a sliding window (GuessThrottle's bookkeeping).
 * Not @fastify/rate-limit: it counts every request and then refuses them all, where the gate
 * counts only wrong secrets and never refuses a right one (an office behind one address, or a
 * cross-site `<img src=?secret=x>` in an editor's browser, must not lock the editor out).
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

  /** Whether `key` failed at all within the window. */
  failed(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length > 0;
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
 * Whom the guess limit counts a request against: an IPv4 address as it is, an IPv6 one by its /64,
 * the block a single subscriber or server gets (counting each of its 2^64 addresses apart would
 * hand one attacker endless fresh budgets).
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

export interface GuessLimits {
  /** Wrong secrets from one client in `windowMs` before its checks are slowed down. */
  max: number;
  windowMs: number;
  /** Wrong secrets from all clients together in `windowMs` before every check is slowed down. */
  globalMax?: number;
  /** How long a slowed check waits before the secret is compared. */
  delayMs?: number;
  /** Slowed checks one client may have waiting at once; more are refused (429) unchecked. */
  maxWaiting?: number;
  /**
   * Slowed checks all clients together may have waiting at once; as many again are kept for
   * clients that have not failed lately (an editor slowed only by everyone's guessing).
   */
  maxWaitingGlobal?: number;
}

/**
 * Bounds secret guessing without locking a correct secret out. The secret is always compared (a
 * right one opens a session whatever others guessed from the same address: an office behind one
 * NAT, or a cross-site `<img src=?secret=x>` in an editor's browser), and only failures count.
 * Once a client, or everyone together, is over the failure limit, each check first waits
 * `delayMs`, right or wrong alike (so a fast answer gives nothing away), and only a few may wait at
 * once: a client then gets at most maxWaiting/delayMs answers a second (2/s by default), all
 * clients together maxWaitingGlobal/delayMs. Clients with no failure of their own in the window
 * wait in slots of their own, so guessers (9 addresses × 2 guesses through a trusted proxy filled
 * the shared slots) cannot make an editor's correct link answer 429.
 */
export class GuessThrottle {
  private readonly clients: FailureLimiter;
  private readonly everyone: FailureLimiter;
  private readonly waiting = new Map<string, number>();
  /** Checks waiting now: from clients that failed lately, and from those that did not. */
  private readonly waitingTotal = { failing: 0, clean: 0 };
  private readonly delayMs: number;
  private readonly maxWaiting: number;
  private readonly maxWaitingGlobal: number;

  constructor(limits: GuessLimits) {
    this.clients = new FailureLimiter(limits.max, limits.windowMs);
    this.everyone = new FailureLimiter(limits.globalMax ?? 20 * limits.max, limits.windowMs, 1);
    this.delayMs = limits.delayMs ?? 1000;
    this.maxWaiting = limits.maxWaiting ?? 2;
    this.maxWaitingGlobal = limits.maxWaitingGlobal ?? 16;
  }

  /** Whether checks from `key` are slowed: its own or everyone's failures are over the limit. */
  slowed(key: string, now = Date.now()): boolean {
    return this.clients.blocked(key, now) || this.everyone.blocked('*', now);
  }

  /**
   * Lets one secret check from `key` go ahead: at once when not slowed, after `delayMs` when
   * slowed, or not at all (false: answer 429 without comparing) when the waiting slots are full.
   */
  async admit(key: string): Promise<boolean> {
    if (!this.slowed(key)) return true;
    const mine = this.waiting.get(key) ?? 0;
    const pool = this.clients.failed(key) ? 'failing' : 'clean';
    if (mine >= this.maxWaiting || this.waitingTotal[pool] >= this.maxWaitingGlobal) return false;
    this.waiting.set(key, mine + 1);
    this.waitingTotal[pool]++;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    } finally {
      const left = (this.waiting.get(key) ?? 1) - 1;
      if (left > 0) this.waiting.set(key, left);
      else this.waiting.delete(key);
      this.waitingTotal[pool]--;
    }
    return true;
  }

  recordFailure(key: string, now = Date.now()): void {
    this.clients.recordFailure(key, now);
    this.everyone.recordFailure('*', now);
  }

  /** Seconds until `key` is no longer slowed (for Retry-After); at least 1. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const everyone = this.everyone.blocked('*', now) ? this.everyone.retryAfterSeconds('*', now) : 0;
    return Math.max(1, this.clients.retryAfterSeconds(key, now), everyone);
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
  const pathname = `/${rawPath.replace(/^[/\\]+/, '').replace(/#.*$/s, '')}`;
  return pathname + (search ? `?${search}` : '');
}

/** Percent- and plus-decoding repeated until stable (a few rounds), or null when malformed. */
function decodeFully(text: string): string | null {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * For logs: the URL with the value of every query parameter that has to do with a secret
 * replaced. Judged on the decoded parameter, as the gate reads it, so `%73ecret=`, `SECRET=`,
 * `secret[]=`, `x=1;secret=` (a `;` separator) and `next=%2F%3Fsecret%3D...` are all caught;
 * a parameter that does not decode cleanly is dropped whole, as nothing can be said about it.
 */
export function redactUrl(rawUrl: string | undefined): string | undefined {
  if (typeof rawUrl !== 'string') return rawUrl;
  const q = rawUrl.indexOf('?');
  if (q === -1) return rawUrl;
  const query = rawUrl
    .slice(q + 1)
    .split(/([&;])/)
    .map((part, i) => {
      if (i % 2 === 1 || part === '') return part;
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      const decodedName = decodeFully(name);
      const decodedValue = eq === -1 ? '' : decodeFully(part.slice(eq + 1));
      if (decodedName === null) return '[redacted]';
      if (decodedValue === null || /secret/i.test(decodedName) || /secret/i.test(decodedValue))
        return `${name}=[redacted]`;
      return part;
    })
    .join('');
  return `${rawUrl.slice(0, q)}?${query}`;
}
