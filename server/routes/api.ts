// The preview API: fixed, named reads for the browser (navigation, landing, a school by slug, the
// draft lookup, a school document by id, the editor home). Parameters are validated; nothing here accepts GROQ.
import { readReportSummary } from '../../core/export-report-file.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiFor, type PreviewContext } from '../lib/context.ts';
import { IdParams, PerspectiveQuery, SiteQuery, SlugParams } from '../lib/schemas.ts';
import { HttpError } from '../lib/upstream.ts';
import { requireDocumentId, requireSlug } from '../lib/validate.ts';

const noStore = { 'cache-control': 'no-store' };

const apiRoutes: FastifyPluginAsyncTypebox<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  app.get('/api/navigation', { schema: { querystring: PerspectiveQuery } }, async (req, reply) => {
    const api = apiFor(ctx, req);
    const perspective = req.query.perspective ?? 'published';
    return reply.headers(noStore).send({ schools: await api.navigation(perspective) });
  });

  app.get('/api/landing', { schema: { querystring: PerspectiveQuery } }, async (req, reply) => {
    const api = apiFor(ctx, req);
    const perspective = req.query.perspective ?? 'published';
    return reply.headers(noStore).send({ cards: await api.landing(perspective) });
  });

  // The landing page's words and the site settings of an edition (a page the router reached).
  app.get('/api/site', { schema: { querystring: SiteQuery } }, async (req, reply) => {
    const api = apiFor(ctx, req);
    return reply.headers(noStore).send(await api.site(req.query.perspective ?? 'published', req.query.lang ?? 'en'));
  });

  // The editor home for a landing page the browser reached without a reload (the router).
  app.get('/api/editor-schools', async (req, reply) => {
    const api = apiFor(ctx, req);
    const [schools, notes] = await Promise.all([api.editorSchools(), api.siteReport()]);
    const lastExport = ctx.exportReport ? readReportSummary(ctx.exportReport) : null;
    return reply.headers(noStore).send({ schools, notes, lastExport });
  });

  const school = { params: SlugParams, querystring: PerspectiveQuery };
  app.get('/api/schools/:slug', { schema: school }, async (req, reply) => {
    const api = apiFor(ctx, req);
    const slug = requireSlug(req.params.slug);
    const perspective = req.query.perspective ?? 'published';
    const school = await api.schoolBySlug(slug, perspective);
    if (!school)
      throw new HttpError(
        404,
        'school not found',
        `no ${perspective === 'drafts' ? '' : 'published '}school has the slug "${slug}"`,
      );
    return reply.headers(noStore).send({ school });
  });

  app.get('/api/schools/:slug/lookup', { schema: { params: SlugParams } }, async (req, reply) => {
    const api = apiFor(ctx, req);
    const slug = requireSlug(req.params.slug);
    const found = await api.lookup(slug);
    if (!found) throw new HttpError(404, 'school not found', `no school, published or draft, has the slug "${slug}"`);
    return reply.headers(noStore).send(found);
  });

  // The live preview's read of the school it shows: drafts perspective, so the drafts of what the
  // page references (a quote, a highlight) show too, not only the school's own draft.
  app.get('/api/documents/:id', { schema: { params: IdParams, querystring: PerspectiveQuery } }, async (req, reply) => {
    const api = apiFor(ctx, req);
    const id = requireDocumentId(req.params.id);
    const perspective = req.query.perspective ?? 'published';
    const school = await api.schoolById(id, perspective);
    if (!school)
      throw new HttpError(
        404,
        'document not found',
        `no ${perspective === 'drafts' ? '' : 'published '}school document has the id "${id}"`,
      );
    return reply.headers(noStore).send({ school });
  });
};

export default apiRoutes;
