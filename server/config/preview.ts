// The preview server's configuration, read and validated once at boot so a mistake stops the
// server with a message naming the variable or flag at fault instead of surfacing as a confusing
// failure on the first request. Secrets are held here but never printed by this module.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import envSchema from 'env-schema';
import Type, { type Static } from 'typebox';
import { readPublicConfig, type PublicConfig } from '../../src/config/public.ts';
import { readSecrets } from '../../core/secrets.ts';
import { parseArgs, parsePort, type FlagSpecs } from '../../core/args.ts';
import { InputError } from '../../core/errors.ts';

export const PREVIEW_FLAGS = {
  content: {
    type: 'string',
    value: 'DIR',
    description: 'dataset folder for the embedded content service (default content/sample)',
  },
  port: { type: 'string', value: 'N', description: 'port to listen on (default $PORT or 3000; 0 picks a free port)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const satisfies FlagSpecs;

export const DEFAULT_PREVIEW_PORT = 3000;
/** Long enough that guessing is hopeless even before the rate limit. */
export const MIN_SECRET_LENGTH = 16;
export const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface PreviewConfig {
  port: number;
  /** Loopback unless PREVIEW_HOST says otherwise: the preview shows unpublished drafts. */
  host: string;
  /** Dataset folder for the embedded service; null means its default (content/sample). */
  contentDir: string | null;
  /** The hosted project, or null for the embedded content service. */
  hosted: PublicConfig | null;
  previewSecret: string;
  /** True when no PREVIEW_SECRET was given and one was generated for this run (embedded only). */
  secretGenerated: boolean;
  sessionTtlMs: number;
  /** Reverse proxies in front whose X-Forwarded-* to trust (PREVIEW_TRUST_PROXY); empty for none. */
  trustProxy: TrustProxy;
  /** The Studio whose Presentation tool frames the preview and gets click-to-edit (SANITY_STUDIO_URL). */
  studioUrl: string;
  help: boolean;
}

/** Where `npm run studio` serves the Studio (sanity dev). */
export const DEFAULT_STUDIO_URL = 'http://localhost:3333';

/** SANITY_STUDIO_URL: the Studio's address, http(s), without query or fragment; blank for the local default. */
export function parseStudioUrl(raw: string | undefined): string {
  const v = raw?.trim();
  if (!v) return DEFAULT_STUDIO_URL;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new InputError(
      `"${v}" is not a URL: give the Studio's address, e.g. https://district.sanity.studio`,
      'SANITY_STUDIO_URL',
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
    throw new InputError(
      `"${v}" is not an http(s) address without query, fragment or credentials`,
      'SANITY_STUDIO_URL',
    );
  return url.href.replace(/\/$/, '');
}

type Env = Record<string, string | undefined>;

/** The reverse proxies in front of the preview, by address or range; empty for none. */
export type TrustProxy = string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * PREVIEW_TRUST_PROXY: the reverse proxies' addresses or CIDR ranges, comma-separated
 * (`loopback` for a proxy on the same machine); blank, 0, false or no for none. Only a request
 * whose socket comes from one of them has its X-Forwarded-* read, and request.ip is then the
 * address that proxy saw, not whatever the client wrote further left. "true" and hop counts are
 * refused: either trusts a client that reaches the preview directly, which could then name any
 * address and have the guess limit count its wrong secrets against someone else's (Fastify 5
 * itself stopped honouring hop counts for that reason).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || v === '0' || v === 'false' || v === 'no') return [];
  const list = v.split(',').map((s) => s.trim());
  for (const item of list) {
    const [addr, bits, extra] = item.split('/');
    const family = isIP(addr ?? '');
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (PROXY_RANGE_NAMES.has(item) || (family !== 0 && bitsOk && extra === undefined)) continue;
    throw new InputError(
      `"${raw?.trim()}" is not a list of proxy addresses: give the address(es) of the reverse proxy in front of the preview (e.g. loopback, 10.0.0.5 or 10.0.0.0/8), comma-separated; "true" or a hop count would let a client that reaches the preview directly choose its own address`,
      'PREVIEW_TRUST_PROXY',
    );
  }
  return list;
}

