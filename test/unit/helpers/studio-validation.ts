// Sanity's own validateDocument over documents of a dataset, offline, with the Studio's schema:
// what an editor sees in the Studio's validation list when publishing, one line per finding. The
// one client call validation makes for this schema (the address check, a GROQ query) is answered
// by groq-js over the dataset itself, so nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument, type SanityClient, type SanityDocument, type Workspace } from 'sanity';
import { schemaTypes } from '../../../studio/src/schemaTypes/index.ts';

/** The documents of a dataset folder's dataset.ndjson (relative to the repository). */
export function readDocs(dir: string): SanityDocument[] {
  return readFileSync(new URL(`../../../${dir}/dataset.ndjson`, import.meta.url), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as SanityDocument);
}

/** A client whose queries groq-js answers over `dataset`. */
export function datasetClient(dataset: SanityDocument[]): SanityClient {
  const client = {
    withConfig: () => client,
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query), { dataset, params })).get(),
  } as unknown as SanityClient;
  return client;
}

/** Every finding as one line: "<level> <_id> <path>: <message>", sorted. */
export async function findings(documents: SanityDocument[], dataset: SanityDocument[]): Promise<string[]> {
  const schema = createSchema({ name: 'default', types: schemaTypes });
  const client = datasetClient(dataset);
  const ids = new Set(dataset.map((d) => d._id));
  // validateDocument reads only schema, i18n (falls back to English) and getClient from the workspace.
  const workspace = { schema, getClient: () => client } as unknown as Workspace;
  const out: string[] = [];
  for (const document of documents) {
    const markers = await validateDocument({
      document,
      workspace,
      getClient: () => client,
      // 'studio', as editors see it when they publish: with 'cli', Sanity 5 appends an
      // unknown-fields .warning() to every object field's rule, which turns the slug's own errors
      // into warnings.
      environment: 'studio',
      // Sanity checks that a strong reference's target exists and is published.
      getDocumentExists: async ({ id }) => ids.has(id),
    });
    for (const m of markers) {
      const path = m.path
        .map((s) =>
          typeof s === 'object'
            ? '_key' in s
              ? `[_key=${s._key}]`
              : `[${JSON.stringify(s)}]`
            : typeof s === 'number'
              ? `[${s}]`
              : `.${s}`,
        )
        .join('');
      out.push(`${m.level} ${document._id} ${path}: ${m.message}`);
    }
  }
  return out.sort();
}
