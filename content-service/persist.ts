// Writing the dataset folder without ever leaving half a file behind: write-file-atomic (npm's
// own) writes a temp file beside the target, flushes it and renames it over the target (rename is
// atomic on one file system), so a crash mid-write leaves the old file plus a stray temp file,
// never a torn one; it removes its temp file when a write fails or the process is stopped.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import writeFile from 'write-file-atomic';

/** Replaces `file` with `data` atomically (temp file, fsync, rename). */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await writeFile(file, typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    mode: 0o644,
  });
}

/** write-file-atomic's temp names: the target's name, a dot and a number (`dataset.ndjson.3141592653`). */
const TEMP_NAME = /^.+\.[A-Za-z0-9]+\.\d+$/;

/** Removes temp files a crashed write left in `dir` (the old file they were meant to replace is intact). */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => TEMP_NAME.test(n)).map((n) => rm(join(dir, n), { force: true })));
}
