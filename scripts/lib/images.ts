// Self-hosted image variants: every variant a page uses is fetched once from the image service as
// WebP and written under out/<base>/media/, so the export works without the service (the embedded
// one stops when the export ends) and `npm start` shows real images. Variants are cached on disk
// between runs, keyed by the variant's path and query (not the host: the embedded service gets a
// new port each run), because a variant URL names an immutable asset plus fixed transforms.
// Cache hits are read synchronously, all before any download starts: a few hundred small reads in
// a tight loop take a few ms, where the same reads through libuv's thread pool took ten times that.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_QUALITY } from '../../src/lib/images/image.ts';
import { byKey } from '../../src/lib/order.ts';
import { statusOf, withRetry, type RetryOptions } from './retry.ts';

export interface ImageJob {
  /** Path relative to the export root, e.g. 'media/3f2a9c-1280x853-1a2b3c4d.webp'. */
  file: string;
  /** The image service URL the variant comes from. */
  remote: string;
}

export interface FetchedImage {
  file: string;
  bytes: Uint8Array;
  fromCache: boolean;
}

export interface ImageResult {
  images: FetchedImage[];
  fetched: number;
  cached: number;
  /** Variants the service does not have (4xx): warned about and left out. */
  missing: string[];
}

export interface ImageOptions {
  cacheDir: string;
  retry: RetryOptions;
  concurrency?: number;
  warn: (msg: string) => void;
}

export class ImageFetchError extends Error {
  constructor(
    readonly statusCode: number | null,
    message: string,
    /** A busy service's Retry-After, in ms (withRetry waits that long). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** The variant URL asking for WebP explicitly, whatever `auto=format` would negotiate. */
export function webpUrl(remote: string): string {
  const url = new URL(remote);
  url.searchParams.delete('auto');
  url.searchParams.set('fm', 'webp');
  return url.toString();
}

export const cacheKey = (remote: string): string => {
  const url = new URL(webpUrl(remote));
  return createHash('sha256')
    .update(url.pathname + url.search)
    .digest('hex');
};

export const isWebp = (b: Uint8Array): boolean =>
  b.length > 12 &&
  Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
  Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP';

/** Makes sure the bytes are WebP: a service that ignores fm=webp still yields a .webp file that is one. */
async function ensureWebp(bytes: Uint8Array, remote: string): Promise<Uint8Array> {
  if (isWebp(bytes)) return bytes;
  // Loaded only here (a service that ignores fm=webp): sharp's native binding takes ~0.13 s to load.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes).webp({ quality: IMAGE_QUALITY }).toBuffer();
  } catch (err) {
    throw new ImageFetchError(
      null,
      `${remote}: the image service answered with something that is not an image (${(err as Error).message})`,
    );
  }
}

async function download(remote: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(webpUrl(remote), { headers: { accept: 'image/webp,image/*;q=0.8' }, signal });
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
    throw new ImageFetchError(
      res.status,
      `${remote}: HTTP ${res.status}`,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
    );
  }
  return new Uint8Array(await res.arrayBuffer());
}

function readCache(file: string): Uint8Array | null {
  try {
    const b = readFileSync(file);
    return isWebp(b) ? b : null; // A damaged cache entry is fetched again.
  } catch {
    return null;
  }
}

export async function fetchImages(jobs: readonly ImageJob[], opts: ImageOptions): Promise<ImageResult> {
  mkdirSync(opts.cacheDir, { recursive: true });
  const sorted = [...jobs].sort(byKey('file'));
  const images: FetchedImage[] = [];
  const missing: string[] = [];
  const toFetch: { job: ImageJob; cachePath: string }[] = [];
  let fetched = 0;
  let next = 0;

  for (const job of sorted) {
    const cachePath = path.join(opts.cacheDir, `${cacheKey(job.remote)}.webp`);
    const hit = readCache(cachePath);
    if (hit) images.push({ file: job.file, bytes: hit, fromCache: true });
    else toFetch.push({ job, cachePath });
  }
  const cached = images.length;

  const one = async ({ job, cachePath }: { job: ImageJob; cachePath: string }) => {
    let bytes: Uint8Array;
    try {
      bytes = await withRetry(`image ${job.remote}`, (signal) => download(job.remote, signal), opts.retry);
    } catch (err) {
      const status = statusOf(err);
      if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) {
        opts.warn(
          `image ${job.file}: the image service has no such variant (HTTP ${status}); the page shows its alt text instead`,
        );
        missing.push(job.file);
        return;
      }
      throw err;
    }
    bytes = await ensureWebp(bytes, job.remote);
    const tmp = `${cachePath}.tmp-${process.pid}`;
    await writeFile(tmp, bytes);
    await rename(tmp, cachePath);
    fetched++;
    images.push({ file: job.file, bytes, fromCache: false });
  };

  const worker = async () => {
    while (next < toFetch.length) await one(toFetch[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 6, toFetch.length) }, worker));
  images.sort(byKey('file'));
  return { images, fetched, cached, missing };
}
