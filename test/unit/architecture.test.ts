// The layer rules of ARCHITECTURE.md, enforced: dependencies run one way, src/ (what reaches a
// browser) touches no Node module and no secret, scripts/ and server/ never import each other,
// and no module loads itself back through a cycle. Imports are read with TypeScript's own
// pre-processor, so comments and strings that merely look like imports do not count. A cycle is
// one of imports that run when a module loads: a type-only import is erased, and a dynamic
// import() (how the page registry, src/routes.ts, names each page's chunk) runs later, on demand.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../core/paths.ts';
import { PAGE_KINDS } from '../../src/routes.ts';
import { VARIABLES } from '../../core/environment.ts';

const LAYERS = ['src', 'render', 'core', 'content-service', 'scripts', 'server', 'studio', 'bench'] as const;
type Layer = (typeof LAYERS)[number];

/** Which layers each layer may import (besides itself and npm packages). */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  src: [],
  render: ['src'],
  'content-service': ['core'],
  core: ['src', 'content-service'],
  scripts: ['src', 'render', 'core'],
  server: ['src', 'render', 'core'],
  // The Studio's own scripts start the embedded service; its browser bundle is held to src/ below.
  studio: ['src', 'core', 'content-service'],
  // The bench measures every part; nothing imports it.
  bench: ['src', 'render', 'core', 'content-service', 'scripts', 'server'],
};

/** Folders inside the layers that are not source: installed packages and builds. */
const NOT_SOURCE = new Set(['node_modules', 'dist', '.sanity']);

