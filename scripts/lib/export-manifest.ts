// Incremental export: what the previous export of an out/ folder rendered, so the next one renders
// only pages whose inputs changed and hard-links the others from out/. An editor fixing one school
// otherwise paid for the whole district again (1000 schools: an incremental run cost 72% of a full
// one). A page's key hashes everything its HTML depends on: the code (every module the export
// loads, the lockfile, Node, NODE_ENV), the render settings and assets, the navigation, and the page's own data. The
// manifest lives outside out/ (it is not for the web), one file per out/ folder, and an entry is
// only trusted while the file in out/ still has the size, mtime and inode recorded after writing.
// It also keeps the content state of that export (every document's revision and each school's
// outcome and data hash), so the next one reads only the schools a change can reach.
import type { WarningInput } from '../../src/lib/warn.ts';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { ContentRead } from './fetch-content.ts';
import { type Holders, holdersOf } from './address-keeper.ts';
import type { KnownSchools } from './validate-content.ts';
import type { FileStamp } from './write-site.ts';
import { readStamped, replaceJson, writeStamped } from './stamped-cache.ts';
import { byCodeUnits } from '../../src/lib/order.ts';
import { nodeEnv } from '../../core/environment.ts';

const VERSION = 2;
const STALE_MS = 14 * 24 * 3600 * 1000;

/** One page of the previous export: its key, and what rendering it reported (replayed when carried). */
export interface PageRecord {
  key: string;
  warnings: WarningInput[];
  /** Self-hosted image variants the page uses, as [src, remote URL]. */
  used: [string, string][];
}

interface StoredPage {
  key: string;
  warnings: WarningInput[];
  used: number[];
  size: number;
  mtimeMs: number;
  ino: number;
}
interface Stored {
  version: number;
  out: string;
  code: string;
  variants: [string, string][];
  pages: Record<string, StoredPage>;
  content?: ContentState;
  /** Every file the export placed in out/: an in-place update removes those the next one lacks. */
  files?: string[];
}

/**
 * What the content looked like at the previous export, for an incremental read (fetch-content.ts
 * fetchChanged): where it came from, every document's revision, and each school's outcome.
 */
export interface ContentState extends Pick<ContentRead, 'revs' | 'nav' | 'landing' | 'site'> {
  source: string;
  schools: KnownSchools;
}

/**
 * The hash of `texts` joined by newlines, fed one by one: a school's editions are ~40 KB each, and
 * joining them (or putting the newline in front of one) would copy it first.
 */
export const sha1 = (...texts: string[]): string => {
  const h = createHash('sha1');
  for (const [i, t] of texts.entries()) {
    if (i) h.update('\n');
    h.update(t);
  }
  return h.digest('hex');
};

/** The module the export starts from: every module it can load shapes what it writes. */
export const EXPORT_ENTRY = 'scripts/export.ts';

const codeKeys = new Map<string, Promise<string>>();

/**
 * Hash of the code that decides a page's HTML: the bytes of every module the export can load,
 * found by walking its import graph from EXPORT_ENTRY with esbuild (static and dynamic imports
 * alike, so the content service the export starts lazily counts), plus the lockfile for package
 * versions, Node and NODE_ENV. A list of folders missed content-service/ and core/, and a change
 * there left carried-over pages stale. Over-inclusive on purpose: a stale page is worse than a
 * re-render. Computed once per process and root. The walk costs 0.1-0.3 s in esbuild's own
 * process, so its result is also kept in .cache/ with each module's size, mtime and inode (as the
 * manifest trusts a page in out/, see stamped-cache.ts): while none of them changed, the graph cannot
 * have changed either (a new import edits a module in it), and the next export only stats the files.
 * `cache: false` walks and reads everything again (the bench checks code did not change mid-run).
 */
export function codeVersion(projectRoot: string, opts: { cache?: boolean } = {}): Promise<string> {
  const root = path.resolve(projectRoot);
  if (opts.cache === false) return hashModules(root);
  let key = codeKeys.get(root);
  if (!key) {
    key = cachedCodeKey(root);
    codeKeys.set(root, key);
  }
  return key;
}

/** The files (relative to root, '/'-separated, sorted) the entry's import graph reaches, outside node_modules. */
export async function exportModules(root: string, entry = EXPORT_ENTRY): Promise<string[]> {
  // Loaded here: an export whose code key is cached never needs esbuild for it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes('node_modules/'))
    .sort(byCodeUnits);
}

/** Where the last walk's result is kept, per root. */
const CODE_KEY_CACHE = '.cache/export-code-key.json';

async function cachedCodeKey(root: string): Promise<string> {
  const file = path.join(root, CODE_KEY_CACHE);
  const tag = JSON.stringify([VERSION, process.version, nodeEnv()]);
  const kept = readStamped<string>(file, root, tag);
  if (typeof kept === 'string') return kept;
  const since = Date.now();
  const modules = await exportModules(root);
  const key = await hashModules(root, modules);
  writeStamped(file, root, tag, [...modules, 'package-lock.json'], key, since);
  return key;
}

async function hashModules(root: string, modules?: string[]): Promise<string> {
  const h = createHash('sha1');
  for (const rel of modules ?? (await exportModules(root))) {
    h.update(`${rel}\0`)
      .update(readFileSync(path.join(root, rel)))
      .update('\0');
  }
  try {
    h.update(readFileSync(path.join(root, 'package-lock.json')));
  } catch {
    // No lockfile: the modules still count.
  }
  h.update(`${process.version}\0${nodeEnv()}`);
  return h.digest('hex');
}

