// Incremental export: what the previous export of an out/ folder rendered, so the next one renders
// only pages whose inputs changed and hard-links the others from out/. An editor fixing one school
// otherwise paid for the whole district again (1000 schools: an incremental run cost 72% of a full
// one). A page's key hashes everything its HTML depends on: the code (src/, scripts/, lockfile,
// Node, NODE_ENV), the render settings and assets, the navigation, and the page's own data. The
// manifest lives outside out/ (it is not for the web), one file per out/ folder, and an entry is
// only trusted while the file in out/ still has the size, mtime and inode recorded after writing.
// It also keeps the content state of that export (every document's revision and each school's
// outcome and data hash), so the next one reads only the schools a change can reach.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PreviousRead } from './fetch-content.ts';
import type { PreviousSchools } from './validate-content.ts';
import { byKey } from '../../src/lib/order.ts';

const VERSION = 2;
const STALE_MS = 14 * 24 * 3600 * 1000;

/** One page of the previous export: its key, and what rendering it reported (replayed when carried). */
export interface PageRecord {
  key: string;
  warnings: string[];
  /** Self-hosted image variants the page uses, as [src, remote URL]. */
  used: [string, string][];
}

interface StoredPage {
  key: string;
  warnings: string[];
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
}

/**
 * What the content looked like at the previous export, for an incremental read (fetch-content.ts
 * fetchChanged): where it came from, every document's revision, and each school's outcome.
 */
export interface ContentState extends PreviousRead {
  source: string;
  schools: PreviousSchools;
}

export const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** Hash of the code that decides a page's HTML. Over-inclusive on purpose: a stale page is worse than a re-render. */
export function codeVersion(projectRoot: string): string {
  const h = createHash('sha1');
  const walk = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(path.join(projectRoot, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort(byKey('name'))) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (e.isFile())
        h.update(`${child}\0`)
          .update(readFileSync(path.join(projectRoot, child)))
          .update('\0');
    }
  };
  walk('src');
  walk('scripts');
  try {
    h.update(readFileSync(path.join(projectRoot, 'package-lock.json')));
  } catch {
    /* no lockfile: the code hash still covers src/ */
  }
  h.update(`${process.version}\0${process.env.NODE_ENV ?? ''}`);
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

  load(): Map<string, PageRecord> {
    const pages = new Map<string, PageRecord>();
    let stored: Stored;
    this.stored = null;
    try {
      stored = JSON.parse(readFileSync(this.file, 'utf8')) as Stored;
    } catch {
      return pages;
    }
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
        const st = statSync(path.join(this.out, ...file.split('/')));
        if (!st.isFile() || st.size !== p.size || st.mtimeMs !== p.mtimeMs || st.ino !== p.ino) continue;
        const used = p.used.map((i) => stored.variants[i]);
        if (used.some((v) => !Array.isArray(v))) continue;
        pages.set(file, { key: p.key, warnings: p.warnings, used: used as [string, string][] });
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
      !Array.isArray(c.landing)
    )
      return null;
    return c;
  }

  /** Records the pages of the export just committed to out/ (atomically; a failure only costs the next run a full render). */
  save(pages: Iterable<[file: string, record: PageRecord]>, content?: ContentState | null): void {
    const variants: [string, string][] = [];
    const index = new Map<string, number>();
    const out: Record<string, StoredPage> = {};
    for (const [file, rec] of pages) {
      const st = statSync(path.join(this.out, ...file.split('/')));
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
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored));
    renameSync(tmp, this.file);
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
