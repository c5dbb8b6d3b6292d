// Checks that a district's exported site carries nothing of the bundled sample district: its name,
// its website's domain or its schools in any file of the export, and no link to a host the
// district's own dataset does not name (docs/new-district.md). Exits 0 when clean, 1 when something
// of the sample (or a foreign link) is left, naming each file and what was found.
//
// Usage: npx tsx scripts/check-district.ts [--out DIR] [--content DIR] [--site-url URL]
//   --out DIR       the export to check (default out)
//   --content DIR   the district's dataset folder: the hosts its documents name are its own
//   --site-url URL  the site's own address (as given to the export): links to it are the site's
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CONTENT_DIR } from '../core/paths.ts';
import { datasetDomains, sampleMarks, sampleResidue } from './lib/sample-residue.ts';

function main(): number {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, content: { type: 'string' }, 'site-url': { type: 'string' } },
  });
  const out = path.resolve(values.out ?? 'out');
  const supplied = values.content ? datasetDomains(path.resolve(values.content)) : new Set<string>();
  if (values['site-url']) supplied.add(new URL(values['site-url']).hostname.toLowerCase());
  const marks = sampleMarks(DEFAULT_CONTENT_DIR);
  const found = sampleResidue(out, marks, supplied);
  if (found.length === 0) {
    console.log(
      `${path.relative(process.cwd(), out) || out}: nothing of the sample district (${marks.name}, ${marks.domains.join(', ')}, ${marks.schools.length} schools) and no foreign link`,
    );
    return 0;
  }
  for (const r of found.slice(0, 50)) console.log(`${r.file}: ${r.found}`);
  if (found.length > 50) console.log(`… and ${found.length - 50} more`);
  return 1;
}

process.exitCode = main();
