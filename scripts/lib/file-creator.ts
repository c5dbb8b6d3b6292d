// Where the export's new files and folders are created. A full export of a large district creates
// thousands of them (7222 files in 2015 folders at 1000 schools), and on a busy disk each creation
// is a system call that can take milliseconds. Done on a thread of its own, they run on the other
// core while this thread renders the next pages, instead of after the render as a phase of their
// own. The thread only creates at absolute paths inside the temp tree that SiteWriter has already
// checked and claimed (a link's source may be out/'s file): every decision (where a file may land,
// what is kept, the swap) stays with SiteWriter.
import { constants, copyFileSync, linkSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export interface FileCreator {
  mkdir(abs: string): void;
  /**
   * Creates `abs`, which must not exist, holding `data`. `giveAway`: the caller will not read the
   * bytes again, so they may be moved to the thread rather than copied (then read as empty here).
   */
  create(abs: string, data: Uint8Array | string, giveAway?: boolean): void;
  /** Creates `dest`, which must not exist, as a hard link of `src`, or a copy with its times. */
  link(src: string, dest: string): void;
  /** Resolves once everything asked so far exists; rejects with the first failure. */
  settle(): Promise<void>;
  /** Frees what the creator holds (its thread); settle() first to know the files are there. */
  close(): Promise<void>;
}

function linkOrCopy(src: string, dest: string): void {
  try {
    linkSync(src, dest);
  } catch {
    copyFileSync(src, dest, constants.COPYFILE_EXCL);
    const st = statSync(src);
    utimesSync(dest, st.atime, st.mtime);
  }
}

/** Creates each file as it is asked, on this thread: the right choice for a few files. */
export const syncCreator: FileCreator = {
  mkdir: (abs) => mkdirSync(abs),
  create: (abs, data) => writeFileSync(abs, data, { flag: 'wx' }),
  link: linkOrCopy,
  settle: async () => {},
  close: async () => {},
};

/**
 * The thread's whole program. Plain JavaScript in a string, so it runs the same under tsx (tests)
 * and from the bundle in dist/, without a loader or a build entry of its own. After a failure it
 * creates nothing more: the export fails, and its temp tree is discarded or checked before reuse.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// The number of the last batch of requests handled, read by the export's thread (see ahead below).
const handled = new Int32Array(workerData.handled);
const fs = require('node:fs');
// Below the render in priority: files are made in the time the render leaves, not taken from it
// (Linux: a thread's own id in /proc/thread-self; elsewhere it keeps the process's priority).
try {
  require('node:os').setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {}
// As linkOrCopy above.
function linkOrCopy(src, dest) {
  try {
    fs.linkSync(src, dest);
  } catch {
    fs.copyFileSync(src, dest, fs.constants.COPYFILE_EXCL);
    const st = fs.statSync(src);
    fs.utimesSync(dest, st.atime, st.mtime);
  }
}
let failure = null;
parentPort.on('message', (msg) => {
  if (msg.type === 'settle') {
    parentPort.postMessage({ type: 'settled', id: msg.id, failure });
    return;
  }
  for (const [kind, a, b] of failure ? [] : msg.ops) {
    try {
      if (kind === 'd') fs.mkdirSync(a);
      else if (kind === 'f') fs.writeFileSync(a, b, { flag: 'wx' });
      else linkOrCopy(a, b);
    } catch (err) {
      failure = { message: String(err && err.message), code: err && err.code, syscall: err && err.syscall, path: err && err.path };
      break;
    }
  }
  Atomics.store(handled, 0, msg.batch);
  Atomics.notify(handled, 0);
});
`;

interface Failure {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
}

/** Requests are sent in batches: one message per file would cost more than the file. */
const BATCH_FILES = 64;
const BATCH_BYTES = 1 << 20;
/**
 * Bytes sent to the thread and not yet written, past which the export waits for it. The render is
 * faster than the disk: at 10,000 schools (2 GB of pages) the bytes waiting grew to ~1.5 GB.
 */
export const MAX_BYTES_AHEAD = 64 * 1024 * 1024;
/** The longest the export waits for the thread at once: a thread that died never catches up. */
const MAX_WAIT_MS = 10_000;

/** The limits above, and the thread's program, set otherwise by tests. */
export interface CreatorLimits {
  maxBytesAhead?: number;
  maxWaitMs?: number;
  /** The thread's program (default THREAD_SOURCE). */
  source?: string;
}

/** Creates files on a thread of its own, in the order asked (a folder before the files in it). */
export function threadedCreator(limits: CreatorLimits = {}): FileCreator {
  const maxAhead = limits.maxBytesAhead ?? MAX_BYTES_AHEAD;
  const maxWait = limits.maxWaitMs ?? MAX_WAIT_MS;
  // Written by the thread as it works (a batch's number once it is handled), read here while this
  // thread renders without ever returning to its event loop: the render waits on it synchronously.
  const handled = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(limits.source ?? THREAD_SOURCE, { eval: true, workerData: { handled: handled.buffer } });
  // Never what keeps the process alive: the export settles it before it counts on the files.
  thread.unref();
  let ops: (['d', string] | ['f', string, Uint8Array | string] | ['l', string, string])[] = [];
  let moved: ArrayBuffer[] = [];
  let bytes = 0;
  let nextId = 1;
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  let died: Error | null = null;
  let closed = false;
  const fail = (err: Error) => {
    died ??= err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (exitCode) => fail(new Error(`the file-creating thread stopped (exit ${exitCode})`)));
  thread.on('message', (msg: { type: 'settled'; id: number; failure: Failure | null }) => {
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.failure) w.reject(Object.assign(new Error(msg.failure.message), msg.failure));
    else w.resolve();
  });
  let batch = 0;
  /** Batches sent and not known to be handled: [number, bytes]. */
  const sent: [number, number][] = [];
  let ahead = 0;
  /**
   * The batch the thread had handled when a wait for it ran out, or -1. The render cannot hear of
   * the thread's death while it renders (that arrives through the event loop), so after one wait
   * in vain it waits no more until the thread is seen working again; settle() then tells.
   */
  let stalledAt = -1;
  const catchUp = () => {
    const done = Atomics.load(handled, 0);
    while (sent.length && sent[0]![0] <= done) ahead -= sent.shift()![1];
    if (stalledAt >= 0 && done > stalledAt) stalledAt = -1;
  };
  const flush = () => {
    if (ops.length === 0) return;
    thread.postMessage({ type: 'ops', ops, batch: ++batch }, moved);
    sent.push([batch, bytes]);
    ahead += bytes;
    ops = [];
    moved = [];
    bytes = 0;
    catchUp();
    if (stalledAt >= 0) return;
    const until = performance.now() + maxWait;
    while (ahead > maxAhead && !died && performance.now() < until) {
      Atomics.wait(handled, 0, Atomics.load(handled, 0), 50);
      catchUp();
    }
    if (ahead > maxAhead && !died) stalledAt = Atomics.load(handled, 0);
  };
  const push = (op: (typeof ops)[number], size: number) => {
    ops.push(op);
    bytes += size;
    if (ops.length >= BATCH_FILES || bytes >= BATCH_BYTES) flush();
  };
  return {
    mkdir: (abs) => push(['d', abs], 0),
    create(abs, data, giveAway) {
      // Bytes that are a whole buffer of their own move; a view into a shared one (Node's pool) is copied.
      if (giveAway && typeof data !== 'string' && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength)
        moved.push(data.buffer as ArrayBuffer);
      push(['f', abs, data], data.length);
    },
    link: (src, dest) => push(['l', src, dest], 0),
    settle() {
      if (died) return Promise.reject(died);
      flush();
      const id = nextId++;
      thread.ref(); // waited on now: the process must not end before the answer
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ type: 'settle', id });
      }).finally(() => {
        if (waiting.size === 0) thread.unref();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      thread.removeAllListeners('exit');
      await thread.terminate();
    },
  };
}
