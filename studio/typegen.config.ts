// Where TypeGen reads and writes, shared by sanity.cli.ts (for `sanity typegen generate`) and
// scripts/typegen.ts (npm run typegen and the staleness test), so both produce the same file.
// Paths are relative to studio/.

export const SCHEMA_FILE = 'schema.json';
export const TYPES_FILE = '../src/lib/content/sanity.types.ts';
export const QUERY_FILES = '../src/lib/content/queries.ts';

export const TYPEGEN = {
  path: QUERY_FILES,
  schema: SCHEMA_FILE,
  generates: TYPES_FILE,
  // The site's clients are typed by their call sites; augmenting @sanity/client's module would
  // change the types of every fetch in server/ and scripts/ as a side effect.
  overloadClientMethods: false,
  // No formatter is installed: the output must not depend on whichever prettier a machine has.
  formatGeneratedCode: false,
};