/**
 * The preview's own variables, checked by env-schema (ajv: defaults, number coercion). Each
 * `description` finishes the message naming the variable. PORT is read by parsePort, the rule
 * every command shares; SANITY_* and the secrets by their own readers.
 */
const PreviewEnv = Type.Object({
  PREVIEW_HOST: Type.String({
    pattern: '^[A-Za-z0-9.:-]+$',
    default: '127.0.0.1',
    description: 'a host name or address',
  }),
  PREVIEW_SESSION_HOURS: Type.Integer({
    minimum: 1,
    maximum: 720,
    default: DEFAULT_SESSION_TTL_MS / 3_600_000,
    description: 'a whole number of hours between 1 and 720',
  }),
});

function readPreviewEnv(env: Env): Static<typeof PreviewEnv> {
  // Blank counts as unset and values are trimmed, as for every other variable.
  const data: Record<string, string> = {};
  for (const name of Object.keys(PreviewEnv.properties)) {
    const v = env[name]?.trim();
    if (v) data[name] = v;
  }
  try {
    return envSchema<Static<typeof PreviewEnv>>({ schema: PreviewEnv, data, dotenv: false });
  } catch (err) {
    const first = (err as { errors?: { instancePath?: string }[] }).errors?.[0];
    const name = first?.instancePath?.slice(1) as keyof typeof PreviewEnv.properties | undefined;
    if (!name || !(name in PreviewEnv.properties)) throw err;
    const rule = (PreviewEnv.properties[name] as { description?: string }).description ?? 'valid';
    throw new InputError(`"${env[name]?.trim()}" is not ${rule}`, name);
  }
}

/**
 * Validates flags and environment. Throws InputError for bad flags and, naming the variable, for
 * bad environment (PORT, PREVIEW_SECRET, SANITY_*, PREVIEW_SESSION_HOURS, ...).
 */
export function loadPreviewConfig(argv: readonly string[], env: Env, cwd = process.cwd()): PreviewConfig {
  const { values } = parseArgs(argv, PREVIEW_FLAGS);
  const port = parsePort(values.port, '--port', parsePort(env.PORT, 'PORT', DEFAULT_PREVIEW_PORT));

  // Throws InputError naming SANITY_PROJECT_ID / SANITY_DATASET / SANITY_API_VERSION / SANITY_API_HOST.
  const hosted = readPublicConfig(env);
  if (hosted && values.content !== undefined) {
    throw new InputError(
      'flag --content only applies to the embedded content service; unset SANITY_PROJECT_ID to use it',
    );
  }
  // The one module that reads secrets; it rejects values with inner whitespace, naming the variable.
  const secrets = readSecrets(env);
  if (hosted && !secrets.readToken) {
    throw new InputError(
      'is required with a hosted project (SANITY_PROJECT_ID): the preview reads drafts with it',
      'SANITY_API_READ_TOKEN',
    );
  }

  const given = secrets.previewSecret;
  let previewSecret: string;
  let secretGenerated = false;
  if (given === null) {
    if (hosted)
      throw new InputError(
        'is required with a hosted project (SANITY_PROJECT_ID): it keeps drafts private',
        'PREVIEW_SECRET',
      );
    previewSecret = randomBytes(24).toString('base64url');
    secretGenerated = true;
  } else {
    previewSecret = given;
    if (previewSecret.length < MIN_SECRET_LENGTH)
      throw new InputError(`must be at least ${MIN_SECRET_LENGTH} characters long`, 'PREVIEW_SECRET');
    if (!/^[\x21-\x7e]+$/.test(previewSecret))
      throw new InputError('must be printable ASCII without spaces (it travels in a URL)', 'PREVIEW_SECRET');
  }

  const own = readPreviewEnv(env);

  return {
    port,
    host: own.PREVIEW_HOST,
    contentDir: values.content !== undefined ? path.resolve(cwd, values.content) : null,
    hosted,
    previewSecret,
    secretGenerated,
    sessionTtlMs: own.PREVIEW_SESSION_HOURS * 60 * 60 * 1000,
    trustProxy: parseTrustProxy(env.PREVIEW_TRUST_PROXY),
    studioUrl: parseStudioUrl(env.SANITY_STUDIO_URL),
    help: values.help === true,
  };
}
