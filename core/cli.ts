// How every command ends: with its code from the shared exit-code table, and a crash printed and
// mapped to EXIT.render so a thrown bug never exits 0. Shared by the commands' runCli (which
// bin/run.mjs calls in the bundled build) and their tsx entry checks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT } from './exit-codes.ts';

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
