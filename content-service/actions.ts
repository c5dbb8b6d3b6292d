// The Actions API (`POST /data/actions/:dataset`), which Sanity Studio uses for every edit and for
// publish, unpublish, discard and delete: each action is turned into the mutations the hosted
// API performs for it, and one request's actions run as one transaction (all or nothing), so
// listeners, the dataset file and the revisions see exactly what a mutate request would give.
import type { FastifyInstance } from 'fastify';
import { accessOf, EDITOR_ID, unauthorized } from './access.ts';
import { API_VERSION_RE, badRequest, notFound } from './http.ts';
import { MutationError, type Doc } from './documents.ts';
import type { DatasetStore } from './store.ts';

export interface ActionsOptions {
  store: DatasetStore;
  dataset: string;
  token: string | null;
}

type Action = Record<string, unknown> & { actionType?: unknown };
type Mutation = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class ActionError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

const str = (action: Action, key: string): string => {
  const v = action[key];
  if (typeof v !== 'string' || v === '')
    throw new ActionError(400, `${String(action.actionType)}: "${key}" is required`);
  return v;
};

/** A document's content under another id, without what the service stamps on a write. */
function copyAs(doc: Doc, id: string): Doc {
  const { _rev: _r, _updatedAt: _u, ...rest } = doc;
  return { ...rest, _id: id };
}

/** The mutations one action stands for, read against the documents as they are now. */
function mutationsFor(action: Action, get: (id: string) => Doc | undefined): Mutation[] {
  switch (action.actionType) {
    case 'sanity.action.document.create': {
      const attributes = action.attributes;
      if (!isObject(attributes) || typeof attributes._type !== 'string')
        throw new ActionError(400, 'sanity.action.document.create: "attributes" needs a _type');
      const id = typeof attributes._id === 'string' ? attributes._id : `drafts.${str(action, 'publishedId')}`;
      if (get(id) && action.ifExists === 'ignore') return [];
      return [{ create: { ...attributes, _id: id } }];
    }
    case 'sanity.action.document.edit': {
      const draftId = str(action, 'draftId');
      const publishedId = str(action, 'publishedId');
      if (!isObject(action.patch)) throw new ActionError(400, 'sanity.action.document.edit: "patch" is required');
      const draft = get(draftId);
      const published = get(publishedId);
      if (!draft && !published) throw new ActionError(409, `Cannot edit "${publishedId}": it does not exist`);
      // As hosted: the first edit of a published document starts its draft from the published
      // version, as createIfNotExists, so two first edits sent together both apply.
      const start = draft ? [] : [{ createIfNotExists: copyAs(published!, draftId) }];
      return [...start, { patch: { ...action.patch, id: draftId } }];
    }
    case 'sanity.action.document.publish': {
      const draftId = str(action, 'draftId');
      const publishedId = str(action, 'publishedId');
      const draft = get(draftId);
      if (!draft) throw new ActionError(409, `Cannot publish "${publishedId}": it has no draft`);
      if (typeof action.ifDraftRevisionId === 'string' && action.ifDraftRevisionId !== draft._rev)
        throw new ActionError(
          409,
          `Cannot publish "${publishedId}": the draft changed (revision ${String(draft._rev)})`,
        );
      const published = get(publishedId);
      if (typeof action.ifPublishedRevisionId === 'string' && action.ifPublishedRevisionId !== published?._rev)
        throw new ActionError(409, `Cannot publish "${publishedId}": the published version changed`);
      return [{ createOrReplace: copyAs(draft, publishedId) }, { delete: { id: draftId } }];
    }
    case 'sanity.action.document.unpublish': {
      const draftId = str(action, 'draftId');
      const publishedId = str(action, 'publishedId');
      const published = get(publishedId);
      if (!published) throw new ActionError(409, `Cannot unpublish "${publishedId}": it is not published`);
      const keep = get(draftId) ? [] : [{ create: copyAs(published, draftId) }];
      return [...keep, { delete: { id: publishedId } }];
    }
    case 'sanity.action.document.version.discard':
    case 'sanity.action.document.discard': {
      const draftId = typeof action.draftId === 'string' ? action.draftId : str(action, 'versionId');
      if (!get(draftId)) throw new ActionError(409, `Cannot discard "${draftId}": there is no such draft`);
      return [{ delete: { id: draftId } }];
    }
    case 'sanity.action.document.delete': {
      const publishedId = str(action, 'publishedId');
      const drafts = Array.isArray(action.includeDrafts)
        ? action.includeDrafts.filter((d) => typeof d === 'string')
        : [];
      return [publishedId, ...drafts].map((id) => ({ delete: { id } }));
    }
    default:
      throw new ActionError(400, `unsupported action "${String(action.actionType)}"`);
  }
}

/** Every action of one request as mutations; later actions see what earlier ones did. */
function planActions(actions: readonly Action[], read: (id: string) => Doc | undefined): Mutation[] {
  const pending = new Map<string, Doc | undefined>();
  const get = (id: string): Doc | undefined => (pending.has(id) ? pending.get(id) : read(id));
  const mutations: Mutation[] = [];
  for (const action of actions) {
    const next = mutationsFor(action, get);
    for (const m of next) {
      const [kind, doc] = Object.entries(m)[0] as [string, Record<string, unknown>];
      if (kind === 'delete') pending.set(String(doc.id), undefined);
      else if (kind !== 'patch' && !(kind === 'createIfNotExists' && get(String(doc._id))))
        pending.set(String(doc._id), doc as Doc);
    }
    mutations.push(...next);
  }
  return mutations;
}

export async function actionRoutes(app: FastifyInstance, opts: ActionsOptions): Promise<void> {
  const { store, dataset, token } = opts;
  app.post<{ Params: { apiVersion: string; dataset: string }; Querystring: { dryRun?: string } }>(
    '/:apiVersion/data/actions/:dataset',
    async (req, reply) => {
      if (!API_VERSION_RE.test(req.params.apiVersion))
        return notFound(reply, `unknown API version "${req.params.apiVersion}"`);
      if (req.params.dataset !== dataset) return notFound(reply, `Dataset "${req.params.dataset}" not found`);
      if (accessOf(req.headers.authorization, token) !== 'editor')
        return unauthorized(reply, 'actions need a valid token');
      const body = req.body;
      if (!isObject(body)) return badRequest(reply, 'the body needs "actions"');
      const actions = Array.isArray(body.actions) ? body.actions : isObject(body.actions) ? [body.actions] : null;
      if (!actions || actions.length === 0 || !actions.every(isObject))
        return badRequest(reply, '"actions" must be an action or a non-empty array of them');
      // Decided inside the store's transaction, from the documents as they are at commit: two
      // requests never both pass a revision check against the same state.
      let planned = 0;
      try {
        const plan = (get: (id: string) => Doc | undefined): Mutation[] => {
          const mutations = planActions(actions as Action[], get);
          planned = mutations.length;
          return mutations;
        };
        const result = await store.mutate(plan, {
          identity: EDITOR_ID,
          dryRun: req.query.dryRun === 'true',
          ...(typeof body.transactionId === 'string' ? { transactionId: body.transactionId } : {}),
        });
        // Nothing to do (a create that may ignore an existing document): no transaction, as hosted.
        return reply.send({ transactionId: planned ? result.transactionId : (body.transactionId ?? null) });
      } catch (err) {
        if (err instanceof ActionError)
          return reply.code(err.status).send({ error: { description: err.message, type: 'actionError' } });
        if (err instanceof MutationError) return reply.code(err.status).send(err.toBody());
        throw err;
      }
    },
  );
}
