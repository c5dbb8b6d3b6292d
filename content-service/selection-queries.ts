// A mutation that selects its documents by query (patch or delete by GROQ) runs the caller's GROQ:
// like every other query it runs in a query worker, within the query budget, never on the event
// loop that serves everyone (query-pool.ts). The worker evaluates it over its copy of the committed
// documents with the transaction's pending changes laid over them, so a selection sees what earlier
// mutations of its own transaction did.
import { EDITOR_ID } from './access.ts';
import { QueryLimitError, WorkerQueryError, type QueryPool } from './query-pool.ts';
import { SelectionError, type SelectionQuery } from './transaction.ts';

/** How the store's transactions run their selection queries: through `pool`'s workers. */
export function selectionsThrough(pool: QueryPool, dataset: string): SelectionQuery {
  return async (query, params, changed) => {
    try {
      const answer = await pool.query({
        query,
        params,
        perspective: 'raw',
        authenticated: true,
        identity: EDITOR_ID,
        origin: '',
        project: '',
        dataset,
        overlay: changed,
      });
      return answer.json ? (JSON.parse(answer.json.toString('utf8')) as unknown) : null;
    } catch (err) {
      if (err instanceof WorkerQueryError) throw new SelectionError(err.body.error.description);
      if (err instanceof QueryLimitError) throw new SelectionError(err.description);
      throw err;
    }
  };
}
