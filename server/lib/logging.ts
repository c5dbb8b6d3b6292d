// Logger settings for the preview server. Neither the read token nor the preview secret may ever
// reach a log: credentials and cookies are redacted wherever they could appear, request URLs are
// logged with every secret-looking query parameter replaced (judged decoded, as the gate reads
// it), and as a last line every log line is scrubbed of the known secret values themselves.
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { redactUrl } from './session.ts';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'token',
  'secret',
  'previewSecret',
  '*.token',
  '*.secret',
];

export interface LogStream {
  write(line: string): void;
}

/** The spellings of `value` a log line could hold: as is, percent-encoded, JSON-escaped. */
function spellings(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])].filter(
    (s) => s.length >= 8,
  );
}

export function loggerOptions(
  opts: { level?: string; stream?: LogStream; secrets?: readonly (string | null | undefined)[] } = {},
): NonNullable<FastifyServerOptions['loggerInstance'] | Record<string, unknown>> {
  const known = (opts.secrets ?? []).flatMap((s) => (s ? spellings(s) : []));
  return {
    ...(known.length
      ? { hooks: { streamWrite: (line: string) => known.reduce((out, s) => out.replaceAll(s, '[redacted]'), line) } }
      : {}),
    level: opts.level ?? 'info',
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}

/** Log lines for a person at a terminal: time, level and message, without pids and request ids. */
export function prettyLog(): LogStream {
  return pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime' });
}
