// `npm run preview -- [--content DIR] [--port N]`: starts the editors' preview server. Config is
// validated first (a clear message naming the variable, exit code 1: core/exit-codes.ts). Without a hosted project it
// starts the embedded content service in-process and prints a ready-to-open link with the secret.
import { usage } from '../core/args.ts';
import { InputError } from '../core/errors.ts';
import { EXIT, exitCodeOf } from '../core/exit-codes.ts';
import { loadPreviewConfig, PREVIEW_FLAGS } from './config/preview.ts';
import { openContentSource } from '../core/content-source.ts';
import { buildPreviewServer } from './app.ts';
import { storedPreviewSecret } from './config/secret-file.ts';
import { checkContentAccess, exampleSchool } from './lib/startup-check.ts';
import { createPreviewClient } from './lib/preview-client.ts';
import { schoolPath } from '../src/routes.ts';
import { processEnv } from '../core/environment.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadPreviewConfig(process.argv.slice(2), processEnv());
  } catch (err) {
    if (err instanceof InputError) {
      console.error(`preview: ${err.message}`);
      // A variable's mistake needs no flag list; a flag's does.
      if (err.variable === null) console.error(usage('npm run preview -- [--content DIR] [--port N]', PREVIEW_FLAGS));
      process.exit(EXIT.usage);
    }
    throw err;
  }
  if (config.help) {
    console.log(usage('npm run preview -- [--content DIR] [--port N]', PREVIEW_FLAGS));
    return;
  }

  // The embedded default keeps its generated secret (a git-ignored 0600 file), so links survive restarts.
  const previewSecret = config.secretGenerated ? storedPreviewSecret() : config.previewSecret;

  const source = await openContentSource({
    ...(config.contentDir ? { contentDir: config.contentDir } : {}),
    env: processEnv(),
  });
  // One credentialed client: the start-up check and the server use the same one.
  const client = createPreviewClient(source.config, source.token);
  const check = await checkContentAccess(client);
  if (!check.ok && check.refused) {
    console.error(
      `preview: ${check.message}: the content service refused SANITY_API_READ_TOKEN. Create a token with read (Viewer) rights for project ${source.config.projectId} and set it, then start the preview again.`,
    );
    await source.close();
    process.exit(EXIT.usage);
  }
  if (!check.ok)
    console.warn(
      `preview: ${check.message}. Starting anyway: pages say so, and fill in by themselves once the content service answers.`,
    );
  const example = check.ok ? exampleSchool(check.schools) : null;
  let app;
  try {
    app = await buildPreviewServer(
      {
        content: { config: source.config, token: source.token },
        client,
        previewSecret,
        sessionTtlMs: config.sessionTtlMs,
        studioUrl: config.studioUrl,
      },
      { trustProxy: config.trustProxy, pretty: process.stdout.isTTY === true },
    );
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await source.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${hostPart}:${port}`;
  const where = source.embedded
    ? `embedded content service at ${source.config.apiHost}`
    : `project ${source.config.projectId}/${source.config.dataset}${source.config.apiHost ? ` via ${source.config.apiHost}` : ''}`;
  // stdout, not the logger: the one place the secret is shown, to the person who started the server.
  const schoolLink = example
    ? `\nLive preview of ${example.title}: ${origin}${schoolPath(example.slug!)}?livepreview=1`
    : '';
  if (config.secretGenerated) {
    console.log(
      `Preview server ready (${where}).\nOpen: ${origin}/?secret=${encodeURIComponent(previewSecret)}\n  (the editor home: every school and its drafts; the link keeps working after a restart)${schoolLink}`,
    );
  } else {
    console.log(
      `Preview server ready at ${origin} (${where}).\nOpen ${origin}/?secret=<PREVIEW_SECRET> to start a session (the editor home: every school and its drafts).${schoolLink}`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'preview: shutting down');
    // Whatever is still open after 4 s is cut: stopping must finish within 5 s.
    const force = setTimeout(() => process.exit(EXIT.render), 4_000);
    force.unref();
    app
      .close()
      .then(() => source.close())
      .then(
        () => process.exit(EXIT.ok),
        (err: unknown) => {
          console.error(err);
          process.exit(EXIT.render);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(`preview: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(exitCodeOf(err));
});
