// The revision panel's questions (`/data/history/…`): the embedded service keeps only the current
// documents and the dataset file, not past transactions, so it answers as a hosted dataset whose
// history retention has passed: no events and no transactions. The Studio then shows the current
// version, with nothing to go back to, instead of an error.
import type { FastifyInstance } from 'fastify';
import { accessOf, unauthorized } from './access.ts';

export async function historyRoutes(
  app: FastifyInstance,
  opts: { dataset: string; token: string | null },
): Promise<void> {
  app.get<{ Params: { dataset: string; id: string } }>(
    '/:apiVersion/data/history/:dataset/events/documents/:id',
    async (req, reply) => {
      if (accessOf(req.headers.authorization, opts.token) !== 'editor')
        return unauthorized(reply, 'history needs a valid token');
      return reply.send({ events: { [req.params.id]: [] }, nextCursor: '' });
    },
  );
  // Transactions are NDJSON, one per line: none.
  app.get('/:apiVersion/data/history/:dataset/transactions/:ids', async (req, reply) => {
    if (accessOf(req.headers.authorization, opts.token) !== 'editor')
      return unauthorized(reply, 'history needs a valid token');
    return reply.header('content-type', 'application/x-ndjson').send('');
  });
  app.get('/:apiVersion/data/ping/:dataset', async (_req, reply) => reply.send('PONG'));
}
