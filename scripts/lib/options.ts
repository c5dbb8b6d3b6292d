// Validation of the export's command-line values, kept apart from the CLI so tests can check them.
import { InputError } from '../../core/errors.ts';

/**
 * The asset base path with a leading and trailing slash ('' and '/' → '/', 'wp-content/themes/x' →
 * '/wp-content/themes/x/'). It becomes both a URL prefix and a folder inside out/, so only plain
 * path segments are accepted.
 */
export function normalizeBase(raw: string): string {
  const segments = raw
    .trim()
    .split('/')
    .filter((s) => s !== '');
  for (const s of segments) {
    if (s === '.' || s === '..' || !/^[A-Za-z0-9._~-]+$/.test(s)) {
      throw new InputError(
        `--base ${JSON.stringify(raw)}: each path segment may only use letters, digits and . _ ~ - (and no "." or ".." segments)`,
      );
    }
  }
  return segments.length ? `/${segments.join('/')}/` : '/';
}

/** Milliseconds from a flag or environment value, within bounds. */
export function parseMs(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new InputError(`${name} must be a whole number of milliseconds, got ${JSON.stringify(raw)}`);
  const n = Number(raw);
  if (n < 100 || n > 3_600_000) throw new InputError(`${name} must be between 100 and 3600000 ms, got ${n}`);
  return n;
}
