// One transaction's mutations applied to a working copy of the documents, all or nothing, the way
// the hosted API judges them: create, createOrReplace, createIfNotExists, patch and delete, by id or
// by query, with its error bodies. The store decides when a transaction runs and what it commits;
// this module only works out what the documents would become.
import { applyPatch, PatchError } from './patch.ts';
import { MAX_POST_QUERY_BYTES, runQuery, QueryError } from './groq.ts';
import {
  ID_RE,
  isObject,
  MutationError,
  randomId,
  type Doc,
  type DocumentChange,
  type MutationResult,
} from './documents.ts';

/**
 * Evaluates a mutation's selection query over the documents as the transaction has them so far
 * (`changed`: its pending changes over the committed documents), away from the event loop and
 * within a deadline (the store's query workers): the JSON result.
 */
export type SelectionQuery = (
  query: string,
  params: Record<string, unknown>,
  changed: { documentId: string; after: Doc | null }[],
) => Promise<unknown>;

/** A selection query the workers refused or gave up on (a GROQ error, past its deadline): a 400. */
export class SelectionError extends Error {}

const selectionFailure = (err: unknown): string | null => (err instanceof SelectionError ? err.message : null);

/** The documents as the transaction leaves them, and what it did to each. */
export interface WorkingCopy {
  readonly working: Map<string, Doc>;
  /** Each touched document's mutations, as sent, in the order first touched. */
  readonly touched: Map<string, unknown[]>;
  readonly results: MutationResult['results'];
  readonly timestamp: string;
  /** Where selection queries run; without one (a copy in a worker, a unit test) they run here. */
  readonly selectionQuery?: SelectionQuery;
}

type Selection = { ids: string[]; byId: boolean };

function fail(index: number, status: 400 | 409, description: string, id?: string, type = 'mutationError'): never {
  throw new MutationError(status, `The mutation(s) failed: ${description}`, [
    { error: { description, ...(id ? { id } : {}), type }, index },
  ]);
}

function touch(copy: WorkingCopy, id: string, mutation: unknown): void {
  const list = copy.touched.get(id) ?? [];
  list.push(mutation);
  copy.touched.set(id, list);
}

/** A written document's system fields: creation kept from before, update time and a new rev now. */
function stamp(copy: WorkingCopy, doc: Doc, previous: Doc | undefined): Doc {
  return {
    ...doc,
    _createdAt: previous?._createdAt ?? (typeof doc._createdAt === 'string' ? doc._createdAt : copy.timestamp),
    _updatedAt: copy.timestamp,
    _rev: randomId(),
  };
}

/** The ids a patch or delete names: by id (each must exist for a patch) or by a GROQ query. */
async function select(
  copy: WorkingCopy,
  index: number,
  sel: Record<string, unknown>,
  kind: string,
): Promise<Selection> {
  if (typeof sel.id === 'string') return { ids: [sel.id], byId: true };
  if (Array.isArray(sel.id) && sel.id.every((x) => typeof x === 'string'))
    return { ids: sel.id as string[], byId: true };
  if (typeof sel.query !== 'string') return fail(index, 400, `${kind} needs an "id" or a "query"`);
  // Runs in this thread (over the transaction's working copy), so it gets the service's size cap.
  if (Buffer.byteLength(sel.query) > MAX_POST_QUERY_BYTES)
    fail(index, 400, `${kind} query is longer than ${MAX_POST_QUERY_BYTES} bytes`);
  const params = isObject(sel.params) ? sel.params : {};
  let rows: unknown;
  try {
    rows = copy.selectionQuery
      ? await copy.selectionQuery(
          sel.query,
          params,
          [...copy.touched.keys()].map((id) => ({ documentId: id, after: copy.working.get(id) ?? null })),
        )
      : await runQuery(sel.query, [...copy.working.values()], { params });
  } catch (err) {
    if (err instanceof QueryError) fail(index, 400, `${kind} query: ${err.description}`);
    const reason = selectionFailure(err);
    if (reason) fail(index, 400, `${kind} query: ${reason}`);
    throw err;
  }
  const list = Array.isArray(rows) ? rows : [rows];
  const ids = list
    .map((r) => (typeof r === 'string' ? r : isObject(r) && typeof r._id === 'string' ? r._id : null))
    .filter((x): x is string => x !== null);
  return { ids, byId: false };
}

/** The id a create mutation writes: given, generated (`create` without one) or completed (`path.`). */
function createdId(index: number, kind: string, doc: Record<string, unknown>): string {
  let id = doc._id;
  if (id === undefined && kind === 'create') id = randomId();
  else if (typeof id === 'string' && id.endsWith('.') && kind === 'create') id = id + randomId();
  if (typeof id !== 'string' || !ID_RE.test(id))
    fail(index, 400, `${kind}: "${String(id)}" is not a valid document id`);
  return id as string;
}

