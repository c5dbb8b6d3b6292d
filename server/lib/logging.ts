// Logger settings for the preview server. Neither the read token nor the preview secret may ever
// reach a log: credentials and cookies are redacted wherever they could appear, and request URLs
// are logged with the ?secret= value replaced.
import type { FastifyServerOptions } from 'fastify';
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

export function loggerOptions(
  opts: { level?: string; stream?: LogStream } = {},
): NonNullable<FastifyServerOptions['loggerInstance'] | Record<string, unknown>> {
  return {
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
