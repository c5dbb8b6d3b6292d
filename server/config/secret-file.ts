// The preview secret the embedded default generates is kept across restarts, in a git-ignored file
// only its owner can read (mode 0600): yesterday's link and session cookie keep working after
// `npm run preview` is started again. A hosted project sets PREVIEW_SECRET itself and never uses this.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths.ts';

export const PREVIEW_SECRET_FILE = path.join(REPO_ROOT, '.cache', 'preview-secret');

const VALID = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The secret in `file` when it is a well-formed secret readable by its owner only; otherwise a new
 * one, written there first (temp file created 0600, then renamed, so no reader sees half of it).
 * A file others could read is not trusted: the secret it held may have been seen, so it is replaced.
 */
export function storedPreviewSecret(file = PREVIEW_SECRET_FILE): string {
  try {
    const st = statSync(file);
    const text = readFileSync(file, 'utf8').trim();
    if (st.isFile() && (st.mode & 0o077) === 0 && VALID.test(text)) return text;
  } catch {
    /* none yet */
  }
  const secret = randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${secret}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return secret;
}
