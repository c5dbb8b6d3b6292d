// The site's static media (logo, hero video, PDF guide, favicon) live in public/ and are copied
// into the export under the asset base, where components link them (assetUrl(base, path)).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { byKey } from '../../src/lib/order.ts';

export interface PublicFile {
  path: string;
  bytes: Uint8Array;
}

/** Editor and OS clutter that must not be published. */
const SKIP = new Set(['.DS_Store', 'Thumbs.db', '.gitkeep']);

/** Every file under `dir`, '/'-separated paths relative to it, sorted; [] when the folder is absent. */
export async function readPublicFiles(dir: string): Promise<PublicFile[]> {
  const out: PublicFile[] = [];
  const walk = async (rel: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return;
      throw err;
    }
    for (const e of entries) {
      if (SKIP.has(e.name)) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push({ path: child, bytes: await readFile(path.join(dir, child)) });
      // Symlinks and special files are skipped: the export copies real files only.
    }
  };
  await walk('');
  return out.sort(byKey('path'));
}
