// `npm run serve -- DIR [--base PATH]`: serves an export folder as a static host would, under the
// base path it was made for, so an export for a project site (https://owner.github.io/repo/,
// served at /repo/) can be looked at locally exactly as it will be deployed. Never exports.
// Exit codes: the shared table (core/exit-codes.ts): 1 for bad input or a folder without an export.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isMainModule, runCommand } from '../core/cli.ts';
import { parseArgs, parsePort, usage } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT } from '../core/exit-codes.ts';
import { normalizeBase } from './lib/options.ts';
import { DEFAULT_PORT, HOST, serveUntilStopped } from './lib/static-server.ts';
import { processEnv } from '../core/environment.ts';

const FLAGS = {
  base: { type: 'string', value: 'PATH', description: 'the path the site is served under, e.g. /repo/ (default /)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const;

async function serve(argv: readonly string[]): Promise<number> {
  const command = 'npm run serve -- DIR [flags]';
  let dir: string;
  let base: string;
  let port: number;
  try {
    const { values, positionals } = parseArgs(argv, FLAGS, { allowPositionals: true });
    if (values.help) {
      process.stdout.write(`${usage(command, FLAGS)}\n`);
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new InputError(`expected one folder, got ${positionals.length}`);
    dir = path.resolve(positionals[0]!);
    if (!existsSync(path.join(dir, 'index.html')))
      throw new InputError(`${positionals[0]}: no index.html (not an export)`);
    base = normalizeBase(values.base ?? '/');
    port = parsePort(processEnv().PORT, 'PORT', DEFAULT_PORT);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`serve: ${err.message}\n${usage(command, FLAGS)}`);
    return EXIT.usage;
  }
  await serveUntilStopped(dir, { host: HOST, port, base });
  return EXIT.ok;
}

/** Runs the command: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  runCommand(() => serve(process.argv.slice(2)));
}

if (isMainModule(import.meta.url)) runCli();
