// `npm run studio [-- dev|build|deploy|…]` (or `-- --content DIR` offline: offline.ts): checks the project settings, then runs the `sanity`
// command line in studio/ with them. Without a project id it stops with one sentence saying what
// to set, rather than letting the Studio start against no project.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStudioEnv } from '../env.ts';
import { childEnv, processEnv } from '../../core/environment.ts';

const STUDIO = fileURLToPath(new URL('..', import.meta.url));

const argv = process.argv.slice(2);
// `--content DIR`: no hosted project at all, the embedded service and a local editor instead.
if (argv.some((a) => a === '--content' || a.startsWith('--content='))) {
  const { runOffline } = await import('./offline.ts');
  try {
    await runOffline(argv);
  } catch (err) {
    console.error(`studio: ${(err as Error).message}`);
    process.exit(1);
  }
} else runHosted();

function runHosted(): void {
  const read = readStudioEnv(processEnv());
  if ('error' in read) {
    console.error(read.error);
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const command = args.length ? args : ['dev'];
  const bin = join(dirname(createRequire(import.meta.url).resolve('sanity/package.json')), 'bin/sanity');
  console.log(`Sanity Studio: project ${read.projectId}, dataset ${read.dataset} (sanity ${command.join(' ')})`);
  const child = spawn(process.execPath, [bin, ...command], {
    cwd: STUDIO,
    stdio: 'inherit',
    env: childEnv({ SANITY_STUDIO_PROJECT_ID: read.projectId, SANITY_STUDIO_DATASET: read.dataset }),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
