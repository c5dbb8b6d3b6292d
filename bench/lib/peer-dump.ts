// The data the peer benchmark's Eleventy templates render (the `peer` part of npm run bench): for
// the ENGLISH edition, the landing page and every school page, each with the data, SEO and theme
// colour the export gives it, made by the project's own modules (embedded content service,
// fetchContent, validateContent, the content limits, localizeSchool, the SEO helpers). It is the
// peer folder's dump/dump.mts kept inside the project, so a module that moves breaks the type check
// here instead of the comparison later. Written as the peer folder's data/pages.json format.
//
// Usage: node --import tsx bench/lib/peer-dump.ts DATASET_DIR OUT_FILE
import '../../scripts/lib/production-env.ts';
import { writeFileSync } from 'node:fs';
import { isMainModule } from '../../core/cli.ts';
import { openContentSource } from '../../core/content-source.ts';
import { fetchContent } from '../../scripts/lib/fetch-content.ts';
import { validateContent } from '../../scripts/lib/validate-content.ts';
import { FACTS_FILE, NAV_FILE, NAV_INLINE_MAX_BYTES } from '../../scripts/lib/pages.ts';
import { CONTENT_LIMITS, limitContent } from '../../src/build/content-limits.ts';
import { mapLandingGrid, mapNavigation } from '../../src/lib/content/mapping.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/content/localize.ts';
import { createImageUrls } from '../../src/lib/images/image.ts';
import { hreflangAlternates, landingSeo, type PageSeo, schoolSeo } from '../../src/lib/seo.ts';
import { DEFAULT_THEME_COLOR, themeColors } from '../../src/lib/theme.ts';
import { serializeForScript } from '../../src/lib/serialize.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { alternatePaths, canonicalPath, type RouteMatch } from '../../src/routes.ts';

export async function dumpPeerPages(contentDir: string, outFile: string): Promise<{ schools: number }> {
  const source = await openContentSource({ contentDir, env: {}, watch: false, log: () => {} });
  let content: ReturnType<typeof validateContent>;
  try {
    const raw = await fetchContent(source, { attempts: 1, baseDelayMs: 10, deadline: Date.now() + 300_000 });
    content = validateContent(raw, () => {});
  } finally {
    await source.close();
  }
  const limitRow = <T extends object>(row: T): T => limitContent(row, CONTENT_LIMITS).value;
  const nav = mapNavigation(content.nav.map(limitRow));
  const cards = mapLandingGrid(content.landing.map(limitRow));
  const navJson = serializeForScript(nav);
  const navInline = navJson.length <= NAV_INLINE_MAX_BYTES;
  const base = '/';
  // imageHost '' as the page's __ENV__ has it (self-hosted images: the loopback host is left out).
  const images = {
    projectId: source.config.projectId,
    dataset: source.config.dataset,
    imageHost: '',
    selfHostBase: base,
  };
  const env = { images, base, preview: null, ...(navInline ? {} : { navSrc: `${base}${NAV_FILE}` }) };
  const pageNav = navInline ? nav : null;
  const ctx = { siteUrl: null, base, urls: createImageUrls(images, () => {}), messages: CATALOGUES.en };
  const withAlternates = (seo: PageSeo, route: RouteMatch): PageSeo => {
    const alternates = hreflangAlternates(ctx.siteUrl, alternatePaths(route)); // [] without a site URL
    return alternates.length ? { ...seo, alternates } : seo;
  };
  const landingRoute: RouteMatch = { page: 'landing', lang: 'en' };
  const landing = {
    data: { page: 'landing', nav: pageNav, cards, factsSrc: `${base}${FACTS_FILE}` },
    seo: withAlternates(landingSeo(canonicalPath(landingRoute), ctx), landingRoute),
    themeColor: DEFAULT_THEME_COLOR,
  };
  const schools = content.schools.map((read) => {
    const school = localizeSchool(limitContent(read as SchoolRow, CONTENT_LIMITS).value, 'en');
    const route: RouteMatch = { page: 'school', slug: school.slug!, lang: 'en' };
    return {
      slug: school.slug!,
      data: { page: 'school', nav: pageNav, school },
      seo: withAlternates(schoolSeo(school, canonicalPath(route), ctx), route),
      themeColor: themeColors(school.color).color,
    };
  });
  writeFileSync(outFile, JSON.stringify({ env, navJson: navInline ? null : navJson, landing, schools }));
  return { schools: schools.length };
}

if (isMainModule(import.meta.url)) {
  const [contentDir, outFile] = process.argv.slice(2);
  if (!contentDir || !outFile) {
    process.stderr.write('usage: node --import tsx bench/lib/peer-dump.ts DATASET_DIR OUT_FILE\n');
    process.exit(1);
  }
  const { schools } = await dumpPeerPages(contentDir, outFile);
  process.stdout.write(`wrote ${outFile}: landing + ${schools} schools (English edition)\n`);
  process.exit(0);
}
