// Writes the export atomically and incrementally. The site is built in a sibling temp folder and
// swapped in with renames at the end, so a failed export never leaves out/ half-written. A file
// whose bytes equal the previous export's is hard-linked from it instead of written, so it keeps
// its inode and mtime (and static hosts and rsync see it as unchanged). Every path is checked to
// resolve inside the temp folder: content never decides where a file lands.
//
// Why it is built the way it is (a 1000-school export re-run with nothing changed: 1188 files in
// 1000 folders; this phase took 320-450 ms, now 30-80 ms on the same busy 2-core machine):
// - The tree the swap replaces is not deleted but kept next to out/ as a spare (`<out>.export-spare`,
//   mode 0700) and becomes the next export's temp folder. Its files are mostly hard links of out/'s,
//   so the next export only checks each one (two lstats: is it the inode out/ holds?) and fixes what
//   differs, instead of making 1000 folders and 1188 links and afterwards unlinking them all again,
//   kernel work that costs as much as `cp -al` plus `rm -rf` of the site (~200 ms here). Nothing in
//   the spare is trusted: a file is kept only if it is the very inode out/ holds, anything else is
//   replaced, and entries the new site lacks (and symlinks or other odd entries) are removed.
// - The file system calls are synchronous: thousands of tiny metadata operations are several times
//   cheaper in a tight loop than each making a round trip through libuv's thread pool.
// - New files can be created on a thread of their own (file-creator.ts), while the export still
//   renders; commit() waits for them before anything is removed or swapped.
// - A file is never written in place: a changed one is unlinked and created anew (flag 'wx'), so a
//   spare file that shares its inode with out/ can never carry a change into the live site.
import {
  type Stats,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type FileCreator, syncCreator } from './file-creator.ts';

export class UnsafePathError extends Error {
  constructor(rel: string) {
    super(`refusing to write ${JSON.stringify(rel)}: it resolves outside the output folder`);
    this.name = 'UnsafePathError';
  }
}

export class OutDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutDirError';
  }
}

export interface WriteStats {
  files: number;
  bytes: number;
  /** Files new or different from the previous export. */
  written: number;
  /** Files identical to the previous export, carried over with their mtime. */
  unchanged: number;
}

/** Files that mark a folder as a previous export, which it is then safe to replace. */
const EXPORT_MARKERS = ['index.html', '404.html'];

/** Suffix of the folder that keeps the replaced tree for the next export to start from. */
export const SPARE_SUFFIX = '.export-spare';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the export writes its files through: this swap, or the in-place update (update-site.ts). */
export interface SiteOutput {
  begin(): Promise<void>;
  write(rel: string, bytes: Uint8Array | string): Promise<void>;
  carry(rel: string): Promise<void>;
  /** Resolves once every file written so far exists (link() reads the file it links). */
  settle(): Promise<void>;
  link(rel: string, target: string): void;
  commit(): Promise<WriteStats>;
  abort(err?: unknown): Promise<void>;
  /** Every file placed so far, by '/'-separated path (the next export's manifest keeps them). */
  files(): string[];
}

/** What the export manifest records of a file in out/ to trust it later. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

const code = (err: unknown) => (err as NodeJS.ErrnoException)?.code;
export const lstatOrNull = (p: string): Stats | null => lstatSync(p, { throwIfNoEntry: false }) ?? null;

/**
 * `rel` ('/'-separated, relative) resolved inside `root`: its absolute path and normalized key.
 * Throws UnsafePathError for anything that would land outside: content never decides where a file goes.
 */
export function resolveWithin(root: string, rel: string): { abs: string; key: string } {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0') || path.isAbsolute(rel) || rel.includes('\\'))
    throw new UnsafePathError(String(rel));
  const abs = path.resolve(root, ...rel.split('/'));
  if (!abs.startsWith(root + path.sep)) throw new UnsafePathError(rel);
  return {
    abs,
    key: abs
      .slice(root.length + 1)
      .split(path.sep)
      .join('/'),
  };
}

/** Temp and backup folders of exports of `out` that crashed (their process is gone), or of this process. */
export function crashedExports(out: string): string[] {
  const dir = path.dirname(out);
  const base = path.basename(out);
  const crashed: string[] = [];
  for (const name of readdirSync(dir)) {
    for (const kind of ['.tmp-', '.old-']) {
      if (!name.startsWith(base + kind)) continue;
      const pid = Number(name.slice(base.length + kind.length));
      if (Number.isInteger(pid) && (pid === process.pid || !pidAlive(pid))) crashed.push(path.join(dir, name));
    }
  }
  return crashed;
}
/**
 * An export killed between its two swap renames (out/ → `.old-PID`, `.tmp-PID` → out/) leaves no
 * out/ at all, with the site it replaced complete beside it. That site goes back into place, so
 * the next export starts from it and `npm start` serves it. Returns the folder restored, or null.
 */
