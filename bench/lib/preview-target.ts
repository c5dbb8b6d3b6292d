// The servers the preview load test aims at, in their own process so the load generator does not
// share their event loop: the preview server (with the embedded content service over the sample)
// and, for comparison, a bare Fastify + @fastify/static serving a file with the page shell's bytes.
// Talks to the harness over IPC: sends the ports and session cookie, answers memory probes after a GC.
// Run with: node --expose-gc --import tsx bench/lib/preview-target.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildPreviewServer } from '../../server/app.ts';
import { openContentSource } from '../../core/content-source.ts';

const SECRET = `bench-${Math.random().toString(36).slice(2)}-secret-000000`;

async function main(): Promise<void> {
  const source = await openContentSource({ env: {}, watch: false, log: () => {} });
  const app = await buildPreviewServer(
    { content: { config: source.config, token: source.token }, previewSecret: SECRET },
    { logLevel: 'silent' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;

  const login = await app.inject({ method: 'GET', url: `/?secret=${SECRET}` });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const shell = await app.inject({ method: 'GET', url: '/schools/lincoln-middle', headers: { cookie } });
  if (shell.statusCode !== 200) throw new Error(`page shell answered ${shell.statusCode}`);

  const staticDir = mkdtempSync(path.join(tmpdir(), 'bench-static-'));
  writeFileSync(path.join(staticDir, 'shell.html'), shell.body);
  const bare = Fastify({ logger: false });
  await bare.register(fastifyStatic, { root: staticDir });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;

  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'mem') {
      for (let i = 0; i < 3; i++) gc?.();
      const m = process.memoryUsage();
      process.send!({ type: 'mem', rss: m.rss, heapUsed: m.heapUsed, gc: !!gc });
    } else if (msg.type === 'close') {
      void Promise.all([app.close(), bare.close()])
        .then(() => source.close())
        .finally(() => {
          rmSync(staticDir, { recursive: true, force: true });
          process.exit(0);
        });
    }
  });
  process.send!({ type: 'ready', port, barePort, cookie, shellBytes: Buffer.byteLength(shell.body) });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
