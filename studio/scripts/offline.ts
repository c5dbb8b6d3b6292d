// `npm run studio -- --content DIR [--port N]`: the real Studio with no hosted project. Starts
// the embedded content service over DIR (writable, as `npm run content` with a token) and
// `sanity dev` pointed at it, and prints the Studio's address with a one-time local editor token
// in its hash, which the Studio keeps as its login: no sanity.io account and no call to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { parseArgs, parsePort, usage, type FlagSpecs } from '../../core/args.ts';
import { startContentService } from '../../content-service/index.ts';
import { EMBEDDED_PROJECT } from '../../content-service/sanity-export.ts';
import { DEFAULT_DATASET } from '../env.ts';
import { upgradeTranslationLinks } from './translation-links.ts';
import { childEnv } from '../../core/environment.ts';

const STUDIO = fileURLToPath(new URL('..', import.meta.url));
/** How long `sanity dev` may take to stop on SIGTERM before it is killed. */
const CLOSE_GRACE_MS = 5_000;

export const OFFLINE_FLAGS = {
  content: {
    type: 'string',
    value: 'DIR',
    description: 'dataset folder (or a `sanity dataset export` .tar.gz, edits then kept in memory) to edit offline',
  },
  port: { type: 'string', value: 'N', description: 'the Studio on 127.0.0.1:N (default 3333; 0 picks a free port)' },
  'service-port': { type: 'string', value: 'N', description: 'the content service port (default: a free one)' },
  'preview-url': {
    type: 'string',
    value: 'URL',
    description: 'the preview the Presentation tool frames (default http://127.0.0.1:3000, `npm run preview`)',
  },
} as const satisfies FlagSpecs;

export const OFFLINE_USAGE = usage('npm run studio -- --content DIR [--port N]', OFFLINE_FLAGS);

/** What the Studio process needs in its environment to use the local service, offline. */
export function offlineStudioEnv(serviceUrl: string, previewUrl?: string): Record<string, string> {
  const port = new URL(serviceUrl).port;
  return {
    // sanity.config.ts reads it for the Presentation tool; absent, its default applies.
    ...(previewUrl ? { SANITY_STUDIO_PREVIEW_URL: previewUrl } : {}),
    SANITY_STUDIO_PROJECT_ID: EMBEDDED_PROJECT,
    SANITY_STUDIO_DATASET: DEFAULT_DATASET,
    // The Studio's clients put the project id in front of the host (<id>.localhost), which a
    // browser resolves to loopback as it does localhost itself.
    SANITY_STUDIO_API_HOST: `http://localhost:${port}`,
    SANITY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_UPDATE_NOTIFIER: '1',
  };
}

export interface OfflineStudio {
  /** The Studio's address, with the login token in its hash. */
  url: string;
  serviceUrl: string;
  token: string;
  /** Published changes and uploads are written to the folder (not for a tarball: kept in memory). */
  persists: boolean;
  child: ChildProcess;
  close(): Promise<void>;
}

/** Starts the service and `sanity dev`; resolves once the Studio answers on its port. */
export async function startOfflineStudio(opts: {
  contentDir: string;
  port: number;
  servicePort?: number;
  /** The preview server the Presentation tool frames. */
  previewUrl?: string;
  log?: (line: string) => void;
}): Promise<OfflineStudio> {
  // The Studio reads a token from the address only when it has 32 characters or more.
  const token = randomBytes(24).toString('hex');
  const service = await startContentService({
    contentDir: resolve(opts.contentDir),
    port: opts.servicePort ?? 0,
    token,
    persist: true,
    log: (m) => (opts.log ?? console.warn)(m),
  });
  const bin = join(dirname(createRequire(import.meta.url).resolve('sanity/package.json')), 'bin/sanity');
  const timeZone = await districtTimeZone(service.url);
  try {
    const upgraded = await upgradeTranslationLinks(service.url, DEFAULT_DATASET, token);
    if (upgraded > 0)
      (opts.log ?? console.warn)(
        `Translation links: ${upgraded} document(s) written in the translation plugin's older format now name their language (the migration translation-links-language)`,
      );
  } catch (err) {
    await service.close();
    throw err;
  }
  const child = spawn(process.execPath, [bin, 'dev', '--host', '127.0.0.1', '--port', String(opts.port)], {
    cwd: STUDIO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({
      ...offlineStudioEnv(service.url, opts.previewUrl),
      ...(timeZone ? { SANITY_STUDIO_TIME_ZONE: timeZone } : {}),
    }),
  });
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // `sanity dev` stopped while Vite optimises its dependencies the first time (a fresh clone)
      // never exits: after a grace period it is killed.
      const grace = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(grace);
    }
    await service.close();
  };
  try {
    const port = await studioPort(child, opts.log);
    return {
      url: `http://127.0.0.1:${port}/#token=${token}`,
      serviceUrl: service.url,
      token,
      persists: service.persists,
      child,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The dataset's siteSettings.timeZone (the Studio shows event times in it), or null. */
async function districtTimeZone(serviceUrl: string): Promise<string | null> {
  const query = encodeURIComponent('*[_id == "siteSettings"][0].timeZone');
  try {
    const res = await fetch(`${serviceUrl}/v2025-02-19/data/query/${DEFAULT_DATASET}?query=${query}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const { result } = (await res.json()) as { result?: unknown };
    return typeof result === 'string' && result.trim() !== '' ? result.trim() : null;
  } catch {
    return null;
  }
}

/** Waits for `sanity dev`'s "running at http://…:PORT" line (its port, when 0 picked one). */
function studioPort(child: ChildProcess, log?: (line: string) => void): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      log?.(text.trimEnd());
      seen = (seen + text).slice(-4000);
      const m = /running at https?:\/\/[^:\s]+:(\d+)/.exec(stripVTControlCharacters(seen));
      if (m) resolvePort(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`sanity dev stopped (exit ${code}) before the Studio ran:\n${seen}`)),
    );
  });
}

/** The command: parse flags, start both, print the address, stop both on a signal. */
export async function runOffline(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs(argv, OFFLINE_FLAGS);
  const port = parsePort(values.port, '--port', 3333);
  const servicePort = parsePort(values['service-port'], '--service-port', 0);
  const studio = await startOfflineStudio({
    contentDir: values.content!,
    port,
    servicePort,
    ...(values['preview-url'] ? { previewUrl: values['preview-url'] } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(
    studio.persists
      ? `Content service for ${resolve(values.content!)}: ${studio.serviceUrl} (published changes and uploads are written to the folder)`
      : `Content service for ${resolve(values.content!)}: ${studio.serviceUrl}\n` +
          'This is a `sanity dataset export`, which is never written to: changes stay in memory until you stop, and pictures cannot be uploaded. ' +
          'To keep your work, import it into a dataset folder first and edit that (docs/studio.md, "A sanity dataset export tarball").',
  );
  console.log(`Sanity Studio, logged in as the local editor:\n${studio.url}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    studio.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  studio.child.once('exit', stop);
}
