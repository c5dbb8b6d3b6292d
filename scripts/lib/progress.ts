// Progress for people watching an export in a terminal: one line per phase with its duration.
// In CI logs (not a TTY) phases stay quiet and only warnings and the summary are printed.

export interface Progress {
  phase<T>(name: string, run: () => Promise<T> | T, detail?: (result: T) => string): Promise<T>;
  /** Writes a line (a warning) without mangling the phase line in progress. */
  line(text: string): void;
}

export function createProgress(stream: NodeJS.WriteStream | { isTTY?: boolean; write(s: string): unknown }): Progress {
  const tty = !!stream.isTTY;
  // True while "  phase …" is on screen without its newline, to be finished in place with \r.
  let open = false;
  const finish = (text: string) => {
    stream.write(`${open ? '\r' : ''}${text}\n`);
    open = false;
  };
  return {
    async phase(name, run, detail) {
      const start = performance.now();
      if (tty) {
        stream.write(`  ${name.padEnd(7)} …`);
        open = true;
      }
      try {
        const result = await run();
        if (tty)
          finish(
            `  ${name.padEnd(7)} ${formatMs(performance.now() - start).padStart(7)}${detail ? `  ${detail(result)}` : ''}`,
          );
        return result;
      } catch (err) {
        if (tty) finish(`  ${name.padEnd(7)} failed`);
        throw err;
      }
    },
    line(text) {
      if (open) {
        stream.write('\n');
        open = false;
      }
      stream.write(`${text}\n`);
    },
  };
}

export const formatMs = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