const layerOf = (file: string): Layer | null => {
  const top = path.relative(REPO_ROOT, file).split(path.sep)[0];
  return (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : null;
};

function sourceFiles(): string[] {
  return LAYERS.flatMap((layer) =>
    (readdirSync(path.join(REPO_ROOT, layer), { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
      .filter((f) => !f.split(path.sep).some((part) => NOT_SOURCE.has(part)))
      .map((f) => path.join(REPO_ROOT, layer, f)),
  );
}

interface Edge {
  from: string;
  to: string;
  spec: string;
}

/** Every import of every source file: relative ones resolved to files, the rest kept as specifiers. */
function readGraph(): { files: string[]; edges: Edge[] } {
  const files = sourceFiles();
  const edges: Edge[] = [];
  for (const from of files) {
    const info = ts.preProcessFile(readFileSync(from, 'utf8'), true, true);
    for (const { fileName: spec } of info.importedFiles) {
      const to = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : spec;
      edges.push({ from, to, spec });
    }
  }
  return { files, edges };
}

/** The modules a file's loading runs: its imports and re-exports, but not type-only ones or dynamic import(). */
function loadTimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.every((e) => e.isTypeOnly));
      if (!allTypes) specs.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specs.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs;
}

const { files, edges } = readGraph();
const rel = (f: string) => path.relative(REPO_ROOT, f);

describe('architecture: one page registry', () => {
  // Where a page kind is named (`page: 'zip'`, `page === 'zip'`) outside its own page (src/pages/),
  // its words and the tests: the registry (src/routes.ts) and the export's half of it. The two
  // kinds the editors' preview serves are also the preview's (it loads their data live), and school
  // pages are also made one school at a time by the export (each with its own key and failure).
  // The Eleventy comparison's data (bench/lib/peer-dump.ts) copies those two pages' data for its templates.
  const REGISTRY = ['scripts/lib/page-builds.ts', 'src/routes.ts'];
  const PREVIEW = ['server/lib/preview-page.tsx', 'src/preview/'];
  const PER_SCHOOL = [
    'scripts/lib/page-keys.ts',
    'scripts/lib/page-render.ts',
    'scripts/lib/pages.ts',
    'scripts/lib/school-prep.ts',
  ];
  const allowed = (kind: string, preview: boolean) => [
    ...REGISTRY,
    ...(preview ? [...PREVIEW, 'bench/lib/peer-dump.ts'] : []),
    ...(kind === 'school' ? PER_SCHOOL : []),
  ];

  it('names a page kind in the registry, its page and its words only', () => {
    const kinds = Object.entries(PAGE_KINDS);
    assert.ok(kinds.length >= 5, 'reads the registry');
    const texts = files
      .map(rel)
      .filter((f) => !f.startsWith(`src${path.sep}pages${path.sep}`) && !f.startsWith(`src${path.sep}i18n${path.sep}`))
      .map((f) => ({ f, text: readFileSync(path.join(REPO_ROOT, f), 'utf8') }));
    for (const [kind, { preview }] of kinds) {
      const naming = new RegExp(`page\\s*(:|[!=]==)\\s*'${kind}'`);
      const named = texts.filter(({ text }) => naming.test(text)).map(({ f }) => f);
      const stray = named.filter((f) => !allowed(kind, preview).some((a) => f === a || f.startsWith(a)));
      assert.deepEqual(stray, [], `page kind '${kind}' named outside the registry`);
      if (!preview) assert.deepEqual(named.sort(), REGISTRY, `page kind '${kind}' is declared in the registry`);
    }
  });
});

describe('architecture: one-way layers', () => {
  it('reads a real graph', () => {
    assert.ok(files.length > 80, `only ${files.length} files found`);
    assert.ok(edges.length > 300, `only ${edges.length} imports found`);
    for (const e of edges.filter((x) => x.spec.startsWith('.'))) {
      assert.ok(existsSync(e.to), `${rel(e.from)} imports ${e.spec}, which does not exist`);
    }
  });

  it('each layer imports only the layers below it', () => {
    const broken = edges.flatMap((e) => {
      const a = layerOf(e.from);
      const b = e.spec.startsWith('.') ? layerOf(e.to) : null;
      if (!a || !e.spec.startsWith('.')) return [];
      if (b === null) return [`${rel(e.from)} imports ${e.spec}, outside the layered folders`];
      return a === b || ALLOWED[a].includes(b) ? [] : [`${rel(e.from)} (${a}) imports ${rel(e.to)} (${b})`];
    });
    assert.deepEqual(broken, []);
  });

  it('scripts/ and server/ never import each other', () => {
    const crossing = edges.filter((e) => {
      const pair = [layerOf(e.from), e.spec.startsWith('.') ? layerOf(e.to) : null].sort().join('+');
      return pair === 'scripts+server';
    });
    assert.deepEqual(
      crossing.map((e) => `${rel(e.from)} -> ${e.spec}`),
      [],
    );
  });

  it('nothing under src/ (it reaches a browser) imports Node modules, secrets or server-side layers', () => {
    const offending = edges
      .filter((e) => layerOf(e.from) === 'src')
      .filter(
        (e) =>
          e.spec.startsWith('node:') ||
          ['fs', 'path', 'crypto', 'os', 'child_process'].includes(e.spec) ||
          /secrets/.test(e.spec) ||
          (e.spec.startsWith('.') && layerOf(e.to) !== 'src'),
      );
    assert.deepEqual(
      offending.map((e) => `${rel(e.from)} -> ${e.spec}`),
      [],
    );
    for (const f of files.filter((x) => layerOf(x) === 'src')) {
      assert.doesNotMatch(
        readFileSync(f, 'utf8'),
        /\bSANITY_API_READ_TOKEN\b|\bPREVIEW_SECRET\b/,
        `${rel(f)} reads a secret variable`,
      );
    }
  });

  it("the Studio's browser bundle imports no Node layer: only src/ of the site", () => {
    // sanity.config.ts and what it imports run in the editor's browser; sanity.cli.ts, the
    // migrations and studio/scripts/ run in Node.
    const bundle = (f: string) =>
      ['studio/sanity.config.ts', 'studio/env.ts'].includes(rel(f)) || rel(f).startsWith(path.join('studio', 'src'));
    const offending = edges.filter(
      (e) =>
        bundle(e.from) &&
        (e.spec.startsWith('node:') || (e.spec.startsWith('.') && !['src', 'studio'].includes(layerOf(e.to) ?? ''))),
    );
    assert.deepEqual(
      offending.map((e) => `${rel(e.from)} -> ${e.spec}`),
      [],
    );
  });

  it('the environment is read in one module per kind of process', () => {
    // core/environment.ts for Node commands, studio/env.ts for the Studio bundle, the NODE_ENV
    // default the export and bench import first, and the launcher that runs before any TypeScript.
    const readers = [...files, path.join(REPO_ROOT, 'bin/run.mjs')]
      .filter((f) => /\bprocess\.env\b/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .sort();
    assert.deepEqual(readers, ['bin/run.mjs', 'core/environment.ts', 'scripts/lib/production-env.ts', 'studio/env.ts']);
  });

  it('every variable a module reads is in the settings reference (VARIABLES)', () => {
    // Readers take the map a command hands them (`env.NAME`, `io.env.NAME`) or name a variable in a
    // constant (`…_ENV = 'NAME'`); the Studio reads `process.env.NAME` in studio/env.ts.
    const read = new Set<string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]{2,})\b|_ENV = '([A-Z][A-Z0-9_]{2,})'/g))
        read.add(m[1] ?? m[2]!);
    }
    assert.ok(read.has('SANITY_PROJECT_ID') && read.has('EXPORT_MANIFEST_DIR'), 'reads the readers');
    assert.deepEqual(
      [...read].filter((name) => !(name in VARIABLES)).sort(),
      [],
      'read but not listed in core/environment.ts VARIABLES',
    );
  });

  it('only the server and the content source read secrets', () => {
    const readers = edges
      .filter((e) => e.spec.startsWith('.') && rel(e.to).startsWith(`core${path.sep}secrets`))
      .map((e) => layerOf(e.from));
    assert.ok(readers.length > 0);
    for (const layer of readers) assert.ok(layer === 'server' || layer === 'core', `${layer} reads secrets`);
  });

  it('src/build/ (pure code only the export and the preview server run) never reaches a browser', () => {
    // The rest of src/ may import its types, which leave no code behind; a value import would bundle it.
    const build = path.join(REPO_ROOT, 'src', 'build') + path.sep;
    const leaks = files
      .filter((f) => layerOf(f) === 'src' && !f.startsWith(build))
      .flatMap((f) => {
        const source = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest);
        return source.statements.flatMap((s) => {
          const spec = (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier;
          if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return [];
          const typeOnly = ts.isImportDeclaration(s) ? s.importClause?.isTypeOnly : s.isTypeOnly;
          return !typeOnly && path.resolve(path.dirname(f), spec.text).startsWith(build)
            ? [`${rel(f)} -> ${spec.text}`]
            : [];
        });
      });
    assert.ok(existsSync(build), 'src/build/ exists');
    assert.deepEqual(leaks, []);
  });

  it('has no import cycles', () => {
    const resolveFile = (p: string): string | null => [p, `${p}.ts`, `${p}.tsx`].find((c) => files.includes(c)) ?? null;
    const next = new Map<string, string[]>(files.map((f) => [f, []]));
    for (const from of files) {
      for (const spec of loadTimeImports(from)) {
        const to = spec.startsWith('.') ? resolveFile(path.resolve(path.dirname(from), spec)) : null;
        if (to) next.get(from)!.push(to);
      }
    }
    // Tarjan's strongly connected components: any component of more than one module is a cycle.
    let index = 0;
    const idx = new Map<string, number>(),
      low = new Map<string, number>(),
      stack: string[] = [],
      on = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string): void => {
      idx.set(v, index);
      low.set(v, index);
      index++;
      stack.push(v);
      on.add(v);
      for (const w of next.get(v) ?? []) {
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          comp.push(rel(w));
        } while (w !== v);
        if (comp.length > 1 || next.get(v)!.includes(v)) cycles.push(comp.sort());
      }
    };
    for (const f of files) if (!idx.has(f)) visit(f);
    assert.deepEqual(cycles, []);
  });
});
