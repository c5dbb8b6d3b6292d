// Sanity's importers (@sanity/import 3.x and 6.x, behind `sanity dataset import`) skip an asset
// whose hash the dataset already holds only after a HEAD of the asset document's `url` through
// Node's `https` module, which cannot reach an `http://` service at all: every re-import then
// fails after minutes of retries. The importers tag that lookup (`<tag>.asset.get-id`); for it,
// the service answers the asset without `url`, the importer uploads the bytes again, and the
// upload (same hash, same asset id) returns the asset the dataset already has. The outcome is
// what hosted gives: the same asset documents, referenced the same way, however often it runs.

/** The importers' hash lookup, by its request tag (`sanity.import.asset.get-id` by default). */
export function isImporterAssetCheck(tag: unknown): boolean {
  return typeof tag === 'string' && tag.endsWith('.asset.get-id');
}

/** The lookup's result (`{_id, url}` or null) without `url`, as JSON bytes. */
export function withoutAssetUrl(result: Buffer | null): Buffer | null {
  if (!result) return result;
  const value: unknown = JSON.parse(result.toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return result;
  const { url: _url, ...rest } = value as Record<string, unknown>;
  return Buffer.from(JSON.stringify(rest));
}
