// How every command ends: with its code from the shared exit-code table, and a crash printed and
// mapped to EXIT.render so a thrown bug never exits 0. Shared by the commands' runCli (which
// bin/run.mjs calls in the bundled build) and their tsx entry checks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, exitCodeOfSignal } from './exit-codes.ts';

/** Runs a command's main and sets the process's exit code from it. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = EXIT.render;
    },
  );
}

/** True when the module at `moduleUrl` is the file node (or tsx) was asked to run. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(moduleUrl);
}

/**
 * Ends the process on SIGINT or SIGTERM with 130 or 143, after `say` printed what was left (a
 * command that runs to an end, such as the export: its temp tree is a crashed export's to the next
 * one, and its swap is synchronous, so a signal never lands between the two renames). Worker
 * threads end with the process. Returns a function that removes the handlers (a server's own take over).
 */
export function exitOnSignals(say: (signal: 'SIGINT' | 'SIGTERM') => string): () => void {
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = (): void => {
      process.stderr.write(`${say(signal)}\n`);
      process.exit(exitCodeOfSignal(signal));
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
