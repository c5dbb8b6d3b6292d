// `npm run content -- --content DIR --port N [--token T] [--dataset NAME]`: the embedded
// content service's own command, e.g. to point a hosted-style configuration (SANITY_API_HOST) at a
// dataset folder, or to try queries with curl. Binds loopback only: drafts are behind the token,
// but nothing here is meant for a network.
import { resolve } from 'node:path';
import { startContentService } from './index.ts';
import { DEFAULT_CONTENT_DIR } from '../core/paths.ts';
import { parsePort, parseArgs, usage, type FlagSpecs } from '../core/args.ts';
import { DEFAULT_DATASET } from '../core/content-rules.ts';
import { InputError } from '../core/errors.ts';
import { EXIT, exitCodeOf } from '../core/exit-codes.ts';

const FLAGS = {
  content: {
    type: 'string',
    value: 'DIR',
    description:
      'dataset folder (dataset.ndjson + images/) or a `sanity dataset export` .tar.gz or folder, ' +
      'default content/sample',
  },
  port: { type: 'string', value: 'N', description: 'port on 127.0.0.1 (default 4000; 0 picks a free port)' },
  token: {
    type: 'string',
    value: 'T',
    description:
      'token that unlocks drafts, mutations and uploads, written into a dataset folder (an empty folder starts an empty dataset); none: published reads only',
  },
  dataset: { type: 'string', value: 'NAME', description: 'dataset name in URLs (default production)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const satisfies FlagSpecs;

const COMMAND = 'npm run content -- [--content DIR] [--port N] [--token T] [--dataset NAME]';

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs(process.argv.slice(2), FLAGS).values;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`content: ${err.message}\n${usage(COMMAND, FLAGS)}`);
    process.exit(EXIT.usage);
  }
  if (values.help) {
    console.log(usage(COMMAND, FLAGS));
    return;
  }
  let port: number;
  try {
    port = parsePort(values.port, '--port', 4000);
    if (values.token !== undefined && values.token.trim().length < 8)
      throw new InputError('flag --token needs at least 8 characters');
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`content: ${err.message}`);
    process.exit(EXIT.usage);
  }
  const contentDir = values.content ? resolve(values.content) : DEFAULT_CONTENT_DIR;
  const dataset = values.dataset ?? DEFAULT_DATASET;
  let service;
  try {
    const token = values.token?.trim() ?? null;
    // With a token the folder is writable: what `sanity dataset import` or a script sends is kept.
    service = await startContentService({ contentDir, port, dataset, token, persist: token !== null });
  } catch (err) {
    console.error(`content: ${(err as Error).message}`);
    // A missing folder or a bad dataset name is the caller's to fix (1); a busy port and the like is not (4).
    process.exit(exitCodeOf(err));
  }
  console.log(
    `Content service for ${contentDir} (dataset "${dataset}"${values.token ? ', drafts, mutations and uploads need the token; accepted changes are written to the folder' : ', published documents only'})`,
  );
  console.log(service.url);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // Whatever is still open after 4 s is cut: stopping must finish within 5 s.
    setTimeout(() => process.exit(EXIT.render), 4_000).unref();
    service.close().then(
      () => process.exit(EXIT.ok),
      () => process.exit(EXIT.render),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`content: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = exitCodeOf(err);
});
