// What Sanity Studio asks the hosted API for besides documents: who is logged in, which project
// and datasets there are, what the user may do, which features the plan has. The embedded
// service has one user, the local editor holding its token, with full access to its one
// dataset; what a hosted project has and this service does not (comments, tasks, telemetry,
// scheduled publishing) is answered as a plan without that feature, so the Studio hides it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessOf, EDITOR_ID, unauthorized } from './access.ts';
import { historyRoutes } from './history.ts';

export interface StudioRoutesOptions {
  dataset: string;
  token: string | null;
}

/** The local editor: the one user of a service with a token (role as hosted's full-access administrator). */
export const LOCAL_EDITOR = {
  id: EDITOR_ID,
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: null,
  provider: 'local',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator', description: 'Read and write all documents' }],
};

const NOW = new Date(0).toISOString();

/** The users a comma-separated list names: the local editor, where it is one of them. */
const usersNamed = (ids: string) =>
  ids
    .split(',')
    .filter((id) => id === LOCAL_EDITOR.id)
    .map(() => LOCAL_EDITOR);

/** Grants as `/acl` answers them: everything, drafts and versions included, for the editor. */
const FULL_ACCESS = [{ filter: '_id in path("**")', permissions: ['history', 'read', 'update', 'create'] }];

export async function studioRoutes(app: FastifyInstance, opts: StudioRoutesOptions): Promise<void> {
  const { dataset, token } = opts;
  await app.register(historyRoutes, { dataset, token });
  const editorOnly = (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (accessOf(req.headers.authorization, token) === 'editor') return true;
    unauthorized(reply, 'Not logged in: open the Studio with the link `npm run studio` printed');
    return false;
  };
  const project = (id: string) => ({
    id,
    displayName: 'Middle-school guide (local)',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: { color: null, externalStudioHost: null },
    organizationId: null,
    createdAt: NOW,
    members: [{ ...LOCAL_EDITOR, isCurrentUser: true, isRobot: false, createdAt: NOW, updatedAt: NOW }],
    features: [],
    pendingInvites: 0,
  });

  app.get('/:apiVersion/users/me', async (req, reply) => {
    // As hosted: without a session `/users/me` answers an empty object, which the Studio reads as logged out.
    if (accessOf(req.headers.authorization, token) !== 'editor') return reply.send({});
    return reply.send(LOCAL_EDITOR);
  });
  app.get('/:apiVersion/auth/id', async (req, reply) =>
    editorOnly(req, reply) ? reply.send({ id: LOCAL_EDITOR.id }) : reply,
  );
  // Logging out of a local service has nothing to end; the Studio then forgets its token.
  app.post('/:apiVersion/auth/logout', async (_req, reply) => reply.send({ ok: true }));
  app.get('/:apiVersion/ping', async (_req, reply) => reply.send('PONG'));
  app.get('/:apiVersion/projects/:id/datasets/:dataset/acl', async (req, reply) =>
    editorOnly(req, reply) ? reply.send(FULL_ACCESS) : reply,
  );
  // Per-user settings the Studio remembers (announcements seen, layout): none kept here.
  app.get('/:apiVersion/users/me/keyvalue/:key', async (_req, reply) => reply.send([]));
  app.put('/:apiVersion/users/me/keyvalue', async (_req, reply) => reply.send([]));
  // No scheduled publishing and no other applications on a local service.
  app.get('/:apiVersion/schedules/:project/:dataset', async (_req, reply) => reply.send({ schedules: [] }));
  app.get('/:apiVersion/projects/:id/user-applications', async (_req, reply) => reply.send([]));
  app.get('/:apiVersion/acl', async (req, reply) => (editorOnly(req, reply) ? reply.send(FULL_ACCESS) : reply));
  app.get('/:apiVersion/features', async (_req, reply) => reply.send([]));
  app.get<{ Params: { id: string } }>('/:apiVersion/projects/:id', async (req, reply) =>
    editorOnly(req, reply) ? reply.send(project(req.params.id)) : reply,
  );
  app.get('/:apiVersion/projects/:id/datasets', async (req, reply) =>
    editorOnly(req, reply) ? reply.send([{ name: dataset, aclMode: 'private', createdAt: NOW }]) : reply,
  );
  app.get<{ Params: { ids: string } }>('/:apiVersion/projects/:id/users/:ids', async (req, reply) =>
    editorOnly(req, reply) ? reply.send(usersNamed(req.params.ids)) : reply,
  );
  // Who made a change (the listener's `identity`), for the document's "Edited by".
  app.get<{ Params: { ids: string } }>('/:apiVersion/users/:ids', async (req, reply) =>
    editorOnly(req, reply) ? reply.send(usersNamed(req.params.ids)) : reply,
  );
  app.get('/:apiVersion/projects/:id/features', async (_req, reply) => reply.send([]));
  app.get('/:apiVersion/users/me/features', async (_req, reply) => reply.send([]));
  // Telemetry stays on this machine: the Studio asks first, and is told no.
  app.get('/:apiVersion/intake/telemetry-status', async (_req, reply) => reply.send({ status: 'denied' }));
  app.post('/:apiVersion/intake/batch', async (_req, reply) => reply.code(204).send());
}
