// Unknown content (block types, rich-text marks, styles...) must degrade with ONE warning per kind,
// not one per occurrence: a page with 40 unknown blocks should not flood the console or the export log.
const MAX_KEYS = 1000;
const seen = new Set<string>();

/** Logs `message` with console.warn the first time `key` is seen in this process/page; later calls are silent. */
export function warnOnce(key: string, message: string = key): void {
  if (seen.has(key)) return;
  // A long-running preview server sees content from many drafts: bound the memory, keep warning.
  if (seen.size >= MAX_KEYS) seen.clear();
  seen.add(key);
  console.warn(message);
}

/** Forgets every key, so each test starts from a clean slate. */
export function resetWarnings(): void {
  seen.clear();
}
