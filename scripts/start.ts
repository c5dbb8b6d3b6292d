// `npm start`: exports the bundled sample through the embedded content service into out/ and
// serves it on http://127.0.0.1:$PORT (default 8080) like a static host, so anyone can see the
// finished site with no account or network. Exits cleanly on Ctrl-C / SIGTERM.
// Exit codes: those of the export (see scripts/export.ts) when it fails; 1 for a bad PORT.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONTENT_DIR, DEFAULT_OUT_DIR, EXIT, main as runExport, PROJECT_ROOT } from './export.ts';
import { createStaticServer } from './lib/static-server.ts';

export const DEFAULT_PORT = 8080;
export const HOST = '127.0.0.1';

export function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) > 65535) throw new Error(`PORT must be a whole number from 0 to 65535, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

async function start(): Promise<number> {
  let port: number;
  try { port = parsePort(process.env.PORT); } catch (err) {
    console.error(`start: ${(err as Error).message}`);
    return EXIT.usage;
  }
  // Always the bundled sample, whatever hosted project the shell may have configured.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
  const out = path.join(PROJECT_ROOT, DEFAULT_OUT_DIR);
  const code = await runExport(['--content', path.join(PROJECT_ROOT, DEFAULT_CONTENT_DIR), '--out', out], {
    env, stdout: process.stdout, stderr: process.stderr, cwd: PROJECT_ROOT,
  });
  if (code !== EXIT.ok) return code;

  const app = await createStaticServer(out);
  await app.listen({ host: HOST, port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`Serving ${path.relative(process.cwd(), out) || out}/ at http://${HOST}:${actual}/ (Ctrl-C to stop)\n`);

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
    (code) => { process.exitCode = code; },
    (err: unknown) => { console.error(err); process.exitCode = EXIT.render; },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runCli();
