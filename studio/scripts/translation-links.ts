// The offline Studio's start: translation links written by the translation plugin's older
// versions (the language only in `_key`) get their language in its own field, so the plugin
// sees the translations a district already has and never makes a second one. The same change as
// the migration `translation-links-language` makes to a hosted dataset, through the local
// service, one transaction; the site reads both forms, so its pages do not change.
import { OLDER_LINKS_FILTER, olderEntryKeys } from '../src/translations/older-links.ts';

const API = 'v2025-02-19';

/** Updates every such document through the service; returns how many it updated. */
export async function upgradeTranslationLinks(serviceUrl: string, dataset: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const query = encodeURIComponent(`*[${OLDER_LINKS_FILTER}]{ _id, _rev, translations }`);
  const res = await fetch(`${serviceUrl}/${API}/data/query/${dataset}?query=${query}&perspective=raw`, {
    headers,
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`reading translation links: ${res.status} ${await res.text()}`);
  const docs =
    ((await res.json()) as { result?: { _id: string; _rev?: string; translations?: unknown }[] }).result ?? [];
  const mutations = docs.flatMap((doc) => {
    const keys = olderEntryKeys(doc);
    if (keys.length === 0) return [];
    const set = Object.fromEntries(keys.map((k) => [`translations[_key == ${JSON.stringify(k)}].language`, k]));
    return [{ patch: { id: doc._id, ...(doc._rev ? { ifRevisionID: doc._rev } : {}), set } }];
  });
  if (mutations.length === 0) return 0;
  const write = await fetch(`${serviceUrl}/${API}/data/mutate/${dataset}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mutations }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!write.ok) throw new Error(`updating translation links: ${write.status} ${await write.text()}`);
  return mutations.length;
}
