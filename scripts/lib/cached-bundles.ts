// The export's browser bundles, kept in .cache/ between exports while no file esbuild read has
// changed (stamped-cache.ts). A publish changes content, not code, yet every export ran esbuild
// again: 50-200 ms on the other core plus ~20 ms of gzip here, which a one-school export waited for
// (35-50 ms at 1000 schools) and which competed with the full export's read for the CPU.
import path from 'node:path';
import { buildBundles, type BundleResult } from '../../core/bundler.ts';
import { sha1 } from './export-manifest.ts';
import { readStamped, writeStamped } from './stamped-cache.ts';

type Kept = Omit<BundleResult, 'files'> & { files: { path: string; base64: string }[] };

/** The bundles for the asset `base`, built by esbuild only when the last build's inputs changed. */
export async function cachedBundles(root: string, base: string): Promise<BundleResult> {
  // Checked once the event loop is free (the export starts this first and needs it last): its ~0.5 MB
  // of JSON and ~300 stats then fill a wait for the content service rather than delay the first query.
  await new Promise((resolve) => setImmediate(resolve));
  const file = path.join(root, '.cache', `bundle-${sha1(base).slice(0, 16)}.json`);
  // The base is in every asset URL; Node and the lockfile decide esbuild's version.
  const tag = JSON.stringify([1, process.version, base]);
  const kept = readStamped<Kept>(file, root, tag);
  if (kept)
    return { ...kept, files: kept.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })) };
  const since = Date.now();
  const built = await buildBundles(root, base);
  const files = built.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') }));
  writeStamped(file, root, tag, [...built.inputs, 'package-lock.json', 'tsconfig.json'], { ...built, files }, since);
  return built;
}
