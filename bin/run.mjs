#!/usr/bin/env node
// The shipped commands (`npm run export|start|content|preview`) start from JavaScript, not from
// TypeScript compiled at every start: tsx spent ~0.86 s of a 1.57 s one-school export loading
// itself and transpiling the sources. This launcher bundles the five CLIs with esbuild into dist/
// (git-ignored; npm packages bundled in, native ones external; ESM; linked source maps), only when a source file is newer
// than the last build, then runs the requested one. tsx stays for development and the tests.
//
// Usage: node bin/run.mjs <export|start|content|preview|serve> [flags of that command]
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
/**
 * The last build's input and output files (from esbuild's metafile, which is ~0.7 MB: parsing it
 * at every start cost ~11 ms): its inputs decide staleness; written last, so it also marks a complete build.
 */
const META = path.join(DIST, 'meta.json');

/**
 * Each CLI's entry module. `production`: React must load its production build, and in a bundle the
 * external `import 'react'` runs before any bundled code could set NODE_ENV, so it is set here.
 * `run`: the entry exports a function to call (export and start run themselves only as tsx's main module).
 */
const CLIS = {
  export: { entry: 'scripts/export.ts', production: true, run: 'runCli' },
  start: { entry: 'scripts/start.ts', production: true, run: 'runCli' },
  content: { entry: 'content-service/cli.ts', production: false, run: null },
  preview: { entry: 'server/server.ts', production: false, run: null },
  serve: { entry: 'scripts/serve.ts', production: false, run: 'runCli' },
};

/**
 * Worker threads started by the CLIs, bundled as entries of their own: the content service's query
 * and listen-filter workers are loaded with `new URL('./<name>.mjs', import.meta.url)` from a chunk
 * in dist/ (content-service/worker-thread.ts).
 */
const WORKERS = {
  'query-worker': 'content-service/query-worker.ts',
  'listen-worker': 'content-service/listen-worker.ts',
};

/** Files that change every output without being an esbuild input: this launcher (the build options) and tsconfig. */
const BUILD_SETTINGS = [
  fileURLToPath(import.meta.url),
  path.join(ROOT, 'tsconfig.json'),
  path.join(ROOT, 'package.json'),
];

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
};

/** True when dist/ is missing a CLI, or any file the last build read (or its settings) is newer than that build. */
function stale() {
  const built = mtime(META);
  if (built === Infinity) return true;
  let meta;
  try {
    meta = JSON.parse(readFileSync(META, 'utf8'));
  } catch {
    return true;
  }
  const entries = [...Object.keys(CLIS), ...Object.keys(WORKERS)];
  if (entries.some((name) => !existsSync(path.join(DIST, `${name}.mjs`)))) return true;
  if (!Array.isArray(meta.inputs)) return true; // an older launcher's metafile
  const inputs = [...meta.inputs.map((f) => path.join(ROOT, f)), ...BUILD_SETTINGS];
  // A deleted input reads as Infinity: rebuild, and esbuild names the import that broke.
  return inputs.some((f) => mtime(f) > built);
}

/** Builds every CLI at once (they share chunks), writing each file by rename so a reader never sees half a file. */
async function build() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { ...Object.fromEntries(Object.entries(CLIS).map(([cli, c]) => [cli, c.entry])), ...WORKERS },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages are bundled too: resolving and lexing ~700 CommonJS files at start cost about a
    // third of a one-school export's CPU. Native and self-spawning packages stay external.
    // @fastify/cookie loads the ESM-or-CommonJS cookie package with import(), which a bundle resolves differently;
    // write-file-atomic names its temp files from CommonJS's __filename, which an ES module has not.
    external: ['sharp', 'esbuild', 'fsevents', '@fastify/cookie', 'write-file-atomic'],
    // One React build in the bundle (the production one): the dist CLIs are what ships.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS calls require() for Node built-ins; ESM has none, so each chunk makes one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Split so that modules imported with import() (the content service, sharp, esbuild) stay lazy.
    splitting: true,
    minifyWhitespace: true,
    minifySyntax: true,
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(DIST, { recursive: true });
  let previous = [];
  try {
    const { outputs } = JSON.parse(readFileSync(META, 'utf8'));
    previous = Array.isArray(outputs) ? outputs : Object.keys(outputs ?? {});
  } catch {
    /* first build */
  }
  // Entry files last: until then the old entries keep importing the old (still present) chunks.
  const isEntry = (f) => Object.keys(CLIS).some((cli) => path.basename(f.path).startsWith(`${cli}.mjs`));
  const files = [...result.outputFiles.filter((f) => !isEntry(f)), ...result.outputFiles.filter(isEntry)];
  for (const f of files) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  const kept = new Set(result.outputFiles.map((f) => path.relative(ROOT, f.path).split(path.sep).join('/')));
  for (const old of previous) if (!kept.has(old)) rmSync(path.join(ROOT, old), { force: true });
  const tmp = `${META}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ inputs: Object.keys(result.metafile.inputs), outputs: [...kept] }));
  renameSync(tmp, META);
  // esbuild's service is a child process that would otherwise live as long as the server does.
  await esbuild.stop();
}

/**
 * npm runs a script through `sh -c`, and dash does not exec its last command: a signal to npm never
 * reached node, and a killed npm left sh and node holding the port. The scripts therefore say
 * `exec node bin/run.mjs …` (npm then passes SIGINT and SIGTERM straight to node), and every
 * command also stops, through its own SIGTERM handler, once the process that started it is gone:
 * a server closes, an export ends without publishing (exit 143).
 */
function stopWithParent() {
  const parent = process.ppid;
  if (parent <= 1) return;
  const watch = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch (err) {
      if (err.code !== 'ESRCH') return;
      clearInterval(watch);
      process.kill(process.pid, 'SIGTERM');
    }
  }, 250);
  watch.unref();
}

const cli = process.argv[2];
if (!Object.hasOwn(CLIS, cli ?? '')) {
  console.error(`usage: node bin/run.mjs <${Object.keys(CLIS).join('|')}> [flags]`);
  process.exit(1);
}
const { production, run } = CLIS[cli];
if (stale()) {
  try {
    await build();
  } catch (err) {
    console.error(`bin/run.mjs: building dist/ failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
// The CLI reads its own flags from process.argv.slice(2), as when run directly.
process.argv.splice(2, 1);
// Source maps are written but not switched on: mapping every loaded chunk cost ~70 ms of CPU per start.
// `node --enable-source-maps bin/run.mjs …` gives TypeScript positions in stack traces when needed.
if (production) process.env.NODE_ENV ??= 'production';
stopWithParent();
const mod = await import(pathToFileURL(path.join(DIST, `${cli}.mjs`)).href);
if (run) mod[run]();
