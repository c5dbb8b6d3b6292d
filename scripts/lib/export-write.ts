import path from 'node:path';
import { EXIT } from '../../core/exit-codes.ts';
import { byKey } from '../../src/lib/order.ts';
import type { BundleFile } from '../../core/bundler.ts';
import type { ContentRead } from './fetch-content.ts';
import { fetchImages, type FetchedImage } from './images.ts';
import { fetchFileAssets } from './file-assets.ts';
import type { RenderedSite } from './pages.ts';
import type { PublicFile } from './public-files.ts';
import type { ContentState } from './export-manifest.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { openDataCsv, openDataFiles, openDataJson, openSchools } from './open-data.ts';
import { factsIn } from '../../src/lib/facts/school-facts.ts';
import { LANGS } from '../../src/i18n/messages.ts';
import { HEADERS_FILE, headersFile, siteHeaders } from '../../render/csp.ts';
import { REDIRECTS_FILE, redirectsFile } from './host-files.ts';
import type { ValidContent } from './validate-content.ts';
import { type FileStamp, type SiteOutput, SiteWriter, type WriteStats } from './write-site.ts';
import { SiteUpdater } from './update-site.ts';

import { type ExportRun, type ExportSummary, ExportError, message, type Plan, type Rendered } from './export-run.ts';

/** Files written at once (the libuv pool has 4 threads by default). */
const WRITE_CONCURRENCY = 8;

/** Whether this process has swapped a new site into place (a signal after that stops a finished export). */
let published = false;
const markPublished = () => {
  published = true;
};
export const hasPublished = (): boolean => published;

/** Stage 5: fetches the image variants the pages use, swaps the site into out/, records it for the next export. */
export async function writeExport(
  run: ExportRun,
  plan: Plan,
  done: { read: ContentRead; content: ValidContent; rendered: Rendered; started: number },
): Promise<ExportSummary> {
  try {
    return await writeSite(run, plan, done);
  } catch (err) {
    // Written while rendering, and never published: the tree is the next export's to check and reuse.
    await done.rendered.stream?.abort(err);
    throw err;
  }
}

async function writeSite(
  run: ExportRun,
  plan: Plan,
  done: { read: ContentRead; content: ValidContent; rendered: Rendered; started: number },
): Promise<ExportSummary> {
  const {
    read,
    content,
    rendered: { site, bundle, publicFiles },
  } = done;
  const jobs = [...site.variants].map(([src, remote]) => ({ file: src.slice(run.opts.root.length), remote }));
  const fetchOpts = { cacheDir: run.imageCacheDir, retry: run.retry(), warn: run.warn };
  const images = await run.progress.phase(
    'images',
    () => fetchImages(jobs, fetchOpts).catch(run.fail(EXIT.fetch, 'images')),
    (r) => `${r.images.length} variants (${r.fetched} fetched, ${r.cached} cached)`,
  );
  const districtFiles = await run.progress.phase(
    'files',
    () =>
      fetchFileAssets(
        [...site.fileAssets].map(([file, remote]) => ({ file, remote })),
        { cacheDir: run.imageCacheDir, retry: run.retry(), warn: run.warn },
      ).catch(run.fail(EXIT.fetch, 'files')),
    (f) => `${f.length} of the district's files`,
  );
  const { files, carried, pages, aliases } = siteFiles(run, site, bundle.files, images.images, publicFiles);
  const baseDir = run.opts.base.slice(run.opts.root.length);
  for (const f of districtFiles) files.set(baseDir + f.file, f.bytes);
  if (run.opts.strict && run.report.content > 0) await refuseStrict(run);
  const written = await writeFiles(run, plan, { files, carried, aliases, stream: done.rendered.stream });
  saveManifest(run, plan, read, content, site, written);
  return {
    out: run.opts.out,
    pages: pages.length,
    rendered: site.pages.length,
    carried: site.carried.length,
    schools: content.schools.length + content.carried.length,
    content: { changed: read.changed ? read.changed.length : null, fetched: read.schools.length },
    images: {
      total: images.images.length,
      fetched: images.fetched,
      cached: images.cached,
      missing: images.missing.length,
    },
    write: written.stats,
    bundle: bundle.sizes,
    ms: performance.now() - done.started,
    report: await reportOf(run, true),
  };
}

