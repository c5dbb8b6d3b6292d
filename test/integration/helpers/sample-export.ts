// The sample export reduced to what must not change when the export's code is reorganised: every
// file's path and a hash of its bytes, with only what legitimately moves normalised away (the
// content hashes esbuild puts in bundle names, the bundles' own bytes, the footer's render year).
// test/fixtures/sample-export.json holds this for three exports of content/sample; regenerate it
// after an intended output change with
//   npx tsx test/integration/helpers/sample-export.ts <plain-out> <site-url-out> <base-x-out>
// on exports made with no flags, `--site-url https://example.org` and `--base /x/` respectively.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../../../scripts/lib/list-files.ts';

export const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sample-export.json');

/** The three exports the fixture covers: name → extra CLI flags. */
export const VARIANTS: Record<string, string[]> = {
  plain: [],
  siteUrl: ['--site-url', 'https://example.org'],
  base: ['--base', '/x/'],
};

// esbuild names bundles name-HASH.ext with an 8-character base32 hash.
const BUNDLE_NAME = /([\w-]+?)-[A-Z2-7]{8}\.(js|css)\b/g;
const TEXT = /\.(html|json|xml|txt|css|svg)$/;

/** path (bundle hashes removed) → sha256 prefix of the normalised bytes ('bundle' for scripts). */
export function normalisedTree(dir: string): Record<string, string> {
  const year = `<span>${new Date().getFullYear()}</span>`;
  const tree: Record<string, string> = {};
  for (const file of listFiles(dir)) {
    const name = file.replace(BUNDLE_NAME, '$1-HASH.$2');
    let digest: string;
    if (/\.js$/.test(file) && /(^|\/)assets\//.test(file)) {
      digest = 'bundle'; // the client code itself may change; its names and links are what is compared
    } else {
      const bytes = readFileSync(path.join(dir, file));
      const data = TEXT.test(file)
        ? bytes.toString('utf8').replace(BUNDLE_NAME, '$1-HASH.$2').split(year).join('<span>YEAR</span>')
        : bytes;
      digest = createHash('sha256').update(data).digest('hex').slice(0, 16);
    }
    // Two chunks can share a name once their hashes are gone: keep both entries.
    tree[name] = tree[name] === undefined ? digest : [tree[name], digest].sort().join(',');
  }
  return tree;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  const names = Object.keys(VARIANTS);
  if (dirs.length !== names.length) {
    console.error(
      `usage: tsx ${path.relative(process.cwd(), process.argv[1])} ${names.map((n) => `<${n}-out>`).join(' ')}`,
    );
    process.exit(1);
  }
  const fixture = Object.fromEntries(names.map((n, i) => [n, normalisedTree(path.resolve(dirs[i]!))]));
  writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), FIXTURE)}`);
}
