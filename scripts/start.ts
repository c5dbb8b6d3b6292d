// `npm start`: serves out/ on http://127.0.0.1:$PORT (default 8080) like a static host, so anyone can
// see the finished site with no account or network. An export already in out/ is served as it is
// (it may be a district's real export, or one made with other flags: never overwritten behind its
// owner's back); only when there is none is the bundled sample exported first, through the embedded
// content service. `--out DIR` serves (or creates) another folder. Exits cleanly on Ctrl-C / SIGTERM.
// Exit codes: the shared table (core/exit-codes.ts): the export's code when it fails, 1 for bad input.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exitOnSignals, isMainModule, runCommand } from '../core/cli.ts';
import { parseArgs, parsePort, usage } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT } from '../core/exit-codes.ts';
import { DEFAULT_CONTENT_DIR, DEFAULT_OUT_DIR, REPO_ROOT } from '../core/paths.ts';
import { main as runExport, stoppedMessage } from './export.ts';
import { DEFAULT_PORT, HOST, serveUntilStopped } from './lib/static-server.ts';
import { crashedExports, holdsExport, restoreInterruptedSwap } from './lib/write-site.ts';
import { childEnv, processEnv } from '../core/environment.ts';

export { DEFAULT_PORT, HOST };

const FLAGS = {
  out: { type: 'string', value: 'DIR', description: 'export to serve; the sample is exported there if none (out/)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const;

async function start(argv: readonly string[]): Promise<number> {
  let port: number;
  let out: string;
  try {
    const { values } = parseArgs(argv, FLAGS);
    if (values.help) {
      process.stdout.write(`${usage('npm start -- [flags]', FLAGS)}\n`);
      return EXIT.ok;
    }
    port = parsePort(processEnv().PORT, 'PORT', DEFAULT_PORT);
    out = values.out ? path.resolve(values.out) : DEFAULT_OUT_DIR;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`start: ${err.message}`);
    return EXIT.usage;
  }
  const shown = path.relative(process.cwd(), out) || out;
  const restored = restoreInterruptedSwap(out);
  if (restored)
    process.stdout.write(`${shown}/ restored from ${path.basename(restored)}, left by an interrupted export\n`);
  const leftovers = holdsExport(out) || !existsSync(path.dirname(out)) ? [] : crashedExports(out);
  if (leftovers.length > 0) {
    // The sample is never exported over what an interrupted export left: it may be the only copy of a site.
    console.error(
      `start: ${leftovers.map((d) => path.basename(d)).join(', ')} beside ${shown}/ ${leftovers.length === 1 ? 'is' : 'are'} left by an interrupted export; ` +
        'run `npm run export` again, or move them away to have the sample exported',
    );
    return EXIT.usage;
  }
  if (holdsExport(out)) {
    process.stdout.write(
      `${shown}/ already holds an export: serving it as it is (re-export with \`npm run export\`; ` +
        'an export made with --base is served under it with `npm run serve -- DIR --base PATH`)\n',
    );
  } else {
    // Always the bundled sample, whatever hosted project the shell may have configured.
    const env = childEnv({}, { embedded: true });
    const release = exitOnSignals(stoppedMessage);
    const code = await runExport(['--content', DEFAULT_CONTENT_DIR, '--out', out], {
      env,
      stdout: process.stdout,
      stderr: process.stderr,
      cwd: REPO_ROOT,
    });
    release();
    if (code !== EXIT.ok) return code;
  }
  await serveUntilStopped(out, { host: HOST, port });
  return EXIT.ok;
}

/** Runs the command: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  runCommand(() => start(process.argv.slice(2)));
}

if (isMainModule(import.meta.url)) runCli();
