// The Nu HTML Checker (vnu-jar, the W3C validator's engine) over every exported page at once: zero
// errors. Valid markup is what keeps the server HTML and React's hydration in agreement in every
// browser, and what screen readers are built against. Needs Java (CI installs a headless JRE with
// Chromium); it lives with the browser tests because, like them, it checks what families receive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

test('every exported page passes the Nu HTML Checker with zero errors', {
  skip: hasJava ? false : 'java not found',
}, async () => {
  const dir = await exportedSite();
  const files = exportedPages(dir).map((p) => path.join(dir, p.file));
  assert.ok(files.length >= 13, `only ${files.length} pages exported`);
  const errors = vnu(files).filter((m) => m.type === 'error' || m.type === 'non-document-error');
  assert.deepEqual(
    errors.map((m) => `${path.relative(dir, m.url.replace(/^file:/, ''))}:${m.lastLine ?? '?'} ${m.message}`),
    [],
  );
});

test('the checker is live: it reports an error planted in a copy of a page', {
  skip: hasJava ? false : 'java not found',
}, async () => {
  const { mkdtempSync, readFileSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = await exportedSite();
  const tmp = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const file = path.join(tmp, 'broken.html');
    writeFileSync(
      file,
      readFileSync(path.join(dir, 'index.html'), 'utf8').replace('<main ', '<main><div><p></main ><main '),
    );
    const errors = vnu([file]).filter((m) => m.type === 'error');
    assert.ok(errors.length > 0, 'no error found in a page with broken nesting');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