function applyCreate(copy: WorkingCopy, index: number, kind: string, body: unknown, mutation: unknown): void {
  if (!isObject(body)) fail(index, 400, `${kind} needs a document object`);
  const doc = body as Record<string, unknown>;
  if (typeof doc._type !== 'string' || doc._type === '') fail(index, 400, `${kind}: the document needs a _type`);
  const docId = createdId(index, kind, doc);
  const existing = copy.working.get(docId);
  if (existing && kind === 'create')
    fail(index, 409, `Document by ID "${docId}" already exists`, docId, 'documentAlreadyExistsError');
  if (existing && kind === 'createIfNotExists') {
    copy.results.push({ id: docId, operation: 'none' });
    return;
  }
  copy.working.set(docId, stamp(copy, { ...structuredClone(doc), _id: docId }, existing));
  touch(copy, docId, mutation);
  copy.results.push({ id: docId, operation: existing ? 'update' : 'create' });
}

function patchedDocument(index: number, id: string, current: Doc, patch: Record<string, unknown>): Doc {
  if (patch.ifRevisionID !== undefined && patch.ifRevisionID !== current._rev) {
    fail(
      index,
      409,
      `Document "${id}" has unexpected revision ID ("${String(current._rev)}"), expected "${String(patch.ifRevisionID)}"`,
      id,
      'conflictError',
    );
  }
  try {
    return applyPatch(current, patch) as Doc;
  } catch (err) {
    if (err instanceof PatchError) fail(index, err.status, err.message, id);
    throw err;
  }
}

async function applyPatchMutation(copy: WorkingCopy, index: number, body: unknown, mutation: unknown): Promise<void> {
  if (!isObject(body)) fail(index, 400, 'patch needs an object');
  const patch = body as Record<string, unknown>;
  const { ids, byId } = await select(copy, index, patch, 'patch');
  for (const id of ids) {
    const cur = copy.working.get(id);
    if (!cur) {
      if (byId) fail(index, 409, `Cannot modify document "${id}": it does not exist`, id, 'documentNotFoundError');
      continue;
    }
    const next = patchedDocument(index, id, cur, patch);
    // `next` keeps the creation date, or the one a patch set (as importers do).
    copy.working.set(id, stamp(copy, { ...next, _id: id }, next));
    touch(copy, id, mutation);
    copy.results.push({ id, operation: 'update' });
  }
}

async function applyDelete(copy: WorkingCopy, index: number, body: unknown, mutation: unknown): Promise<void> {
  if (!isObject(body)) fail(index, 400, 'delete needs {id} or {query}');
  const { ids } = await select(copy, index, body as Record<string, unknown>, 'delete');
  for (const id of ids) {
    if (copy.working.delete(id)) touch(copy, id, mutation);
    copy.results.push({ id, operation: 'delete' });
  }
}

async function applyMutation(copy: WorkingCopy, index: number, mutation: unknown): Promise<void> {
  if (!isObject(mutation) || Object.keys(mutation).length !== 1)
    fail(
      index,
      400,
      'each mutation is an object with exactly one of create, createOrReplace, createIfNotExists, patch, delete',
    );
  const [kind, body] = Object.entries(mutation as Record<string, unknown>)[0]!;
  switch (kind) {
    case 'create':
    case 'createOrReplace':
    case 'createIfNotExists':
      return applyCreate(copy, index, kind, body, mutation);
    case 'patch':
      return applyPatchMutation(copy, index, body, mutation);
    case 'delete':
      return applyDelete(copy, index, body, mutation);
    default:
      fail(index, 400, `unsupported mutation "${kind}"`);
  }
}

/** Applies every mutation to a copy of `docs`; throws a MutationError (nothing applied) on the first refusal. */
export async function applyMutations(
  docs: ReadonlyMap<string, Doc>,
  mutations: unknown,
  timestamp: string,
  selectionQuery?: SelectionQuery,
): Promise<WorkingCopy> {
  if (!Array.isArray(mutations) || mutations.length === 0)
    throw new MutationError(400, 'The request body needs a non-empty "mutations" array');
  const copy: WorkingCopy = {
    working: new Map(docs),
    touched: new Map(),
    results: [],
    timestamp,
    ...(selectionQuery ? { selectionQuery } : {}),
  };
  for (let index = 0; index < mutations.length; index++) await applyMutation(copy, index, mutations[index]);
  return copy;
}

/** What the transaction changed, document by document (a document written back as it was is no change). */
export function changesOf(docs: ReadonlyMap<string, Doc>, copy: WorkingCopy): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const [id, muts] of copy.touched) {
    const before = docs.get(id) ?? null;
    const after = copy.working.get(id) ?? null;
    if (before === after) continue;
    changes.push({ documentId: id, before, after, mutations: muts });
  }
  return changes;
}

/** The results as answered: each written document beside its operation. */
export function answeredResults(copy: WorkingCopy): MutationResult['results'] {
  return copy.results.map((r) => {
    const doc = copy.working.get(r.id);
    return doc && r.operation !== 'delete' ? { ...r, document: doc } : r;
  });
}
