// One exit-code table for every command (export, start, content, preview, bench), so a script or
// CI job reads the same number the same way whichever command it ran. The meanings are the
// export's, which the README documents and its tests check; the other commands map onto them.
import { InputError } from './errors.ts';

export const EXIT = {
  /** Done. */
  ok: 0,
  /** Usage or configuration: a bad flag or environment variable, a missing dataset folder. */
  usage: 1,
  /** Fetching content or images failed (after retries, within the time limit). */
  fetch: 2,
  /** No valid content: zero publishable schools. */
  noContent: 3,
  /** Bundling, rendering, writing, or any other internal failure (a port in use, a crash). */
  render: 4,
  /** npm run bench only: it ran, but a target was missed. */
  targetMissed: 5,
  /** `npm run export -- --strict` only: the content has warnings (the report names them); nothing was published. */
  strict: 6,
  /** Stopped by SIGINT (Ctrl-C) before it finished: an export publishes nothing then (128 + 2, as shells report it). */
  interrupted: 130,
  /** Stopped by SIGTERM before it finished: an export publishes nothing then (128 + 15). */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of an error that stopped a command outside its own mapping: bad input or internal. */
export const exitCodeOf = (err: unknown): ExitCode => (err instanceof InputError ? EXIT.usage : EXIT.render);

/** The exit code of a command a signal stopped before it finished. */
export const exitCodeOfSignal = (signal: 'SIGINT' | 'SIGTERM'): ExitCode =>
  signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
