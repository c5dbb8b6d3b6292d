// The export's warnings, kept for its report: grouped as they come (src/build/report.ts) for the
// summary of a few dozen lines the export prints, and every one written to a file beside the
// export's manifest (core/export-report-file.ts: `.cache/export-manifests/<out's key>.report.ndjson`,
// outside what is published and outside out/'s folder) for the editor who fixes them, a CI job, or
// the preview's editor home. Each is printed as it comes only with --verbose; retries, which
// explain a slow export and say nothing about the content, always are, up to LIVE_RETRY_LINES: a
// large district's image fetches against a struggling service retry by the hundred, and the
// report counts them all. So the export prints at most ~55 lines at any size: the summary's 4,
// the report's REPORT_MAX_LINES, these retries and two set-up notes.
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ReportSummary } from '../../core/export-report-file.ts';
import { formatReport, NOT_CONTENT_KINDS, type ReportGroup, toWarning, WarningGroups } from '../../src/build/report.ts';
import { type Warning, type WarningInput, warningText } from '../../src/lib/warn.ts';

/** Retries printed as they come without --verbose; past them one line says the rest are in the report. */
export const LIVE_RETRY_LINES = 8;

/** Warnings written at once: a district's 240,000 are never one string. */
const LINES_PER_WRITE = 2000;

export class ExportReport {
  private readonly groups = new WarningGroups();
  private readonly all: Warning[] = [];
  /** Warnings of the kinds printed as they come without --verbose (retries), so far. */
  private live = 0;

  constructor(
    /** Prints a line as a warning comes (every one with --verbose, else only the retries). */
    private readonly line: (text: string) => void,
    private readonly verbose: boolean,
  ) {}

  add(input: WarningInput): void {
    const w = toWarning(input);
    this.all.push(w);
    this.groups.add(w);
    if (this.verbose) this.line(`warning: ${warningText(w)}`);
    else if (NOT_CONTENT_KINDS.has(w.kind)) {
      this.live++;
      if (this.live <= LIVE_RETRY_LINES) this.line(`warning: ${warningText(w)}`);
      else if (this.live === LIVE_RETRY_LINES + 1)
        this.line(`warning: more requests retried; each is counted in the report (--verbose prints them)`);
    }
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

  /** Writes the report of the export to `out` into `file`, atomically: the summary, then a warning a line. */
  async write(file: string, out: string, published: boolean): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    const summary: ReportSummary = {
      out,
      finished: new Date().toISOString(),
      published,
      total: this.total,
      kinds: this.kinds(),
    };
    const tmp = `${file}.tmp-${process.pid}`;
    const handle = await open(tmp, 'w');
    try {
      await handle.write(`${JSON.stringify(summary)}\n`);
      for (let i = 0; i < this.all.length; i += LINES_PER_WRITE)
        await handle.write(
          `${this.all
            .slice(i, i + LINES_PER_WRITE)
            .map((w) => JSON.stringify(w))
            .join('\n')}\n`,
        );
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    return file;
  }
}
