// A JSON file the export wrote beside the pages (the schools' facts, the grid's cards), fetched
// once per page however many components ask, and parsed by the caller's checker: a file on a static
// host can be stale, truncated or edited by hand. A failure is forgotten, so a later ask may work.
const loads = new Map<string, Promise<unknown>>();

/** The parsed file at `src`; rejects when it cannot be fetched or `parse` throws. */
export function loadJsonOnce<T>(src: string, parse: (json: unknown) => T): Promise<T> {
  let load = loads.get(src) as Promise<T> | undefined;
  if (!load) {
    load = fetch(src)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${src}: HTTP ${r.status}`))))
      .then(parse);
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}
