// Writes the export atomically and incrementally. The site is built in a sibling temp folder and
// swapped in with renames at the end, so a failed export never leaves out/ half-written. A file
// whose bytes equal the previous export's is hard-linked from it instead of written, so it keeps
// its mtime (and static hosts and rsync see it as unchanged). Every path is checked to resolve
// inside the temp folder: content never decides where a file lands.
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

const exists = async (p: string) => lstat(p).then(() => true, () => false);

function pidAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** Throws OutDirError unless `out` is absent, empty, or a previous export. */
export async function checkOutDir(out: string, projectRoot: string): Promise<void> {
  const resolved = path.resolve(out);
  const root = path.resolve(projectRoot);
  if (resolved === path.parse(resolved).root) throw new OutDirError(`--out ${out}: refusing to use the filesystem root`);
  if (root === resolved || root.startsWith(resolved + path.sep)) throw new OutDirError(`--out ${out}: refusing to replace the project folder or one of its parents`);
  let st;
  try { st = await lstat(resolved); } catch { return; }
  if (!st.isDirectory()) throw new OutDirError(`--out ${out}: exists and is not a folder`);
  const entries = await readdir(resolved);
  if (entries.length > 0 && !EXPORT_MARKERS.some((m) => entries.includes(m))) {
    throw new OutDirError(`--out ${out}: refusing to replace a folder that is not empty and holds no previous export (no index.html or 404.html)`);
  }
}

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const st = await stat(file);
    if (!st.isFile() || st.size !== bytes.length) return false;
    return Buffer.from(bytes).equals(await readFile(file));
  } catch {
    return false;
  }
}

export class SiteWriter {
  readonly out: string;
  readonly tmp: string;
  private readonly backup: string;
  private readonly stats: WriteStats = { files: 0, bytes: 0, written: 0, unchanged: 0 };
  private readonly seen = new Set<string>();

  constructor(out: string) {
    this.out = path.resolve(out);
    this.tmp = `${this.out}.tmp-${process.pid}`;
    this.backup = `${this.out}.old-${process.pid}`;
  }

  /** Creates the temp folder, clearing temp folders left by crashed exports of the same out/. */
  async begin(): Promise<void> {
    const dir = path.dirname(this.out);
    await mkdir(dir, { recursive: true });
    const prefix = `${path.basename(this.out)}.tmp-`;
    for (const name of await readdir(dir)) {
      const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
      if (Number.isInteger(pid) && (pid === process.pid || !pidAlive(pid))) await rm(path.join(dir, name), { recursive: true, force: true });
    }
    await mkdir(this.tmp);
  }

  /** Absolute path in the temp folder for a '/'-separated relative path; throws if it escapes. */
  resolveInside(rel: string): string {
    if (typeof rel !== 'string' || rel === '' || rel.includes('\0') || path.isAbsolute(rel) || rel.includes('\\')) throw new UnsafePathError(String(rel));
    const abs = path.resolve(this.tmp, ...rel.split('/'));
    if (!abs.startsWith(this.tmp + path.sep)) throw new UnsafePathError(rel);
    return abs;
  }

  async write(rel: string, bytes: Uint8Array | string): Promise<void> {
    if (this.seen.has(rel)) throw new Error(`write-site: ${rel} written twice`);
    this.seen.add(rel);
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const dest = this.resolveInside(rel);
    const previous = path.join(this.out, ...rel.split('/'));
    await mkdir(path.dirname(dest), { recursive: true });
    this.stats.files++;
    this.stats.bytes += data.length;
    if (await sameBytes(previous, data)) {
      // Same bytes: keep the old file (its inode and mtime) rather than writing a new one.
      try {
        await link(previous, dest);
      } catch {
        await copyFile(previous, dest, constants.COPYFILE_EXCL);
        const st = await stat(previous);
        await utimes(dest, st.atime, st.mtime);
      }
      this.stats.unchanged++;
      return;
    }
    await writeFile(dest, data, { flag: 'wx' });
    this.stats.written++;
  }

  /**
   * Carries a file of the previous export over unchanged (hard link, or a copy keeping its mtime),
   * without reading it: the caller knows from the export manifest that its content is current.
   */
  async carry(rel: string): Promise<void> {
    if (this.seen.has(rel)) throw new Error(`write-site: ${rel} written twice`);
    this.seen.add(rel);
    const dest = this.resolveInside(rel);
    const previous = path.join(this.out, ...rel.split('/'));
    await mkdir(path.dirname(dest), { recursive: true });
    const st = await stat(previous);
    try {
      await link(previous, dest);
    } catch {
      await copyFile(previous, dest, constants.COPYFILE_EXCL);
      await utimes(dest, st.atime, st.mtime);
    }
    this.stats.files++;
    this.stats.bytes += st.size;
    this.stats.unchanged++;
  }

  /** Swaps the temp folder in for out/ (old out/ → backup, temp → out/, backup removed); restores on failure. */
  async commit(): Promise<WriteStats> {
    const hadOut = await exists(this.out);
    if (hadOut) {
      await rm(this.backup, { recursive: true, force: true });
      await rename(this.out, this.backup);
    }
    try {
      await rename(this.tmp, this.out);
    } catch (err) {
      if (hadOut) await rename(this.backup, this.out);
      throw err;
    }
    if (hadOut) await rm(this.backup, { recursive: true, force: true });
    return { ...this.stats };
  }

  /** Throws the half-built site away; out/ was never touched. */
  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }
}
