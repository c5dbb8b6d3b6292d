// The Nu HTML Checker (vnu-jar, the W3C validator's engine) over every exported page at once: zero
// errors. Valid markup is what keeps the server HTML and React's hydration in agreement in every
// browser, and what screen readers are built against. Needs Java (CI installs a headless JRE with
// Chromium); it lives with the browser tests because, like them, it checks what families receive.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportedPages, exportedSite, ROOT } from './helpers/site.ts';

const VNU = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
const hasJava = spawnSync('java', ['-version']).status === 0;
if (!hasJava)
  process.stderr.write(
    '\n!! SKIPPED html-validity: `java` not found; the Nu HTML Checker needs a JRE (CI installs default-jre-headless)\n\n',
  );

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

function vnu(files: string[]): VnuMessage[] {
  const r = spawnSync('java', ['-Xss4m', '-jar', VNU, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (r.error) throw r.error;
  // vnu writes its JSON report to stderr.
  const report = JSON.parse(r.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages;
}

/**
 * One run of the checker (a JVM start costs seconds) over every exported page and a copy of the
 * landing page with broken nesting planted in it, shared by both tests.
 */
let checked: Promise<{ dir: string; planted: string; messages: VnuMessage[] }> | undefined;
let tmp: string | undefined;
after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});
function checkAll() {
  checked ??= (async () => {
    const dir = await exportedSite();
    tmp = mkdtempSync(path.join(tmpdir(), 'vnu-'));
    const planted = path.join(tmp, 'broken.html');
    writeFileSync(
      planted,
      readFileSync(path.join(dir, 'index.html'), 'utf8').replace('<main ', '<main><div><p></main ><main '),
    );
    const files = exportedPages(dir).map((p) => path.join(dir, p.file));
    assert.ok(files.length >= 13, `only ${files.length} pages exported`);
    return { dir, planted, messages: vnu([...files, planted]) };
  })();
  return checked;
}

const fileOf = (m: VnuMessage) => decodeURIComponent(m.url.replace(/^file:/, ''));

test('every exported page passes the Nu HTML Checker with zero errors', {
  skip: hasJava ? false : 'java not found',
}, async () => {
  const { dir, planted, messages } = await checkAll();
  const errors = messages.filter(
    (m) => (m.type === 'error' || m.type === 'non-document-error') && fileOf(m) !== planted,
  );
  assert.deepEqual(
    errors.map((m) => `${path.relative(dir, fileOf(m))}:${m.lastLine ?? '?'} ${m.message}`),
    [],
  );
});

test('the checker is live: it reports an error planted in a copy of a page', {
  skip: hasJava ? false : 'java not found',
}, async () => {
  const { planted, messages } = await checkAll();
  const errors = messages.filter((m) => m.type === 'error' && fileOf(m) === planted);
  assert.ok(errors.length > 0, 'no error found in a page with broken nesting');
});
