// The preview app every preview-app test file drives through app.inject: a fixture dataset behind
// the embedded content service, the preview built with a token and a secret, one editor session,
// and every response and log line kept so a file can check that neither token nor secret leaked.
// The running pieces are live bindings, set by withPreviewApp()'s before hook.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildPreviewServer } from '../../../server/app.ts';
import { embeddedConfig } from '../../../src/config/public.ts';
import type { ContentService } from '../../../content-service/index.ts';
import { captureLog, startFixtureService, writePreviewFixture } from './preview-fixture.ts';

export const TOKEN = `tok_${'Z9'.repeat(20)}`;
export const SECRET = `preview-secret-${'q7'.repeat(10)}`;

export let fixture: { dir: string; cleanup(): void };
export let service: ContentService;
export let app: FastifyInstance;
export let publicDir: string;
export const log = captureLog();
export const seen: LightMyRequestResponse[] = [];
export let cookie = '';

export async function req(
  method: 'GET' | 'POST' | 'HEAD',
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) {
  const res = await app.inject({ method, url, headers, remoteAddress });
  seen.push(res);
  return res;
}
export const get = (url: string, withSession = true) => req('GET', url, withSession ? { cookie } : {});

export const jsonScript = (html: string, id: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!);

/** Starts the service and the preview before the file's tests and stops them after. */
export function withPreviewApp(): void {
  before(async () => {
    fixture = await writePreviewFixture();
    service = await startFixtureService(fixture.dir, TOKEN);
    publicDir = mkdtempSync(path.join(tmpdir(), 'preview-public-'));
    writeFileSync(path.join(publicDir, 'hello.txt'), 'static hello');
    app = await buildPreviewServer(
      {
        content: { config: embeddedConfig(service.url), token: TOKEN },
        previewSecret: SECRET,
        publicDir,
        failureLimit: { max: 3, windowMs: 60_000 },
      },
      { logStream: log.stream, logLevel: 'debug' },
    );
    const login = await req('GET', `/?secret=${SECRET}`, {}, '10.9.9.9');
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
  });

  after(async () => {
    await app?.close();
    await service?.close();
    fixture?.cleanup();
    rmSync(publicDir, { recursive: true, force: true });
  });
}

/** No response and no log line of the file's checks carries the token, the secret or the session. */
export function assertNothingLeaked(): void {
  const everything = seen.map((r) => r.body + JSON.stringify(r.headers)).join('\n') + log.text();
  assert.ok(!everything.includes(TOKEN), 'token leaked');
  assert.ok(!log.text().includes(SECRET), 'secret logged');
  assert.ok(!log.text().includes(cookie.split('=')[1]!), 'session cookie logged');
}