/** The report file written beside out/, and the summary naming it (relative to where the export runs). */
async function reportOf(run: ExportRun, published: boolean): Promise<ExportSummary['report']> {
  const file = await run.report.write(run.reportFile, run.opts.out, published).catch(() => null);
  const shown = file && (path.relative(run.io.cwd, file) || file);
  return {
    total: run.report.total,
    kinds: run.report.kinds(),
    file,
    lines: run.report.summary(shown ?? null),
  };
}

/** --strict with warnings about the content: the report is written, nothing is published (exit 6). */
async function refuseStrict(run: ExportRun): Promise<never> {
  const { lines } = await reportOf(run, false);
  throw new ExportError(
    EXIT.strict,
    'strict',
    `--strict: the content has ${run.report.content} warning(s); nothing was published\n${lines.join('\n')}`,
  );
}

/**
 * Everything the site consists of, by path (bundles under the base, images already base-relative);
 * generated files win over public/ files of the same name. Carried pages are kept apart: their
 * files are linked from out/, not written.
 */
function siteFiles(
  run: ExportRun,
  site: RenderedSite,
  bundleFiles: BundleFile[],
  images: FetchedImage[],
  publicFiles: PublicFile[],
) {
  // '' or e.g. 'wp-content/themes/district/': the base below the path out/ is served at.
  const baseDir = run.opts.base.slice(run.opts.root.length);
  const files = new Map<string, Uint8Array | string>();
  for (const f of publicFiles) files.set(baseDir + f.path, f.bytes);
  const put = (rel: string, bytes: Uint8Array | string) => {
    if (files.has(rel) && publicFiles.some((f) => baseDir + f.path === rel))
      run.warn({
        kind: 'export',
        message: `public/${rel.slice(baseDir.length)} is replaced by a generated file of the same name`,
      });
    files.set(rel, bytes);
  };
  for (const f of bundleFiles) put(baseDir + f.path, f.contents);
  for (const img of images) put(img.file, img.bytes);
  for (const p of site.pages) put(p.file, p.html);
  for (const f of site.files) put(baseDir + f.path, f.contents);
  const carried = new Set(site.carried.map((p) => p.file));
  for (const rel of carried)
    if (files.has(rel)) throw new ExportError(EXIT.render, 'render', `${rel}: a page and another file share this path`);
  const pages = [...site.pages, ...site.carried].sort(byKey('file'));
  // A page's second address is a hard link of its file, placed once every file is in place.
  const aliases = pages.flatMap((p) => p.aliases.map((alias) => [alias, p.file] as const));
  for (const [alias] of aliases) {
    if (files.has(alias) || carried.has(alias)) {
      throw new ExportError(EXIT.render, 'render', `${alias}: a page and another file share this path`);
    }
  }
  if (run.opts.siteUrl)
    put(
      'sitemap.xml',
      sitemapXml(
        run.opts.siteUrl,
        pages.flatMap((p) => (p.sitemap ? [p.sitemap] : [])),
      ),
    );
  put('robots.txt', robotsTxt(run.opts.siteUrl));
  // Each edition's open data, in its language (the facts file of that edition).
  for (const lang of LANGS) {
    const openData = openSchools(
      site.facts.map((f) => factsIn(f, lang)),
      run.opts,
      lang,
    );
    const file = openDataFiles(lang);
    put(file.json, openDataJson(openData));
    put(file.csv, openDataCsv(openData));
  }
  // Netlify / Cloudflare Pages: the pages' CSP plus what a <meta> cannot carry (render/csp.ts).
  const imageSource = { imageHost: run.source.config.imageHost, selfHostBase: run.selfHost ? run.opts.base : null };
  put(HEADERS_FILE, headersFile(siteHeaders(imageSource)));
  put(REDIRECTS_FILE, redirectsFile(run.opts.root));
  return { files, carried, pages, aliases };
}

/**
 * Writes the files (exit 4 on failure). An export that carried pages over, with the previous file
 * list known, updates out/ in place (update-site.ts): only what differs is touched. Otherwise, or
 * when out/ holds something in place cannot handle, the site is built in a temp tree and swapped in.
 */
