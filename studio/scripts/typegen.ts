// `npm run typegen [-- --out DIR]`: extracts the Studio schema to studio/schema.json and runs
// Sanity TypeGen over src/lib/content/queries.ts into src/lib/content/sanity.types.ts. With --out both go to DIR
// instead: test/unit/typegen-fresh.test.ts regenerates into a temp dir and compares, so stale
// committed files fail `npm test`.
// The schema is compiled and extracted in-process with the same calls `sanity schema extract`
// makes in its worker (createSchema, then extractSchema from @sanity/schema/_internal, written as
// JSON with two-space indent): byte-identical output without the CLI's ~40 s Vite bundling of
// sanity.config.ts, and no project id needed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTypegenGenerate } from '@sanity/codegen';
import { extractSchema } from '@sanity/schema/_internal';
import { createSchema } from 'sanity';
import { schemaTypes } from '../src/schemaTypes/index.ts';
import { SCHEMA_FILE, TYPEGEN, TYPES_FILE } from '../typegen.config.ts';

const STUDIO = fileURLToPath(new URL('..', import.meta.url));

function parseArgs(argv: string[]): { out: string | null } {
  if (argv.length === 0) return { out: null };
  if (argv.length === 2 && argv[0] === '--out' && argv[1]) return { out: argv[1] };
  console.error(`usage: npm run typegen [-- --out DIR] (got: ${argv.join(' ')})`);
  process.exit(1);
}

/** The schema as `sanity schema extract` writes it; throws listing the problems of an invalid schema. */
export function extractedSchemaJson(): string {
  const schema = createSchema({ name: 'default', types: schemaTypes });
  const problems = (schema._validation ?? []).flatMap((group) =>
    group.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${group.path.map((s) => s.name).join('.')}: ${p.message}`),
  );
  if (problems.length) throw new Error(`the Studio schema is invalid:\n  ${problems.join('\n  ')}`);
  return `${JSON.stringify(extractSchema(schema, {}), null, 2)}\n`;
}

export async function typegen(out: string | null): Promise<{ schemaPath: string; typesPath: string }> {
  const schemaPath = out ? join(out, 'schema.json') : join(STUDIO, SCHEMA_FILE);
  const typesPath = out ? join(out, 'sanity.types.ts') : join(STUDIO, TYPES_FILE);
  if (out) mkdirSync(out, { recursive: true });
  // TypeGen globs the query files relative to the process's directory, as when `sanity typegen
  // generate` runs in studio/.
  process.chdir(STUDIO);
  writeFileSync(schemaPath, extractedSchemaJson());
  // TypeGen names the schema file in the output's header; a relative path keeps it the same
  // whether it writes here or into a temp dir.
  await runTypegenGenerate({
    config: { ...TYPEGEN, schema: relative(STUDIO, schemaPath), generates: typesPath },
    workDir: STUDIO,
  });
  return { schemaPath, typesPath };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { out } = parseArgs(process.argv.slice(2));
  const from = process.cwd();
  const { schemaPath, typesPath } = await typegen(out === null ? null : resolve(out));
  console.log(
    `wrote ${relative(from, schemaPath)} and ${relative(from, typesPath)} (${readFileSync(typesPath, 'utf8').split('\n').length} lines)`,
  );
}
