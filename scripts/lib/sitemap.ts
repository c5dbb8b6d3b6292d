// sitemap.xml and robots.txt for search engines. The sitemap needs absolute URLs, so it exists
// only when the site URL is known; robots.txt is always written and points at the sitemap then.
import { byKey } from '../../src/lib/order.ts';

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML[c]!);

export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** Entries sorted by path, so the file is byte-identical for the same content. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const rows = [...entries]
    .sort(byKey('path'))
    .map(
      (e) =>
        `  <url><loc>${xml(siteUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ''}</url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...rows,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string | null): string {
  return ['User-agent: *', 'Allow: /', ...(siteUrl ? ['', `Sitemap: ${siteUrl}/sitemap.xml`] : []), ''].join('\n');
}
