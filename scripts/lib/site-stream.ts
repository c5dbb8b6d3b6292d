// Writing a full export while it renders. With nothing to carry over from a previous export, every
// page is new: each one goes into the temp tree as soon as it is rendered, and its file is created
// on a thread of its own (file-creator.ts), so at 1000 schools the 7000 file creations run on the
// other core during the render instead of after it. The write stage then adds the files made
// after the pages (bundles, images, open data) through the same SiteWriter and swaps the tree in:
// publishing is still one swap, after everything is in place.
import { threadedCreator } from './file-creator.ts';
import type { RenderedPage, RenderedSite, SiteOutputSink } from './page-types.ts';
import { SiteWriter } from './write-site.ts';

export class SiteStream implements SiteOutputSink {
  private writer: SiteWriter;
  /** Paths placed so far, relative to out/. */
  private readonly placed = new Set<string>();
  /** The first failure to place a file: reported by the write stage, as a failed write always was. */
  private failure: { err: unknown } | null = null;

  /** `baseDir`: the asset base below out/ ('' or e.g. 'district/'), where RenderedSite.files go. */
  constructor(
    private readonly out: string,
    private readonly baseDir: string,
  ) {
    this.writer = this.open();
  }

  private open(): SiteWriter {
    const writer = new SiteWriter(this.out, threadedCreator());
    writer.begin().catch(this.fail);
    return writer;
  }

  private readonly fail = (err: unknown) => {
    this.failure ??= { err };
  };

  private put(rel: string, bytes: Uint8Array | string, giveAway = false): void {
    if (this.failure) return;
    this.placed.add(rel);
    this.writer.write(rel, bytes, giveAway).catch(this.fail);
  }

  /** The page's bytes go to the file-creating thread: `page.html` reads as empty afterwards. */
  page(page: RenderedPage): void {
    this.put(page.file, page.html, true);
  }

  files(files: RenderedSite['files']): void {
    for (const f of files) this.put(this.baseDir + f.path, f.contents);
  }

  /** Starts over in a fresh tree: the build is made again (a school's page failed to render). */
  async restart(): Promise<void> {
    await this.writer.abort(this.failure?.err);
    this.placed.clear();
    this.failure = null;
    this.writer = this.open();
  }

  /** The writer whose tree holds every file placed so far (the write stage adds the rest and commits). */
  get output(): SiteWriter {
    return this.writer;
  }

  /** The paths placed so far, relative to out/; rejects with the first failure to place one. */
  async placedFiles(): Promise<ReadonlySet<string>> {
    if (this.failure) throw this.failure.err;
    return this.placed;
  }

  /** Throws the tree away (the export failed before its write stage finished). */
  abort(err?: unknown): Promise<void> {
    return this.writer.abort(err ?? this.failure?.err);
  }
}
