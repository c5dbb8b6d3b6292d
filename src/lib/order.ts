// One code-unit order for ids, slugs and file names. The export promises byte-identical output for
// the same content, so everything it sorts sorts the same way, independent of the locale.

export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compares records by a string field in code-unit order: `list.sort(byKey('file'))`. */
export const byKey =
  <K extends string>(key: K) =>
  (a: Record<K, string>, b: Record<K, string>): number =>
    byCodeUnits(a[key], b[key]);
