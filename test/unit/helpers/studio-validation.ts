// The Studio's validation, offline: Sanity's own validateDocument over documents of a dataset,
// with the schema compiled from studio/ and the client calls validation makes (the slug's
// uniqueness check, the alt-text rule's look at the published version) answered by groq-js over
// that dataset, so nothing leaves the machine. Each finding is one line:
// "<level> <_id> <path>: <message>".
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument, type SanityClient, type SanityDocument, type Workspace } from 'sanity';
import { schemaTypes } from '../../../studio/src/schemaTypes/index.ts';

function datasetClient(dataset: readonly SanityDocument[]): SanityClient {
  const client = {
    withConfig: () => client,
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query), { dataset: [...dataset], params })).get(),
  } as unknown as SanityClient;
  return client;
}

const pathText = (path: readonly unknown[]): string =>
  path
    .map((s) =>
      typeof s === 'object' && s !== null
        ? '_key' in s
          ? `[_key=${(s as { _key: string })._key}]`
          : `[${JSON.stringify(s)}]`
        : typeof s === 'number'
          ? `[${s}]`
          : `.${String(s)}`,
    )
    .join('');

/** What the Studio says of each of `documents`, validated against `dataset` (sorted lines). */
export async function studioFindings(
  dataset: readonly SanityDocument[],
  documents: readonly SanityDocument[],
): Promise<string[]> {
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
    for (const m of markers) out.push(`${m.level} ${document._id} ${pathText(m.path)}: ${m.message}`);
  }
  return out.sort();
}
