// The embedded service's dataset: documents loaded from a dataset folder's dataset.ndjson, kept
// in memory, shown through Sanity's perspectives, changed by mutations and by edits of the file,
// and every change announced to listeners. By default nothing here writes the dataset on disk
// (the folder is the editor's source of truth, mutations a preview scratchpad); a persisting store
// (`npm run content` with a token, e.g. for `sanity dataset import`) writes every accepted
// transaction to dataset.ndjson atomically before answering, so a restart keeps it.
// Documents read from the file are served with a rev derived from their content (servedRevision),
// so Sanity's "the rev changes on every change" holds for hand edits of the file and across restarts.
import { readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileLines, parsedLines, parseNdjson, type ParsedLine } from './ndjson.ts';
import { createHash } from 'node:crypto';
import { writeFileAtomic } from './persist.ts';
import { answeredResults, applyMutations, changesOf, type SelectionQuery } from './transaction.ts';
import { DRAFTS_PREFIX } from '../core/content-rules.ts';
import {
  isDraftId,
  isPrivateId,
  isVersionId,
  randomId,
  type Doc,
  type DocumentChange,
  type Log,
  type MutationResult,
  type Perspective,
  type Transaction,
} from './documents.ts';

/**
 * Documents that live only as long as the service: the Presentation tool's one-time preview
 * secrets (an hour each). Written to dataset.ndjson they would pile up there, and travel in every
 * tarball made of the folder.
 */
const isSessionOnly = (doc: Doc): boolean => doc._type === 'sanity.previewUrlSecret';

/** How a copy of the store gets its documents (copySource). */
export type CopySource = { text: string } | { file: string } | { json: string };

/** Mutations worked out inside the transaction from the documents as they are then. */
export type MutationPlan = (get: (id: string) => Doc | undefined) => unknown[];

/** Hex digits of the content hash in a served revision: 48 bits, so an edit keeping its rev is never missed in practice. */
export const REV_HASH_HEX = 12;

/**
 * The `_rev` the service serves for a document read from the file. Hosted Sanity guarantees a
 * document's `_rev` changes with every change, and the export fetches only documents whose rev
 * changed; hand edits of dataset.ndjson keep the old `_rev`, so the file's value alone would
 * hide them. The served rev is therefore `<file _rev>-<h>`, or just `<h>` without a usable file
 * `_rev` (not a non-empty string), where h is the first REV_HASH_HEX hex digits of a SHA-1 of the
 * document's line with its `"_rev":"…"` member cut out, so h covers everything but the rev.
 * It depends on nothing but the line, so an unchanged file serves the same revs after a restart.
 *
 * Cutting the member out of the text instead of re-serialising the parsed document costs ~40 ms
 * instead of ~120 ms for a 20 MB dataset. The cut's offset is hashed too: the first occurrence of
 * the member text could sit in a nested object, and with the offset the line is still uniquely
 * determined by (file rev, hashed text), so any edit of the line changes h. When the member's text
 * is not found (no rev, spaces, escapes) the whole line is hashed under a different prefix.
 *
 * A file rev that already ends in its own content hash (a dataset written back from what this
 * service served) is served unchanged instead of growing a suffix per round trip; every served
 * rev still ends in h, so a content edit still changes it.
 */
export function servedRevision(line: string, fileRev: unknown): string {
  const rev = typeof fileRev === 'string' && fileRev !== '' ? fileRev : null;
  const member = rev === null ? '' : `"_rev":${JSON.stringify(rev)}`;
  const at = rev === null ? -1 : line.indexOf(member);
  // One concatenated string hashes faster than several update() calls.
  const hashed = at < 0 ? `line:${line}` : `cut${at}:${line.slice(0, at)}${line.slice(at + member.length)}`;
  const h = createHash('sha1').update(hashed).digest('hex').slice(0, REV_HASH_HEX);
  if (rev === null) return h;
  return rev === h || rev.endsWith(`-${h}`) ? rev : `${rev}-${h}`;
}

/** A document as last read from the file: its line (to skip re-hashing it) and its served rev. */
interface FileEntry {
  json: string;
  rev: string;
}