export class ExportManifest {
  constructor(
    readonly file: string,
    readonly out: string,
    readonly code: string,
  ) {}

  /** The manifest file for an out/ folder, inside `dir`. */
  static forOut(dir: string, out: string, code: string): ExportManifest {
    return new ExportManifest(path.join(dir, `${sha1(path.resolve(out)).slice(0, 20)}.json`), path.resolve(out), code);
  }

  /**
   * Pages of the previous export that can be carried over: same code, and the file in out/
   * untouched since. Anything unreadable or inconsistent gives an empty map (a full render).
   */
  private stored: Stored | null = null;
  /** The content state load() read, whatever code wrote it (who held which address outlives a code change). */
  private readContent: ContentState | null = null;
  /** The pages load() found in out/ as recorded, with what the check read of them. */
  private readonly found = new Map<string, FileStamp>();

  /** After load(): the carried-over candidates as found in out/ (the writer need not look again). */
  pagesFound(): ReadonlyMap<string, FileStamp> {
    return this.found;
  }

  /** Whether a previous export of this out/ left a manifest (with any code). */
  exists(): boolean {
    return existsSync(this.file);
  }

  load(): Map<string, PageRecord> {
    const pages = new Map<string, PageRecord>();
    let stored: Stored;
    this.stored = null;
    this.readContent = null;
    this.found.clear();
    try {
      stored = JSON.parse(readFileSync(this.file, 'utf8')) as Stored;
    } catch {
      return pages;
    }
    if (stored?.version === VERSION && stored.out === this.out) this.readContent = stored.content ?? null;
    if (
      stored?.version !== VERSION ||
      stored.out !== this.out ||
      stored.code !== this.code ||
      !Array.isArray(stored.variants) ||
      typeof stored.pages !== 'object'
    )
      return pages;
    this.stored = stored;
    for (const [file, p] of Object.entries(stored.pages)) {
      try {
        // lstat: a link planted in out/ is not the page that was written, whatever it points at.
        const st = lstatSync(path.join(this.out, ...file.split('/')));
        if (!st.isFile() || st.size !== p.size || st.mtimeMs !== p.mtimeMs || st.ino !== p.ino) continue;
        const used = p.used.map((i) => stored.variants[i]);
        if (used.some((v) => !Array.isArray(v))) continue;
        pages.set(file, { key: p.key, warnings: p.warnings, used: used as [string, string][] });
        this.found.set(file, { size: p.size, mtimeMs: p.mtimeMs, ino: p.ino });
      } catch {
        // Gone or unreadable: rendered again.
      }
    }
    return pages;
  }

  /**
   * The previous export's content state, after load(), when it read the same source with the same
   * code. Its pages' records are only as good as load() found them; a school whose page was not
   * carried cannot be left unfetched (pages.ts then fails the incremental build and all is read).
   */
  content(source: string): ContentState | null {
    const c = this.stored?.content;
    if (
      !c ||
      c.source !== source ||
      typeof c.revs !== 'object' ||
      c.revs === null ||
      typeof c.schools !== 'object' ||
      c.schools === null ||
      !Array.isArray(c.nav) ||
      !Array.isArray(c.landing) ||
      typeof c.site !== 'object' ||
      c.site === null
    )
      return null;
    return c;
  }

  /**
   * After load(): the addresses the previous export of this out/ published from the same source,
   * and which school had each, also when other code wrote it; empty when unknown. Of schools
   * claiming one address, the one that had it keeps it (address-keeper.ts).
   */
  holders(source: string): Holders {
    const c = this.readContent;
    return c && c.source === source && typeof c.schools === 'object' && c.schools !== null
      ? holdersOf(c.schools)
      : new Map();
  }

  /** Every file the previous export placed in out/, after load(); null when unknown (or not trusted). */
  files(): Set<string> | null {
    const files = this.stored?.files;
    return Array.isArray(files) && files.every((f) => typeof f === 'string') ? new Set(files) : null;
  }

  /** Records the pages of the export just committed to out/ (atomically; a failure only costs the next run a full render). */
  save(
    pages: Iterable<[file: string, record: PageRecord]>,
    content?: ContentState | null,
    files?: readonly string[],
    /** Files the writer knows to be as they were, with their stat: not asked again (~15 ms at 1000 schools). */
    untouched?: ReadonlyMap<string, FileStamp>,
  ): void {
    const variants: [string, string][] = [];
    const index = new Map<string, number>();
    const out: Record<string, StoredPage> = {};
    for (const [file, rec] of pages) {
      const st = untouched?.get(file) ?? statSync(path.join(this.out, ...file.split('/')));
      const used = rec.used.map(([src, remote]) => {
        const id = `${src}\n${remote}`;
        let i = index.get(id);
        if (i === undefined) {
          i = variants.push([src, remote]) - 1;
          index.set(id, i);
        }
        return i;
      });
      out[file] = { key: rec.key, warnings: rec.warnings, used, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
    }
    const stored: Stored = {
      version: VERSION,
      out: this.out,
      code: this.code,
      variants,
      pages: out,
      ...(content ? { content } : {}),
      ...(files ? { files: [...files].sort(byCodeUnits) } : {}),
    };
    replaceJson(this.file, stored);
    // Manifests of out/ folders not exported for a while (temp folders of tests and benchmarks) go.
    const dir = path.dirname(this.file);
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      try {
        if (p !== this.file && Date.now() - statSync(p).mtimeMs > STALE_MS) unlinkSync(p);
      } catch {
        /* raced with another export */
      }
    }
  }
}
