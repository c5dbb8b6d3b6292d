// Where an export's report is kept, and its summary read back: the export writes it beside its
// manifest, the preview's editor home shows the last one. NDJSON: a first line with the summary
// (when, whether the export published, every kind with its count and first documents), then one
// warning a line, so a reader wanting the summary reads one line of a file of any size (240,000
// warnings at 10,000 schools), and a script streams the rest.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { ReportGroup } from '../src/build/report.ts';
import { REPO_ROOT } from './paths.ts';

/** Where exports keep their manifests and reports, and its environment override (tests, the bench). */
export const MANIFEST_DIR = '.cache/export-manifests';
export const MANIFEST_DIR_ENV = 'EXPORT_MANIFEST_DIR';

/** The folder of manifests and reports: $EXPORT_MANIFEST_DIR (relative to `cwd`), else the repository's. */
export const manifestDirOf = (env: Record<string, string | undefined>, cwd: string): string =>
  env[MANIFEST_DIR_ENV] ? path.resolve(cwd, env[MANIFEST_DIR_ENV]!) : path.join(REPO_ROOT, MANIFEST_DIR);

/** The report file of the export to `out`, in `dir`: named by out/'s path, as its manifest is. */
export const reportFileOf = (dir: string, out: string): string =>
  path.join(dir, `${createHash('sha1').update(path.resolve(out)).digest('hex').slice(0, 20)}.report.ndjson`);

/** The report file's first line. */
export interface ReportSummary {
  out: string;
  /** When the export ended (ISO), and whether it published (a --strict export with warnings does not). */
  finished: string;
  published: boolean;
  total: number;
  kinds: ReportGroup[];
}

const HEAD_LIMIT = 1024 * 1024;

/** The summary of a report file, or null when there is none (or it is not one). */
export function readReportSummary(file: string): ReportSummary | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const buf = Buffer.alloc(64 * 1024);
    let head = '';
    for (let at = 0; head.length < HEAD_LIMIT; ) {
      const n = readSync(fd, buf, 0, buf.length, at);
      if (n === 0) break;
      at += n;
      head += buf.toString('utf8', 0, n);
      if (head.includes('\n')) break;
    }
    const line = head.split('\n')[0]!;
    const got = JSON.parse(line) as ReportSummary;
    return typeof got?.total === 'number' && Array.isArray(got.kinds) && typeof got.finished === 'string' ? got : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
