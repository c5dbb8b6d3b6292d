// The export's warnings, kept for its report: grouped as they come (src/lib/report.ts) for the
// summary of a few dozen lines the export prints, and every one written to a file beside the
// export's manifest (`.cache/export-manifests/<out's key>.report.json`, outside what is published
// and outside out/'s folder) for the editor who fixes them, a CI job, or the preview's editor home.
// Each is printed as it comes only with --verbose; retries, which explain a slow export and say
// nothing about the content, always are.
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatReport, NOT_CONTENT_KINDS, type ReportGroup, toWarning, WarningGroups } from '../../src/lib/report.ts';
import { type Warning, type WarningInput, warningText } from '../../src/lib/warn.ts';

/** The report file of the export to `out`, in the folder of the export manifests (`dir`). */
export const reportFileOf = (dir: string, out: string): string =>
  path.join(dir, `${createHash('sha1').update(path.resolve(out)).digest('hex').slice(0, 20)}.report.json`);

/** What the report file holds (also read by the preview's editor home). */
export interface ReportFile {
  out: string;
  /** When the export ended (ISO), and whether it published (a --strict export with warnings does not). */
  finished: string;
  published: boolean;
  total: number;
  kinds: ReportGroup[];
  warnings: Warning[];
}

export class ExportReport {
  private readonly groups = new WarningGroups();
  private readonly all: Warning[] = [];

  constructor(
    /** Prints a line as a warning comes (every one with --verbose, else only the retries). */
    private readonly line: (text: string) => void,
    private readonly verbose: boolean,
  ) {}

  add(input: WarningInput): void {
    const w = toWarning(input);
    this.all.push(w);
    this.groups.add(w);
    if (this.verbose || NOT_CONTENT_KINDS.has(w.kind)) this.line(`warning: ${warningText(w)}`);
  }

  get total(): number {
    return this.groups.total;
  }

  /** Warnings about the content (what --strict fails on). */
  get content(): number {
    return this.groups.contentCount();
  }

  kinds(): ReportGroup[] {
    return this.groups.list();
  }

  /** The summary's lines, naming the file that holds every warning. */
  summary(file: string | null): string[] {
    return formatReport(this.kinds(), file ?? 'the log above (--verbose)');
  }

  /** Writes the report of the export to `out` into `file`, atomically. */
  async write(file: string, out: string, published: boolean): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    const body: ReportFile = {
      out,
      finished: new Date().toISOString(),
      published,
      total: this.total,
      kinds: this.kinds(),
      warnings: this.all,
    };
    const tmp = `${file}.tmp-${process.pid}`;
    await writeFile(tmp, `${JSON.stringify(body, null, 1)}\n`);
    await rename(tmp, file);
    return file;
  }
}