export function restoreInterruptedSwap(out: string): string | null {
  const resolved = path.resolve(out);
  if (lstatOrNull(resolved) !== null) return null;
  if (lstatOrNull(path.dirname(resolved)) === null) return null;
  const previous = crashedExports(resolved).find((dir) => {
    if (!path.basename(dir).startsWith(`${path.basename(resolved)}.old-`)) return false;
    const st = lstatOrNull(dir);
    return st?.isDirectory() === true && EXPORT_MARKERS.every((m) => lstatOrNull(path.join(dir, m))?.isFile());
  });
  if (!previous) return null;
  renameSync(previous, resolved);
  return previous;
}

/** Errors of a full disk or quota: a tree kept then would hold the space the next export needs. */
const isOutOfSpace = (err: unknown): boolean => code(err) === 'ENOSPC' || code(err) === 'EDQUOT';

/** Whether `file` (whose lstat is `st`) is a regular file holding exactly `data`. */
export const holdsBytes = (st: Stats | null, file: string, data: Uint8Array): boolean =>
  !!st?.isFile() &&
  st.size === data.length &&
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(readFileSync(file));

const sameInode = (a: Stats | null, b: Stats | null) => a !== null && b !== null && a.ino === b.ino && a.dev === b.dev;

/** Whether `out` holds an exported site (its landing page): what an export can carry pages over from and `npm start` serves. */
export const holdsExport = (out: string): boolean => existsSync(path.join(out, 'index.html'));

/** Throws OutDirError unless `out` is absent, empty, or a previous export. */
export async function checkOutDir(out: string, projectRoot: string): Promise<void> {
  const resolved = path.resolve(out);
  const root = path.resolve(projectRoot);
  if (resolved === path.parse(resolved).root)
    throw new OutDirError(`--out ${out}: refusing to use the filesystem root`);
  if (root === resolved || root.startsWith(resolved + path.sep))
    throw new OutDirError(`--out ${out}: refusing to replace the project folder or one of its parents`);
  let st;
  try {
    st = await lstat(resolved);
  } catch {
    return;
  }
  if (!st.isDirectory()) throw new OutDirError(`--out ${out}: exists and is not a folder`);
  const entries = await readdir(resolved);
  if (entries.length > 0 && !EXPORT_MARKERS.some((m) => entries.includes(m))) {
    throw new OutDirError(
      `--out ${out}: refusing to replace a folder that is not empty and holds no previous export (no index.html or 404.html)`,
    );
  }
}

export class SiteWriter implements SiteOutput {
  readonly out: string;
  readonly tmp: string;
  /** Where the replaced tree waits for the next export (same parent folder, so renames work). */
  readonly spare: string;
  private readonly backup: string;
  private readonly stats: WriteStats = { files: 0, bytes: 0, written: 0, unchanged: 0 };
  /** Files placed by this export, by normalized '/'-separated path. */
  private readonly seen = new Set<string>();
  /** Folders that exist in the temp folder and hold (or will hold) files of this export. */
  private readonly dirs = new Set<string>();
  /** What the reused tree held when it was adopted: entries not claimed by commit() are removed then. */
  private readonly leftover = new Map<string, 'file' | 'dir'>();
  /** Whether anything was handed to the creator since it last settled; and whether a placed file was (link() reads those). */
  private unsettled = false;
  private filesPending = false;
  /** No out/ when the export began: no file has a previous version to compare with (a first export). */
  private outMissing = false;

  /**
   * `creator` makes the folders, files and links this writer decides on (file-creator.ts), in
   * that order: on this thread, or on one of its own while the export renders. What is checked
   * here reads out/ and what the reused tree held before, never what the creator is making.
   */
  constructor(
    out: string,
    private readonly creator: FileCreator = syncCreator,
  ) {
    this.out = path.resolve(out);
    this.tmp = `${this.out}.tmp-${process.pid}`;
    this.backup = `${this.out}.old-${process.pid}`;
    this.spare = `${this.out}${SPARE_SUFFIX}`;
  }

  /**
   * Creates the temp folder: the spare tree if there is one (or the temp folder of a crashed export
   * of the same out/), else an empty folder. Other leftovers of crashed exports are removed.
   */
  async begin(): Promise<void> {
    mkdirSync(path.dirname(this.out), { recursive: true });
    this.outMissing = lstatOrNull(this.out) === null;
    const crashed = crashedExports(this.out);
    // The spare first (closest to out/), then a crashed export's folders; one rename decides, so two
    // exports starting at once never share a tree.
    let adopted = false;
    for (const candidate of [this.spare, ...crashed]) {
      if (!adopted && this.adopt(candidate)) adopted = true;
      else if (candidate !== this.spare) rmSync(candidate, { recursive: true, force: true });
    }
    if (!adopted) mkdirSync(this.tmp);
  }

