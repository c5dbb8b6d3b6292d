// Writing the dataset folder without ever leaving half a file behind: the bytes go to a temp file
// beside the target, are flushed, and only then renamed over it (rename is atomic on one file
// system), so a crash mid-write leaves the old file plus a stray temp file, never a torn one.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** `.<name>.<random>.tmp`: hidden, next to the target, and never the name the watcher follows. */
const tempName = (file: string): string =>
  join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);

/** Replaces `file` with `data` atomically (temp file, fsync, rename). */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempName(file);
  const handle = await open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Removes temp files a crashed write left in `dir` (the old file they were meant to replace is intact). */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((n) => /^\..+\.[0-9a-f]{12}\.tmp$/.test(n)).map((n) => rm(join(dir, n), { force: true })),
  );
}
