// The thread a full export creates its files on: everything asked exists once it settles, in the
// order asked (a folder before its files), and a failure is reported with its code and stops it,
// so the export fails as a failed write always did instead of publishing a site with a hole.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadedCreator } from '../../scripts/lib/file-creator.ts';

const work = mkdtempSync(path.join(tmpdir(), 'file-creator-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('folders, files and links asked in order all exist once it settles; bytes given away move', async () => {
  const creator = threadedCreator();
  const dir = path.join(work, 'site');
  const page = new Uint8Array(Buffer.from('<p>page</p>'.repeat(1000)));
  try {
    creator.mkdir(dir);
    creator.mkdir(path.join(dir, 'schools'));
    creator.create(path.join(dir, 'schools', 'a.html'), page, true);
    creator.create(path.join(dir, 'cal.ics'), 'BEGIN:VCALENDAR\r\nSUMMARY:Día\r\n');
    creator.link(path.join(dir, 'schools', 'a.html'), path.join(dir, 'a.html'));
    await creator.settle();
  } finally {
    await creator.close();
  }
  assert.equal(page.byteLength, 0, 'the page bytes moved to the thread, not copied');
  assert.equal(readFileSync(path.join(dir, 'schools', 'a.html'), 'utf8'), '<p>page</p>'.repeat(1000));
  assert.equal(readFileSync(path.join(dir, 'cal.ics'), 'utf8'), 'BEGIN:VCALENDAR\r\nSUMMARY:Día\r\n');
  assert.equal(statSync(path.join(dir, 'a.html')).ino, statSync(path.join(dir, 'schools', 'a.html')).ino);
});

test('a file that cannot be created fails the settle with its code, and nothing after it is made', async () => {
  const creator = threadedCreator();
  const taken = path.join(work, 'taken.html');
  writeFileSync(taken, 'already here');
  try {
    creator.create(taken, 'new');
    creator.create(path.join(work, 'after.html'), 'later');
    await assert.rejects(creator.settle(), (err: NodeJS.ErrnoException) => {
      assert.equal(err.code, 'EEXIST');
      assert.match(err.message, /taken\.html/);
      return true;
    });
  } finally {
    await creator.close();
  }
  assert.equal(readFileSync(taken, 'utf8'), 'already here', 'never overwritten');
  assert.ok(!existsSync(path.join(work, 'after.html')));
});

test('a thread that stops working costs the render one wait, not one per batch', async () => {
  // A thread that takes every batch and handles none (as a dead or stuck one looks from the render).
  const source = `require('node:worker_threads').parentPort.on('message', () => {});`;
  const creator = threadedCreator({ maxBytesAhead: 1024, maxWaitMs: 300, source });
  try {
    const started = performance.now();
    for (let i = 0; i < 8; i++) creator.create(path.join(work, `stuck-${i}.html`), 'x'.repeat(2 << 20));
    const waited = performance.now() - started;
    assert.ok(waited >= 300, `it waited for the thread once (${Math.round(waited)} ms)`);
    assert.ok(waited < 1500, `8 batches over the limit waited ${Math.round(waited)} ms, not 8 times 300`);
  } finally {
    await creator.close();
  }
});
