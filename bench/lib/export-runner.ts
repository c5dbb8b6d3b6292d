// Runs the real export CLI (scripts/export.ts main) in this process and reports how long main()
// took, so the benchmark times the export itself: loading Node, tsx and the modules (about a
// second on this machine, the same for a full and an incremental run) happens before the clock
// starts. The process wall time is still measured by the harness and reported next to it.
//
// The export is told its stderr is a terminal, so it prints one line per phase with its duration
// (fetch, bundle, render, images, write), which the harness reads to show where the time goes.
//
// Usage: node --import tsx bench/lib/export-runner.ts [export flags]
// Prints the export's own output, then one line: EXPORT_MAIN_MS <ms>
import '../../scripts/lib/production-env.ts';
import { processEnv } from '../../core/environment.ts';

const { main } = await import('../../scripts/export.ts');
const stderr = { isTTY: true, write: (s: string) => process.stderr.write(s) };
const started = performance.now();
const code = await main(process.argv.slice(2), {
  env: processEnv(),
  stdout: process.stdout,
  stderr,
  cwd: process.cwd(),
});
process.stdout.write(`EXPORT_MAIN_MS ${(performance.now() - started).toFixed(1)}\n`);
process.exitCode = code;
