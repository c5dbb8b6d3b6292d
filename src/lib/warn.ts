// Unknown content (block types, rich-text marks, styles...) must degrade with ONE warning per kind,
// not one per occurrence: a page with 40 unknown blocks should not flood the console or the export log.
// Components report to the sink in their SiteEnv (useWarnings): the export gives every page its own
// sink, so it collects each page's warnings without patching console; the browser and the preview
// use the console sink, one per page load.

/**
 * A warning as its source knows it: what kind of problem (the export's report groups by it), the
 * document and field to fix, and the whole sentence an editor reads (`message`, as the log shows it).
 * `page` is the exported file it was found on, when a page's render reported it.
 */
export interface Warning {
  kind: string;
  /** The document's `_id`; `type` its `_type` (a school, a highlight, the site settings...). */
  document?: string;
  type?: string;
  field?: string;
  message: string;
  page?: string;
}

/** What a source hands over: a Warning, or a plain sentence in the log's style (its kind is read from it). */
export type WarningInput = Warning | string;

/** The sentence of a warning, as the log has always written it (with its page first, when it has one). */
export const warningText = (w: WarningInput): string =>
  typeof w === 'string' ? w : w.page ? `${w.page}: ${w.message}` : w.message;

/** Where rendering reports problems with content. */
export interface Warnings {
  /** Reports `warning` the first time this sink sees `key`; later calls are silent. */
  once(key: string, warning?: WarningInput): void;
  /** Reports on every call (a failed image crop is logged on each use, spec section 8). */
  always(warning: WarningInput): void;
}

const MAX_KEYS = 1000;

export function createWarnings(report: (warning: WarningInput) => void): Warnings {
  const seen = new Set<string>();
  return {
    once(key, warning = key) {
      if (seen.has(key)) return;
      // A long-running preview server sees content from many drafts: bound the memory, keep warning.
      if (seen.size >= MAX_KEYS) seen.clear();
      seen.add(key);
      report(warning);
    },
    always: report,
  };
}

const toConsole = (w: WarningInput) => console.warn(warningText(w));
let consoleSink = createWarnings(toConsole);

/** The sink of a render that was given none: console.warn, once per key per process (a browser page). */
export const consoleWarnings = (): Warnings => consoleSink;

/** Forgets every key of the console sink, so each test starts from a clean slate. */
export function resetWarnings(): void {
  consoleSink = createWarnings(toConsole);
}