  /** Renames `from` to the temp folder and records what it holds; false if there is nothing usable. */
  private adopt(from: string): boolean {
    try {
      renameSync(from, this.tmp);
    } catch (err) {
      if (code(err) === 'ENOENT') return false;
      throw err;
    }
    try {
      // A symlink planted under the spare's name must not become the folder everything is written through.
      const st = lstatSync(this.tmp);
      if (!st.isDirectory()) throw new Error('not a folder');
      // The spare is kept private (0700); the site's root folder gets the mode out/ has now.
      const live = lstatOrNull(this.out);
      chmodSync(this.tmp, live?.isDirectory() ? live.mode & 0o7777 : 0o755);
      this.walk('', this.tmp);
      return true;
    } catch {
      this.leftover.clear();
      rmSync(this.tmp, { recursive: true, force: true });
      return false;
    }
  }

  private walk(key: string, abs: string): void {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const k = key ? `${key}/${e.name}` : e.name;
      const p = path.join(abs, e.name);
      if (e.isDirectory()) {
        this.leftover.set(k, 'dir');
        this.walk(k, p);
      } else if (e.isFile()) {
        this.leftover.set(k, 'file');
      } else {
        unlinkSync(p); // symlinks, sockets, fifos: never followed, never kept
      }
    }
  }

  /** Makes sure folder `key` exists in the temp folder as a real folder. */
  private ensureDir(key: string): void {
    if (key === '' || this.dirs.has(key)) return;
    if (this.seen.has(key)) throw new Error(`write-site: ${key} is both a file and a folder`);
    const slash = key.lastIndexOf('/');
    this.ensureDir(slash < 0 ? '' : key.slice(0, slash));
    const abs = path.join(this.tmp, ...key.split('/'));
    const found = this.leftover.get(key);
    if (found === 'file') {
      unlinkSync(abs);
      this.leftover.delete(key);
    }
    if (found !== 'dir') this.creator.mkdir(abs);
    this.unsettled = true;
    this.dirs.add(key);
  }

  /**
   * Claims `rel` for this export: checks it, makes its folder, clears whatever else stands at its
   * place in the reused tree, and returns its path and what stands there now (a file or nothing).
   */
  private place(rel: string): { dest: string; key: string; existing: Stats | null } {
    const { abs: dest, key } = resolveWithin(this.tmp, rel);
    if (this.seen.has(key)) throw new Error(`write-site: ${rel} written twice`);
    if (this.dirs.has(key)) throw new Error(`write-site: ${rel} is both a file and a folder`);
    const slash = key.lastIndexOf('/');
    this.ensureDir(slash < 0 ? '' : key.slice(0, slash));
    this.seen.add(key);
    const found = this.leftover.get(key);
    if (found === 'dir') {
      rmSync(dest, { recursive: true, force: true });
      for (const k of this.leftover.keys()) if (k === key || k.startsWith(`${key}/`)) this.leftover.delete(k);
      return { dest, key, existing: null };
    }
    return { dest, key, existing: found === 'file' ? lstatOrNull(dest) : null };
  }

  /** Puts `previous` (the file out/ holds) at `dest`: a hard link, or a copy keeping its mtime. */
  private keep(previous: string, prev: Stats, dest: string, existing: Stats | null): void {
    if (sameInode(existing, prev)) return; // the reused tree already holds this very file
    if (existing) unlinkSync(dest);
    this.creator.link(previous, dest);
    this.unsettled = true;
    this.filesPending = true;
  }

  /** `giveAway`: the caller will not read `bytes` again (the creator may move them to its thread). */
  async write(rel: string, bytes: Uint8Array | string, giveAway = false): Promise<void> {
    const { dest, key, existing } = this.place(rel);
    const previous = path.join(this.out, ...key.split('/'));
    const prev = this.outMissing ? null : lstatOrNull(previous);
    // Text is encoded only to be compared; the creator writes it as UTF-8 itself.
    const data: Uint8Array | string = prev?.isFile() && typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const size = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length;
    this.stats.files++;
    this.stats.bytes += size;
    if (prev && typeof data !== 'string' && holdsBytes(prev, previous, data)) {
      // Same bytes: keep the old file (its inode and mtime) rather than writing a new one.
      this.keep(previous, prev, dest, existing);
      this.stats.unchanged++;
      return;
    }
    // Unlinked first, never overwritten: the reused file may be a hard link of the live out/ file.
    if (existing) unlinkSync(dest);
    this.creator.create(dest, data, giveAway || data !== bytes);
    this.unsettled = true;
    this.filesPending = true;
    this.stats.written++;
  }

  async settle(): Promise<void> {
    if (!this.unsettled) return;
    this.unsettled = false;
    this.filesPending = false;
    await this.creator.settle();
  }

  /**
   * Carries a file of the previous export over unchanged (hard link, or a copy keeping its mtime),
   * without reading it: the caller knows from the export manifest that its content is current.
   */
  async carry(rel: string): Promise<void> {
    const { dest, key, existing } = this.place(rel);
    const previous = path.join(this.out, ...key.split('/'));
    const prev = lstatSync(previous);
    if (!prev.isFile())
      throw new Error(`write-site: cannot carry ${rel} over: the previous export holds no regular file there`);
    this.keep(previous, prev, dest, existing);
    this.stats.files++;
    this.stats.bytes += prev.size;
    this.stats.unchanged++;
  }

  /**
   * Places `rel` as a hard link of `target`, a file this export has already placed: one page at a
   * second address (see routeAliases) costs a link, not a copy, and is always the very bytes of its
   * page, whether that page was written now or carried over.
   */
  link(rel: string, target: string): void {
    const { abs: src, key: srcKey } = resolveWithin(this.tmp, target);
    if (!this.seen.has(srcKey)) throw new Error(`write-site: cannot link ${rel} to ${target}: not placed yet`);
    if (this.filesPending) throw new Error(`write-site: cannot link ${rel} before the files written are settled`);
    const { dest, key, existing } = this.place(rel);
    const st = lstatSync(src);
    const prevLink = lstatOrNull(path.join(this.out, ...key.split('/')));
    const prevTarget = lstatOrNull(path.join(this.out, ...srcKey.split('/')));
    this.stats.files++;
    this.stats.bytes += st.size;
    if (sameInode(st, prevTarget) && sameInode(prevLink, prevTarget)) this.stats.unchanged++;
    else this.stats.written++;
    if (sameInode(existing, st)) return;
    if (existing) unlinkSync(dest);
    this.creator.link(src, dest);
    this.unsettled = true;
  }

  /**
   * Removes what the reused tree held that this export does not, then swaps the temp folder in for
   * out/ (old out/ → backup, temp → out/, backup kept as the spare); restores out/ on failure.
   */
  async commit(): Promise<WriteStats> {
    try {
      await this.settle();
    } finally {
      await this.creator.close();
    }
    for (const [key, kind] of this.leftover) {
      if (kind === 'dir' && !this.dirs.has(key)) {
        // Only the topmost unneeded folder: a needed folder's parents are needed too.
        const slash = key.lastIndexOf('/');
        if (slash < 0 || this.dirs.has(key.slice(0, slash)))
          rmSync(path.join(this.tmp, ...key.split('/')), { recursive: true, force: true });
      }
    }
    for (const [key, kind] of this.leftover) {
      if (kind === 'file' && !this.seen.has(key)) {
        try {
          unlinkSync(path.join(this.tmp, ...key.split('/')));
        } catch (err) {
          if (code(err) !== 'ENOENT' && code(err) !== 'ENOTDIR') throw err;
        }
      }
    }
    this.leftover.clear();

    const hadOut = lstatOrNull(this.out) !== null;
    if (hadOut) {
      rmSync(this.backup, { recursive: true, force: true });
      renameSync(this.out, this.backup);
    }
    try {
      renameSync(this.tmp, this.out);
    } catch (err) {
      if (hadOut) renameSync(this.backup, this.out);
      throw err;
    }
    if (hadOut) this.keepSpare(this.backup);
    return { ...this.stats };
  }

  /** Keeps `dir` as the spare for the next export (private to this user), or removes it if that fails. */
  private keepSpare(dir: string): void {
    try {
      chmodSync(dir, 0o700);
      renameSync(dir, this.spare); // fails if another export left a spare meanwhile: then one is enough
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  files(): string[] {
    return [...this.seen];
  }

  /**
   * Throws the half-built site away (kept as the spare: everything in it is checked before reuse);
   * out/ was never touched. After a full disk it is removed instead, giving its space back.
   */
  async abort(err?: unknown): Promise<void> {
    // Nothing may still be landing in the tree when it is kept or removed.
    await this.settle().catch(() => {});
    await this.creator.close();
    if (lstatOrNull(this.tmp) === null) return;
    if (isOutOfSpace(err)) rmSync(this.tmp, { recursive: true, force: true });
    else this.keepSpare(this.tmp);
  }
}
