// `npm start`: exports the bundled sample through the embedded content service into out/ and
// serves it on http://127.0.0.1:$PORT (default 8080) like a static host, so anyone can see the
// finished site with no account or network. Exits cleanly on Ctrl-C / SIGTERM.
// Exit codes: the shared table (core/exit-codes.ts): the export's code when it fails, 1 for a bad PORT.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePort } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT } from '../core/exit-codes.ts';
import { DEFAULT_CONTENT_DIR, DEFAULT_OUT_DIR, REPO_ROOT } from '../core/paths.ts';
import { main as runExport } from './export.ts';
import { createStaticServer } from './lib/static-server.ts';

export const DEFAULT_PORT = 8080;
export const HOST = '127.0.0.1';

async function start(): Promise<number> {
  let port: number;
  try {
    port = parsePort(process.env.PORT, 'PORT', DEFAULT_PORT);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`start: ${err.message}`);
    return EXIT.usage;
  }
  // Always the bundled sample, whatever hosted project the shell may have configured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
  const out = DEFAULT_OUT_DIR;
  const code = await runExport(['--content', DEFAULT_CONTENT_DIR, '--out', out], {
    env,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: REPO_ROOT,
  });
  if (code !== EXIT.ok) return code;

  const app = await createStaticServer(out);
  await app.listen({ host: HOST, port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(
    `Serving ${path.relative(process.cwd(), out) || out}/ at http://${HOST}:${actual}/ (Ctrl-C to stop)\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.stdout.write(`\n${signal}: stopping\n`);
      app.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.ok;
}

/** Runs the command: called by bin/run.mjs (the bundled CLI), or below when tsx runs this file. */
export function runCli(): void {
  start().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = EXIT.render;
    },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runCli();
