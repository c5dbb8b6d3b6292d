// What makes an incremental export safe: every page's key over all its inputs (the code, the
// image settings, the base, the navigation, the settings, its own data), and what the next export
// needs to carry a render over (its key, warnings and image variants, recorded host-free).
import type { WarningInput } from '../../src/lib/warn.ts';
import { LANGS, type Lang } from '../../src/i18n/messages.ts';
import type { SiteSettings } from '../../src/build/site-settings.ts';
import type { School } from '../../src/lib/content/types.ts';
import { canonicalPath, routeFile, type RouteMatch } from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { sha1, type PageRecord } from './export-manifest.ts';
import type { CarriedSchool } from './validate-content.ts';

export interface PageKeys {
  /** False without a code version: nothing is keyed, recorded or carried. */
  keyed: boolean;
  /** Everything a page's HTML depends on besides its own data and the navigation, hashed once. */
  common: string;
  keyOf(url: string, file: string, indexable: boolean, hash: string): string;
  recordOf(key: string, warnings: WarningInput[], used: Map<string, string>): PageRecord;
  /** A carried render's variants, on this run's image host, into `variants`. */
  replayVariants(record: PageRecord, variants: Map<string, string>): void;
}

export interface PageKeyInputs {
  codeVersion: string | undefined;
  env: SiteEnv;
  siteEnv: SiteEnv;
  siteUrl: string | null;
  assets: unknown;
  pageNav: unknown;
  settingsOf: (lang: Lang) => SiteSettings;
}

export function createPageKeys(i: PageKeyInputs): PageKeys {
  const keyed = i.codeVersion !== undefined;
  // With self-hosted images the image host shapes only the remote URLs the images are fetched
  // from, not the HTML, and the embedded service's host is a new loopback port on every run: it is
  // left out of the key, and remote URLs are recorded without it and re-based when replayed.
  const { onVariant: _, ...imageSettings } = i.env.images;
  const host = imageSettings.selfHostBase ? imageSettings.imageHost : '';
  const common = keyed
    ? sha1(
        JSON.stringify([
          i.codeVersion,
          { ...imageSettings, imageHost: host ? '' : imageSettings.imageHost },
          i.env.base,
          i.env.preview ?? null,
          i.siteEnv.navSrc ?? null,
          i.siteUrl,
          i.assets,
          // Every page shows the settings: a settings edit re-renders every page.
          LANGS.map(i.settingsOf),
        ]),
      )
    : '';
  const unhost = (remote: string) => (host && remote.startsWith(host) ? `\0${remote.slice(host.length)}` : remote);
  const rehost = (remote: string) => (remote.startsWith('\0') ? host + remote.slice(1) : remote);
  const navKey = keyed ? sha1(JSON.stringify(i.pageNav)) : '';
  // The check of carried schools and the render ask for the same keys: each is hashed once.
  const keys = new Map<string, { url: string; indexable: boolean; hash: string; key: string }>();
  return {
    keyed,
    common,
    keyOf(url, file, indexable, hash) {
      if (!keyed) return '';
      const k = keys.get(file);
      if (k && k.url === url && k.indexable === indexable && k.hash === hash) return k.key;
      const key = sha1(JSON.stringify([common, navKey, url, file, indexable, hash]));
      keys.set(file, { url, indexable, hash, key });
      return key;
    },
    recordOf: (key, warnings, used) => ({
      key,
      warnings,
      used: [...used].map(([src, remote]) => [src, unhost(remote)]),
    }),
    replayVariants(record, variants) {
      for (const [src, remote] of record.used) variants.set(src, rehost(remote));
    },
  };
}

/**
 * Why the carried schools cannot all be carried, or null: a page not read now whose key no longer
 * matches (the code, settings or navigation changed, or its page in out/ was touched), or a page
 * listing an event that is over by `now`.
 */
export function carriedProblem(
  carried: readonly CarriedSchool[],
  keys: PageKeys,
  previous: ReadonlyMap<string, PageRecord> | undefined,
  now: number,
): string | null {
  // A carried school's state hash covers every edition of its page, so each edition's key checks.
  const stale = carried
    .flatMap((c) => LANGS.map((lang) => ({ c, route: { page: 'school', slug: c.slug, lang } as RouteMatch })))
    .find(({ c, route }) => {
      const file = routeFile(route);
      return !keys.keyed || previous?.get(file)?.key !== keys.keyOf(canonicalPath(route), file, true, c.state.hash);
    });
  if (stale) return `${routeFile(stale.route)}: not read, and its page is not current`;
  const past = carried.find((c) => c.state.facts?.events?.some((e) => Date.parse(e.end) <= now));
  return past ? `school ${JSON.stringify(past._id)}: an event it lists is over` : null;
}

/** Every school page's file: a slug ending in '.html' must not put its old folder form where another page is. */
export function schoolPageFiles(schools: readonly (School | CarriedSchool)[]): Set<string> {
  return new Set(schools.flatMap((s) => LANGS.map((lang) => routeFile({ page: 'school', slug: s.slug!, lang }))));
}
