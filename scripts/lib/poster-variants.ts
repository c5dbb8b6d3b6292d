// The landing page's video poster is a 1920 px photo; phones draw it about 660 px wide, so the
// export writes smaller copies next to it (named by posterVariantPath) for the poster's srcset.
// Resizing takes a while, so copies are cached by the source's hash in the image cache folder.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS, posterVariantPath } from '../../src/config/site.ts';
import type { PublicFile } from './public-files.ts';

/** The poster's smaller copies as files to publish ([] when public/ has no poster). */
export async function posterVariants(publicFiles: readonly PublicFile[], cacheDir: string): Promise<PublicFile[]> {
  const source = publicFiles.find((f) => f.path === ASSETS.heroPoster.src);
  if (!source) return [];
  const hash = createHash('sha1').update(source.bytes).digest('hex').slice(0, 16);
  await mkdir(cacheDir, { recursive: true });
  return Promise.all(
    ASSETS.heroPosterWidths.map(async (width) => {
      const cached = path.join(cacheDir, `poster-${hash}-${width}w.jpg`);
      let bytes: Uint8Array;
      try {
        bytes = await readFile(cached);
      } catch {
        // Loaded only on a cache miss: sharp's native binding takes ~0.13 s to load, a publish needs it rarely.
        const { default: sharp } = await import('sharp');
        bytes = await sharp(source.bytes)
          .resize({ width, withoutEnlargement: true })
          .jpeg({ quality: 80, progressive: true, mozjpeg: true })
          .toBuffer();
        const tmp = `${cached}.${process.pid}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, cached);
      }
      return { path: posterVariantPath(width), bytes };
    }),
  );
}
