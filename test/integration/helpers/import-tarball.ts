// `sanity dataset import` into the embedded service, as the import and backup tests run it:
// @sanity/import, unmodified, fills a service started on an empty folder with a token and writing
// what it accepts into the folder, from a `sanity dataset export` tarball.
import { createReadStream } from 'node:fs';
import { sanityImport } from '@sanity/import';
import { startContentService } from '../../../content-service/index.ts';
import { editorClient } from './preview-fixture.ts';

/** Imports `tarball` into the (empty) folder `target`; the service is closed again before this returns. */
export async function importTarball(
  target: string,
  tarball: string,
  token: string,
  log: (message: string) => void,
): Promise<Awaited<ReturnType<typeof sanityImport>>> {
  const service = await startContentService({ contentDir: target, token, persist: true, watch: false, log });
  try {
    return await sanityImport(createReadStream(tarball), { client: editorClient(service.url, token) });
  } finally {
    await service.close();
  }
}
