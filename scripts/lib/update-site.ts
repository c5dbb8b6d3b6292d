// Writes an incremental export into out/ in place. A publish changes a handful of files, but the
// swap (write-site.ts) touches every one: at 1000 schools it walked 1000 folders and made ~12,000
// lstats and links to carry 4200 unchanged files into a new tree, 130-140 ms of a ~0.8 s export.
// Here only what differs is touched, and still nothing is lost on failure:
// - Every new or changed file is first written (or hard-linked) into a private staging folder next
//   to out/, on the same file system. out/ is not touched until everything is staged; a failure
//   before that leaves it exactly as it was.
// - Then each staged file is renamed over its place in out/ (atomic per file: a reader sees the old
//   bytes or the new, never half a file), and files of the previous export that this one lacks are
//   removed. The export manifest is saved only afterwards, so a crash between renames costs the
//   next export a re-render of the pages whose files no longer match their records, nothing more.
// - A changed file gets a new inode and is never written in place: the swap's spare tree shares
//   inodes with out/, and must never see a change it did not make.
// The caller uses it only when the previous export's file list is known and it carried pages over;
// anything this cannot stage (a folder where a file goes, a file where a folder goes) throws before
// out/ is touched, and the caller falls back to the swap.
import { linkSync, mkdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  crashedExports,
  type FileStamp,
  holdsBytes,
  lstatOrNull,
  resolveWithin,
  type SiteOutput,
  type WriteStats,
} from './write-site.ts';

/** A file to rename into out/ at commit: staged bytes, or a link of a file out/ will hold by then. */
type Staged = { key: string; from: string } | { key: string; linkOf: string };

export class SiteUpdater implements SiteOutput {
  readonly out: string;
  private readonly stage: string;
  private readonly stats: WriteStats = { files: 0, bytes: 0, written: 0, unchanged: 0 };
  private readonly staged: Staged[] = [];
  /** Keys placed by this export: the file out/ holds there (ino null: staged, a new one to come). */
  private readonly placed = new Map<string, { ino: number | null; size: number; mtimeMs: number }>();
  private n = 0;
  /** Folders of out/ found to be folders (each is checked once). */
  private readonly folders = new Set<string>();

  /**
   * `previous`: every file the last export wrote into out/ (from its manifest); `found`: files the
   * manifest just checked in out/, with that check's result (carried without looking again).
   */
  constructor(
    out: string,
    private readonly previous: ReadonlySet<string>,
    private readonly found: ReadonlyMap<string, FileStamp> = new Map(),
  ) {
    this.out = path.resolve(out);
    this.stage = `${this.out}.tmp-${process.pid}`;
  }

  async begin(): Promise<void> {
    for (const dir of crashedExports(this.out)) rmSync(dir, { recursive: true, force: true });
    mkdirSync(this.stage, { mode: 0o700 });
  }

  /** Key and path in out/ of `rel`, after checking nothing stands where its folders must go. */
  private place(rel: string): { key: string; dest: string } {
    const { key, abs: dest } = resolveWithin(this.out, rel);
    if (this.placed.has(key)) throw new Error(`update-site: ${rel} written twice`);
    for (let dir = path.dirname(dest); dir !== this.out && !this.folders.has(dir); dir = path.dirname(dir)) {
      const st = lstatOrNull(dir);
      if (st === null) continue; // made at commit
      if (!st.isDirectory()) throw new Error(`update-site: ${path.relative(this.out, dir)} is not a folder`);
      this.folders.add(dir);
      break;
    }
    return { key, dest };
  }

  /** The file out/ holds at `dest`, or null; throws when something else (a folder, a link) stands there. */
  private existing(dest: string) {
    const st = lstatOrNull(dest);
    if (st !== null && !st.isFile()) throw new Error(`update-site: ${dest} is not a regular file`);
    return st;
  }

  async write(rel: string, bytes: Uint8Array | string): Promise<void> {
    const { key, dest } = this.place(rel);
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const prev = this.existing(dest);
    this.stats.files++;
    this.stats.bytes += data.length;
    if (prev && holdsBytes(prev, dest, data)) {
      this.placed.set(key, { ino: prev.ino, size: prev.size, mtimeMs: prev.mtimeMs });
      this.stats.unchanged++;
      return;
    }
    const from = path.join(this.stage, String(this.n++));
    writeFileSync(from, data, { flag: 'wx' });
    this.staged.push({ key, from });
    this.placed.set(key, { ino: null, size: data.length, mtimeMs: 0 });
    this.stats.written++;
  }

  /** A page the manifest found current: out/ already holds it. */
  async carry(rel: string): Promise<void> {
    const { key, dest } = this.place(rel);
    const prev = this.found.get(key) ?? this.existing(dest);
    if (!prev) throw new Error(`update-site: cannot carry ${rel} over: the previous export holds no file there`);
    this.placed.set(key, { ino: prev.ino, size: prev.size, mtimeMs: prev.mtimeMs });
    this.stats.files++;
    this.stats.bytes += prev.size;
    this.stats.unchanged++;
  }

  /** Every file is staged on this thread: nothing to wait for. */
  async settle(): Promise<void> {}

  /** `rel` as a hard link of `target` (placed already): linked again only when it is not that file now. */
  link(rel: string, target: string): void {
    const { key: targetKey } = resolveWithin(this.out, target);
    const file = this.placed.get(targetKey);
    if (file === undefined) throw new Error(`update-site: cannot link ${rel} to ${target}: not placed yet`);
    const { key, dest } = this.place(rel);
    const prev = this.existing(dest);
    this.placed.set(key, file);
    this.stats.files++;
    this.stats.bytes += file.size;
    if (file.ino !== null && prev?.ino === file.ino) {
      this.stats.unchanged++;
      return;
    }
    this.staged.push({ key, linkOf: targetKey });
    this.stats.written++;
  }

  /** Renames the staged files into out/, then removes what the previous export had and this one has not. */
  async commit(): Promise<WriteStats> {
    const abs = (key: string) => path.join(this.out, ...key.split('/'));
    for (const s of this.staged) {
      const dest = abs(s.key);
      mkdirSync(path.dirname(dest), { recursive: true });
      let from: string;
      if ('from' in s) from = s.from;
      else {
        from = path.join(this.stage, String(this.n++));
        linkSync(abs(s.linkOf), from);
      }
      renameSync(from, dest);
    }
    for (const key of this.previous) {
      if (this.placed.has(key)) continue;
      try {
        unlinkSync(abs(key));
      } catch {
        continue; // already gone (or a folder now holds this site's files)
      }
      // Folders the removed file leaves empty go too (a removed school's page folder).
      for (let dir = path.dirname(abs(key)); dir !== this.out; dir = path.dirname(dir)) {
        try {
          rmdirSync(dir);
        } catch {
          break;
        }
      }
    }
    rmSync(this.stage, { recursive: true, force: true });
    return { ...this.stats };
  }

  async abort(): Promise<void> {
    rmSync(this.stage, { recursive: true, force: true });
  }

  files(): string[] {
    return [...this.placed.keys()];
  }

  /** The files this update left as they were, with what a stat of them gives (the manifest need not stat them again). */
  untouched(): Map<string, FileStamp> {
    const kept = new Map<string, FileStamp>();
    for (const [key, f] of this.placed)
      if (f.ino !== null) kept.set(key, { size: f.size, mtimeMs: f.mtimeMs, ino: f.ino });
    return kept;
  }
}
