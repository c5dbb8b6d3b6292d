// Unknown content (block types, rich-text marks, styles...) must degrade with ONE warning per kind,
// not one per occurrence: a page with 40 unknown blocks should not flood the console or the export log.
// Components report to the sink in their SiteEnv (useWarnings): the export gives every page its own
// sink, so it collects each page's warnings without patching console; the browser and the preview
// use the console sink, one per page load.

/** Where rendering reports problems with content. */
export interface Warnings {
  /** Reports `message` the first time this sink sees `key`; later calls are silent. */
  once(key: string, message?: string): void;
  /** Reports on every call (a failed image crop is logged on each use, spec section 8). */
  always(message: string): void;
}

const MAX_KEYS = 1000;

export function createWarnings(report: (message: string) => void): Warnings {
  const seen = new Set<string>();
  return {
    once(key, message = key) {
      if (seen.has(key)) return;
      // A long-running preview server sees content from many drafts: bound the memory, keep warning.
      if (seen.size >= MAX_KEYS) seen.clear();
      seen.add(key);
      report(message);
    },
    always: report,
  };
}

let consoleSink = createWarnings((m) => console.warn(m));

/** The sink of a render that was given none: console.warn, once per key per process (a browser page). */
export const consoleWarnings = (): Warnings => consoleSink;

/** Forgets every key of the console sink, so each test starts from a clean slate. */
export function resetWarnings(): void {
  consoleSink = createWarnings((m) => console.warn(m));
}
