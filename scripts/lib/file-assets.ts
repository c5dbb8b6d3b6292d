// The district's files the pages link (its PDF guide, its hero video): fetched from the content
// service and written into the export under files/, whether images are self-hosted or not, so the
// site links its own copies (the page's policy allows media from itself only) and keeps working
// when the service or its CDN is out of reach. A file asset's name is its content's hash, so a copy
// kept in the cache (beside the image variants) is the file for good.
import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Warning } from '../../src/lib/warn.ts';
import { ImageFetchError } from './images.ts';
import { statusOf, withRetry, type RetryOptions } from './retry.ts';

export interface FileAssetJob {
  /** Path relative to the asset base, e.g. 'files/<sha1>.pdf'. */
  file: string;
  /** Where the content service serves it. */
  remote: string;
}

export interface FetchedFile {
  file: string;
  bytes: Uint8Array;
}

/** Up to this many bytes a file (a PDF guide or a short looping video is far smaller). */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

async function download(remote: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(remote, { signal });
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ImageFetchError(res.status, `${remote}: HTTP ${res.status}`);
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_FILE_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new ImageFetchError(null, `${remote}: ${length} bytes, over the ${MAX_FILE_BYTES}-byte limit`);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > MAX_FILE_BYTES)
    throw new ImageFetchError(null, `${remote}: over the ${MAX_FILE_BYTES}-byte limit`);
  return bytes;
}

/**
 * Every job's bytes, from the cache or the service. A file the service does not have (4xx) is
 * left out with a warning naming it; anything else that fails stops the export (exit 2).
 */
export async function fetchFileAssets(
  jobs: readonly FileAssetJob[],
  opts: { cacheDir: string; retry: RetryOptions; warn: (w: Warning) => void },
): Promise<FetchedFile[]> {
  const dir = path.join(opts.cacheDir, 'files');
  mkdirSync(dir, { recursive: true });
  const got: FetchedFile[] = [];
  for (const job of [...jobs].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    const cached = path.join(dir, path.basename(job.file));
    try {
      got.push({ file: job.file, bytes: readFileSync(cached) });
      continue;
    } catch {
      // Not kept yet: fetched below.
    }
    let bytes: Uint8Array;
    try {
      bytes = await withRetry(`file ${job.remote}`, (signal) => download(job.remote, signal), opts.retry);
    } catch (err) {
      const status = statusOf(err);
      if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) {
        opts.warn({
          kind: 'file-missing',
          message: `file ${job.file}: the content service has no such file (HTTP ${status}); its link leads nowhere`,
        });
        continue;
      }
      throw err;
    }
    const tmp = `${cached}.tmp-${process.pid}`;
    await writeFile(tmp, bytes);
    await rename(tmp, cached);
    got.push({ file: job.file, bytes });
  }
  return got;
}
