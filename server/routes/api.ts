// The preview API: fixed, named reads for the browser (navigation, landing, a school by slug, the
// draft lookup, a school document by id). Parameters are validated; nothing here accepts GROQ.
import type { FastifyPluginAsync } from 'fastify';
import type { PreviewContext } from '../lib/context.ts';
import { HttpError } from '../lib/upstream.ts';
import { readPerspective, requireDocumentId, requireSlug } from '../lib/validate.ts';

const noStore = { 'cache-control': 'no-store' };

const apiRoutes: FastifyPluginAsync<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  const { api } = ctx;

  app.get('/api/navigation', async (req, reply) => {
    const perspective = readPerspective((req.query as Record<string, unknown>).perspective);
    return reply.headers(noStore).send({ schools: await api.navigation(perspective) });
  });

  app.get('/api/landing', async (req, reply) => {
    const perspective = readPerspective((req.query as Record<string, unknown>).perspective);
    return reply.headers(noStore).send({ cards: await api.landing(perspective) });
  });

  app.get<{ Params: { slug: string } }>('/api/schools/:slug', async (req, reply) => {
    const slug = requireSlug(req.params.slug);
    const perspective = readPerspective((req.query as Record<string, unknown>).perspective);
    const school = await api.schoolBySlug(slug, perspective);
    if (!school) throw new HttpError(404, 'school not found', `no ${perspective === 'drafts' ? '' : 'published '}school has the slug "${slug}"`);
    return reply.headers(noStore).send({ school });
  });

  app.get<{ Params: { slug: string } }>('/api/schools/:slug/lookup', async (req, reply) => {
    const slug = requireSlug(req.params.slug);
    const found = await api.lookup(slug);
    if (!found) throw new HttpError(404, 'school not found', `no school, published or draft, has the slug "${slug}"`);
    return reply.headers(noStore).send(found);
  });

  app.get<{ Params: { id: string } }>('/api/documents/:id', async (req, reply) => {
    const id = requireDocumentId(req.params.id);
    const school = await api.schoolById(id);
    if (!school) throw new HttpError(404, 'document not found', `no school document has the id "${id}"`);
    return reply.headers(noStore).send({ school });
  });
};

export default apiRoutes;
