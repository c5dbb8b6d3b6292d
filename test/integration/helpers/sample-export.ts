// The sample export reduced to what must not change when the export's code is reorganised: every
// file's path and a hash of its bytes, with only what legitimately moves normalised away (the
// content hashes esbuild puts in bundle names, the bundles' own bytes, the footer's render year).
// test/fixtures/sample-export.json holds this for three exports of content/sample; `npm run golden`
// (test/golden.ts) regenerates it after an intended output change.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../../../scripts/lib/list-files.ts';

export const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sample-export.json');

/** The fixed export time of the recorded exports: the events the sample lists stay listed whatever the day. */
export const SAMPLE_EXPORT_EPOCH = '1795000000';

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
