// The languages the Studio offers, read from the dataset: the translation plugin's menu and the
// desk's lists by language follow the English site settings' `languages` (published), so a
// district adds a language by editing it, with no change of code or redeploy. Unreadable or
// absent: English and Español (src/lib/content/site-languages.ts).
import { DEFAULT_SITE_LANGUAGES, siteLanguagesOf, type SiteLanguage } from '../../src/lib/content/site-languages.ts';

export const SITE_LANGUAGES_QUERY = '*[_id == "siteSettings"][0].languages';

interface Fetcher {
  fetch: (query: string) => Promise<unknown>;
}

/** The dataset's languages; the default when the settings cannot be read. */
export async function siteLanguages(client: Fetcher): Promise<SiteLanguage[]> {
  try {
    return siteLanguagesOf(await client.fetch(SITE_LANGUAGES_QUERY));
  } catch {
    return [...DEFAULT_SITE_LANGUAGES];
  }
}
