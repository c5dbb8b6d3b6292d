// A value derived from files of the repository, kept in .cache/ between exports together with each
// file's size, mtime and inode (as the export manifest trusts a page in out/). While none of them
// changed the value cannot have either, and the next export only stats the files instead of
// deriving it again. Used for the code key (a walk of the export's module graph) and the browser
// bundle (an esbuild build): both cost 0.1-0.3 s, and a publish changes content, not code.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Stamp = [rel: string, size: number, mtimeMs: number, ino: number];

interface Stored<T> {
  tag: string;
  stamps: Stamp[];
  value: T;
}

const stampOf = (root: string, rel: string): Stamp => {
  const st = statSync(path.join(root, rel));
  return [rel, st.size, st.mtimeMs, st.ino];
};

/**
 * The value kept in `file` when it was stored under the same `tag` (what else it depends on: Node,
 * NODE_ENV, options) and every file it was derived from is unchanged; else null.
 */
export function readStamped<T>(file: string, root: string, tag: string): T | null {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Stored<T>;
    if (c.tag !== tag || !Array.isArray(c.stamps)) return null;
    const same = c.stamps.every((s) => stampOf(root, s[0]).every((v, i) => v === s[i]));
    return same ? c.value : null;
  } catch {
    return null; // no cache, or a file is gone
  }
}

/**
 * Keeps `value`, derived from `files` (relative to root; missing ones are skipped) by work that
 * started at `since` (Date.now()), atomically. Nothing is kept when a file changed after `since`:
 * its stamp would be newer than the bytes the value saw. A read-only checkout only loses the cache.
 */
export function writeStamped<T>(
  file: string,
  root: string,
  tag: string,
  files: readonly string[],
  value: T,
  since: number,
): void {
  try {
    const stamps = files.flatMap((rel) => {
      try {
        return [stampOf(root, rel)];
      } catch {
        return [];
      }
    });
    if (stamps.some((s) => s[2] >= since)) return;
    const stored: Stored<T> = { tag, stamps, value };
    replaceJson(file, stored);
  } catch {
    // The next export derives it again.
  }
}

/**
 * Writes `value` as JSON beside `file` and renames it over it, so a reader (another export) never
 * sees half a file. Used for everything the export keeps between runs: these caches and its manifest.
 */
export function replaceJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, file);
}