export class DatasetStore {
  private docs = new Map<string, Doc>();
  /** The file's documents as last read, to tell which documents an edit of the file changed. */
  private fileDocs = new Map<string, FileEntry>();
  private lastText: string | null = null;
  /**
   * What the documents are exactly the parse of, while nothing has changed since they were loaded:
   * the file's text, or the file itself read line by line. The cheap way to copy them (copySource).
   */
  private loadedFrom: { text: string } | { file: string } | null = null;
  /** Counts committed changes, so a copy of the documents can tell whether it is current. */
  private changeCount = 0;
  private views = new Map<string, Doc[]>();
  private subscribers = new Set<(tx: Transaction) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Each document's line in the file (as read or as last written), so a write re-serialises only what changed. */
  private lineOf = new WeakMap<Doc, string>();
  /** Where mutations' selection queries run (the query workers); unset, in this thread. */
  private selectionQuery: SelectionQuery | undefined;

  constructor(
    readonly file: string,
    private readonly log: Log = (m) => console.warn(m),
    /** Write every accepted transaction to the file (atomically) before answering it. */
    readonly persist = false,
  ) {}

  /**
   * Reads the file for the first time; throws an Error naming the path if it cannot be read.
   * With `missingOk` an absent file is an empty dataset (an empty folder to import into).
   */
  load(opts: { missingOk?: boolean } = {}): this {
    return this.loadText(this.readText(opts));
  }