async function writeFiles(
  run: ExportRun,
  plan: Plan,
  site: {
    files: Map<string, Uint8Array | string>;
    carried: Set<string>;
    aliases: (readonly [alias: string, file: string])[];
    stream: Rendered['stream'];
  },
): Promise<{ stats: WriteStats; files: string[]; untouched?: ReadonlyMap<string, FileStamp> }> {
  const { files, carried, aliases, stream } = site;
  const previous = carried.size > 0 ? plan.manifest.files() : null;
  return run.progress.phase(
    'write',
    async () => {
      // Most of the site is in the temp tree already: the rest joins it, then the same swap.
      if (stream) return swapIn(run, stream.output, stream.placedFiles(), site);
      if (previous) {
        // Anything in place cannot stage (before out/ is touched) falls back to the swap below.
        const updater = new SiteUpdater(run.opts.out, previous, plan.manifest.pagesFound());
        const staged = await updater
          .begin()
          .then(() => placeAll(updater, files, carried, aliases))
          .then(
            () => true,
            () => updater.abort().then(() => false),
          );
        if (staged) {
          const stats = await updater.commit().catch(run.fail(EXIT.render, 'write'));
          markPublished();
          return { stats, files: updater.files(), untouched: updater.untouched() };
        }
      }
      const writer = new SiteWriter(run.opts.out);
      return swapIn(
        run,
        writer,
        writer.begin().then(() => new Set<string>()),
        site,
      );
    },
    ({ stats: s }) => `${s.written} written, ${s.unchanged} unchanged`,
  );
}

/**
 * Places what `placed` (once the writer has begun) does not hold yet, and swaps the writer's tree in
 * for out/: exit 4 on failure, with out/ as it was.
 */
async function swapIn(
  run: ExportRun,
  writer: SiteWriter,
  placed: Promise<ReadonlySet<string>>,
  site: { files: Map<string, Uint8Array | string>; carried: Set<string>; aliases: (readonly [string, string])[] },
): Promise<{ stats: WriteStats; files: string[] }> {
  try {
    const done = await placed;
    const rest = done.size ? new Map([...site.files].filter(([rel]) => !done.has(rel))) : site.files;
    await placeAll(writer, rest, site.carried, site.aliases);
    const stats = await writer.commit();
    markPublished();
    return { stats, files: writer.files() };
  } catch (err) {
    await writer.abort(err).catch(() => {});
    return run.fail(EXIT.render, 'write')(err);
  }
}

/** Places every file through `output` (begun), up to its commit. */
async function placeAll(
  output: SiteOutput,
  files: Map<string, Uint8Array | string>,
  carried: Set<string>,
  aliases: (readonly [alias: string, file: string])[],
): Promise<void> {
  // Several files in flight: the file system works on one while the next is encoded and compared.
  const queue = [...files.keys(), ...carried].sort();
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const rel = queue[next++]!;
      if (carried.has(rel)) await output.carry(rel);
      else await output.write(rel, files.get(rel)!);
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  await output.settle();
  for (const [alias, file] of aliases) output.link(alias, file);
}

/** Records each page's key and the content state, so the next export reads and renders only what changed. */
function saveManifest(
  run: ExportRun,
  plan: Plan,
  read: ContentRead,
  content: ValidContent,
  site: RenderedSite,
  written: { files: readonly string[]; untouched?: ReadonlyMap<string, FileStamp> },
): void {
  const outcomes = content.outcomes;
  const state: ContentState | null = outcomes
    ? {
        source: run.sourceId,
        revs: read.revs,
        nav: read.nav,
        landing: read.landing,
        site: read.site,
        schools: Object.fromEntries(
          [...outcomes].map(([id, o]) => {
            const school = site.schools.get(id);
            return [
              id,
              { ...o, hash: school?.hash ?? null, lastmod: school?.lastmod ?? null, facts: school?.facts ?? null },
            ];
          }),
        ),
      }
    : null;
  try {
    plan.manifest.save(site.records, state, written.files, written.untouched);
  } catch (err) {
    run.warn({
      kind: 'export',
      message: `could not save the export manifest (the next export renders every page): ${message(err)}`,
    });
  }
}
