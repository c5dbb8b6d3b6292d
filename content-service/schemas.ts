// Request schemas of the embedded service's routes (TypeBox: JSON schema checked by Fastify's ajv,
// and the handlers' types through the TypeBox type provider). A request that fails one gets the
// hosted API's 400 shape from the plugin's error handler ({error: {description, type}}), like any
// other bad request. The API version and dataset are only typed here: a wrong one is a 404 there.
import Type from 'typebox';

export const DataParams = Type.Object({ apiVersion: Type.String(), dataset: Type.String() });

export const DocParams = Type.Object({ apiVersion: Type.String(), dataset: Type.String(), ids: Type.String() });

/** Flags @sanity/client sends as 'true' / 'false'. */
const Flag = Type.Optional(Type.Enum(['true', 'false']));

/**
 * Query-string options of query, doc, mutate and listen. GROQ parameters travel as `$name=<json>`
 * keys whose names are the query's own, so other keys are let through for paramsFromQuery.
 */
export const DataQuery = Type.Object({
  query: Type.Optional(Type.String()),
  perspective: Type.Optional(Type.String()),
  returnQuery: Flag,
  /** `true` or `withKeyArraySelector` (keyed array items: the only form this service answers). */
  resultSourceMap: Type.Optional(Type.String()),
  excludeContent: Flag,
  dryRun: Flag,
  returnDocuments: Flag,
  includeResult: Flag,
  includePreviousRevision: Flag,
  includeMutations: Flag,
  includeDrafts: Flag,
  includeAllVersions: Flag,
  autoGenerateArrayKeys: Flag,
});

export const QueryBody = Type.Object({
  query: Type.Optional(Type.Unknown()),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const MutateBody = Type.Object({
  // The store checks each mutation and answers the hosted API's mutation errors; only the envelope is here.
  mutations: Type.Optional(Type.Unknown()),
  transactionId: Type.Optional(Type.String()),
});