  /** The dataset file's text ('' for an absent file with `missingOk`); throws an Error naming the path. */
  readText(opts: { missingOk?: boolean } = {}): string {
    try {
      return readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && opts.missingOk) return '';
      throw this.unreadable(err);
    }
  }

  /** A failure to read the dataset file as the Error callers show: naming the path. */
  private unreadable(err: unknown): Error {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === undefined) return err as Error;
    return new Error(
      code === 'ENOENT'
        ? `dataset file not found: ${this.file}`
        : `cannot read dataset file ${this.file}: ${(err as Error).message}`,
    );
  }

  /** Loads the documents of a dataset file's text, as load() does after reading it. */
  loadText(text: string): this {
    this.lastText = text;
    this.loadedFrom = { text };
    return this.loadLines(parseNdjson(text, this.file, this.log));
  }

  /**
   * Loads the dataset file line by line (fileLines), for a store that keeps no file text for its
   * workers (a copy reads the file the same way while nothing has changed); throws an Error naming
   * the path if it cannot be read. Without `keepLines` each line is let go once parsed: the lines
   * tell a file edit's changes (watch) and spare re-serialising on a write (persist), and at 10,000
   * schools they hold 440 MB of a 920 MB heap.
   */
  loadLineByLine(keepLines = true): this {
    try {
      this.loadLines(parsedLines(fileLines(this.file), this.file, this.log), keepLines);
    } catch (err) {
      throw this.unreadable(err);
    }
    this.loadedFrom = { file: this.file };
    return this;
  }

  private loadLines(parsed: Iterable<[string, ParsedLine]>, keepLines = true): this {
    for (const [id, { doc, json }] of parsed) {
      const rev = servedRevision(json, doc._rev);
      doc._rev = rev;
      this.docs.set(id, doc);
      if (!keepLines) continue;
      this.fileDocs.set(id, { json, rev });
      this.lineOf.set(doc, json);
    }
    return this;
  }

  /**
   * How a copy of this store (the query workers') gets the same documents: the file text while
   * nothing has changed since load (parsing it again is cheaper than serialising parsed documents),
   * or its file while nothing has changed since it was loaded from it line by line, otherwise every
   * document as JSON, in order.
   */
  copySource(): CopySource {
    // Loaded line by line, the copy reads the file the same way (and a document nested too deep for
    // JSON.stringify's stack is copied as its line).
    return this.loadedFrom ?? { json: JSON.stringify([...this.docs.values()]) };
  }

  /** Replaces every document (a copy being set up from copySource's JSON). */
  loadDocs(docs: readonly Doc[]): this {
    this.commit(new Map(docs.map((d) => [d._id, d])));
    return this;
  }

  /**
   * Applies a transaction's outcome to a copy of the store: each changed document's state after it.
   * Order matches the original's (unordered query results follow it) except for a document deleted
   * and created again within one transaction, which the original moves to the end and a copy keeps
   * in place.
   */
  applyChanges(changes: readonly { documentId: string; after: Doc | null }[]): void {
    const next = new Map(this.docs);
    for (const { documentId, after } of changes) {
      if (after) next.set(documentId, after);
      else next.delete(documentId);
    }
    this.commit(next);
  }

  /** Number of committed changes since load (0: the documents are still the file's). */
  get version(): number {
    return this.changeCount;
  }

  get size(): number {
    return this.docs.size;
  }

  get(id: string): Doc | undefined {
    return this.docs.get(id);
  }

  /** Runs store changes one at a time, so a file reload never interleaves with a transaction. */
  private exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Mutations' selection queries run through `run` from now on (index.ts: the query workers). */
  runSelectionsWith(run: SelectionQuery): void {
    this.selectionQuery = run;
  }

  subscribe(fn: (tx: Transaction) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  private emit(tx: Transaction): void {
    for (const fn of this.subscribers) {
      try {
        fn(tx);
      } catch (err) {
        this.log(`content-service: a change subscriber failed: ${(err as Error).message}`);
      }
    }
  }

  /**
   * The documents a query sees. published: no drafts or versions (and, for anonymous readers, no
   * other dotted ids). drafts: each published document replaced by its draft when one exists,
   * draft-only documents included, all under the published id with `_originalId` telling which
   * document answered. raw: everything as stored.
   */
  view(perspective: Perspective, authenticated: boolean): readonly Doc[] {
    const key = `${perspective}:${authenticated}`;
    const cached = this.views.get(key);
    if (cached) return cached;
    let out: Doc[];
    if (perspective === 'raw') {
      out = [...this.docs.values()];
    } else if (perspective === 'published') {
      out = [...this.docs.values()].filter(
        (d) => !isDraftId(d._id) && !isVersionId(d._id) && (authenticated || !isPrivateId(d._id)),
      );
    } else {
      const byId = new Map<string, Doc>();
      for (const d of this.docs.values()) {
        if (isDraftId(d._id) || isVersionId(d._id)) continue;
        byId.set(d._id, { ...d, _originalId: d._id });
      }
      for (const d of this.docs.values()) {
        if (!isDraftId(d._id)) continue;
        const id = d._id.slice(DRAFTS_PREFIX.length);
        byId.set(id, { ...d, _id: id, _originalId: d._id });
      }
      out = [...byId.values()];
    }
    this.views.set(key, out);
    return out;
  }

  private commit(next: Map<string, Doc>): void {
    this.docs = next;
    this.loadedFrom = null;
    this.changeCount++;
    this.views.clear();
  }

  /**
   * Applies a transaction atomically: all mutations or none. `mutations` may be a plan, worked out
   * from the documents as they are when the transaction runs (the Actions API's checks and copies),
   * so nothing can change between the decision and the commit; a plan of no mutations is no change.
   */
  mutate(
    mutations: unknown | MutationPlan,
    opts: { transactionId?: string; identity: string; dryRun?: boolean },
  ): Promise<MutationResult> {
    return this.exclusive(() => this.mutateNow(mutations, opts));
  }

  private async mutateNow(
    mutations: unknown | MutationPlan,
    opts: { transactionId?: string; identity: string; dryRun?: boolean },
  ): Promise<MutationResult> {
    const transactionId =
      opts.transactionId && /^[\w.-]{1,128}$/.test(opts.transactionId) ? opts.transactionId : randomId();
    const timestamp = new Date().toISOString();
    const list = typeof mutations === 'function' ? (mutations as MutationPlan)((id) => this.docs.get(id)) : mutations;
    if (typeof mutations === 'function' && Array.isArray(list) && list.length === 0)
      return { transactionId, results: [] };
    const copy = await applyMutations(this.docs, list, timestamp, this.selectionQuery);
    const changes = changesOf(this.docs, copy);
    const results = answeredResults(copy);
    if (changes.length > 0 && !opts.dryRun) {
      // Written before it is applied or answered: a failed write fails the transaction (500).
      if (this.persist) await this.writeDataset(copy.working, changes);
      this.commit(copy.working);
      this.emit({ transactionId, identity: opts.identity, timestamp, changes });
    }
    return { transactionId, results };
  }

  /**
   * Writes the dataset as it will be after a transaction. A changed document's rev is first made
   * the one the file will serve (servedRevision of its own line), so revs survive a restart.
   */
  private async writeDataset(next: Map<string, Doc>, changes: DocumentChange[]): Promise<void> {
    for (const { after } of changes) {
      if (!after || typeof after._rev !== 'string') continue;
      after._rev = servedRevision(JSON.stringify(after), after._rev);
      this.lineOf.set(after, JSON.stringify(after));
    }
    const lines: string[] = [];
    for (const doc of next.values()) {
      if (isSessionOnly(doc)) continue;
      let line = this.lineOf.get(doc);
      if (line === undefined) {
        line = JSON.stringify(doc);
        this.lineOf.set(doc, line);
      }
      lines.push(line);
    }
    const text = lines.length ? `${lines.join('\n')}\n` : '';
    await writeFileAtomic(this.file, text);
    // What the watcher will read back is what is in memory: no reload, no second announcement.
    this.lastText = text;
    for (const { documentId, after } of changes) {
      if (after && !isSessionOnly(after))
        this.fileDocs.set(documentId, { json: this.lineOf.get(after)!, rev: String(after._rev) });
      else this.fileDocs.delete(documentId);
    }
  }

  /**
   * Re-reads dataset.ndjson and applies what changed in the file since the last read: documents
   * added, edited or removed there replace the in-memory state; documents the file edit did not
   * touch keep any in-memory mutation. Returns the announced transaction, or null when nothing changed.
   */
  reloadFromFile(): Promise<Transaction | null> {
    return this.exclusive(() => this.reloadNow());
  }

  private reloadNow(): Transaction | null {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      // An editor's save may briefly remove the file (write to temp, rename); keep what we have.
      this.log(
        `content-service: cannot read ${this.file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); keeping the loaded documents`,
      );
      return null;
    }
    if (text === this.lastText) return null;
    this.lastText = text;
    const parsed = parseNdjson(text, this.file, this.log);
    const next = new Map(this.docs);
    const nextFileDocs = new Map<string, FileEntry>();
    const changes: DocumentChange[] = [];
    for (const [id, { doc, json }] of parsed) {
      const previous = this.fileDocs.get(id);
      const rev = previous?.json === json ? previous.rev : servedRevision(json, doc._rev);
      doc._rev = rev;
      nextFileDocs.set(id, { json, rev });
      this.lineOf.set(doc, json);
      // Same served rev means same content (only the file's _rev changed to what was served).
      if (previous?.rev === rev) continue;
      const before = this.docs.get(id) ?? null;
      next.set(id, doc);
      changes.push({ documentId: id, before, after: doc, mutations: [{ createOrReplace: doc }] });
    }
    for (const id of this.fileDocs.keys()) {
      if (parsed.has(id)) continue;
      const before = this.docs.get(id) ?? null;
      next.delete(id);
      if (before) changes.push({ documentId: id, before, after: null, mutations: [{ delete: { id } }] });
    }
    this.fileDocs = nextFileDocs;
    if (changes.length === 0) return null;
    this.commit(next);
    const tx: Transaction = {
      transactionId: randomId(),
      identity: 'dataset-file',
      timestamp: new Date().toISOString(),
      changes,
    };
    this.emit(tx);
    return tx;
  }

  /**
   * Follows edits of the file: fs.watch on the folder (editors often save by renaming a temp file
   * over the original) plus a cheap stat poll for file systems where fs.watch misses events.
   * Bursts of events are debounced into one reload.
   */
  watch(opts: { debounceMs?: number; pollMs?: number } = {}): () => void {
    const debounceMs = opts.debounceMs ?? 75;
    const pollMs = opts.pollMs ?? 1000;
    const name = basename(this.file);
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    const schedule = (): void => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void this.reloadFromFile().catch((err: Error) => this.log(`content-service: reload failed: ${err.message}`));
      }, debounceMs);
      timer.unref();
    };
    let watcher: FSWatcher | null = null;
    try {
      watcher = watch(dirname(this.file), { persistent: false }, (_event, changed) => {
        if (!changed || changed.toString() === name) schedule();
      });
      watcher.on('error', () => {
        watcher?.close();
        watcher = null;
      });
    } catch {
      watcher = null;
    }
    const signature = (): string => {
      try {
        const s = statSync(this.file);
        return `${s.ino}:${s.size}:${s.mtimeMs}`;
      } catch {
        return 'missing';
      }
    };
    let last = signature();
    const poll = setInterval(() => {
      const sig = signature();
      if (sig !== last) {
        last = sig;
        schedule();
      }
    }, pollMs);
    poll.unref();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
    };
  }
}
