// The landing copy and settings tests render pages with: the built-in copy of each language (what a
// dataset without a landingPage document shows: neutral headings only), and the sample district's
// own documents from content/sample, mapped as the export maps them (its files linked under a base).
import { landingCopy, type LandingCopy } from '../../../src/lib/content/landing-copy.ts';
import { siteSettings, type SiteSettings } from '../../../src/build/site-settings.ts';
import { exportedFilePath, type FileSrc } from '../../../src/lib/content/site-files.ts';
import { CATALOGUES } from '../../../src/i18n/catalogues.ts';
import type { Lang } from '../../../src/i18n/messages.ts';
import type { SiteDocuments } from '../../../src/lib/content/editions.ts';
import { byId, ofType } from './sample-dataset.ts';

export const builtinCopy = (lang: Lang = 'en'): LandingCopy => landingCopy(null, lang);

/** The sample's landing page and settings as the site query reads them (each with its translations). */
export function sampleSiteDocuments(): SiteDocuments {
  const withTranslations = (id: string) => {
    const meta = ofType('translation.metadata').find((m) =>
      m.translations.some((t: { value: { _ref: string } }) => t.value._ref === id),
    );
    const translations = (meta?.translations ?? [])
      .filter((t: { language: string }) => t.language !== 'en')
      .map((t: { language: string; value: { _ref: string } }) => ({ lang: t.language, doc: byId.get(t.value._ref) }));
    return { ...byId.get(id), translations };
  };
  return { landing: withTranslations('landingPage'), settings: withTranslations('siteSettings') };
}

/** Where the export links the district's files under `base`. */
export const exportFiles =
  (base = '/'): FileSrc =>
  (file) =>
    `${base}${exportedFilePath(file)}`;

/** The sample district's landing copy, its files linked under `base`. */
export const sampleCopy = (lang: Lang = 'en', base = '/'): LandingCopy =>
  landingCopy(sampleSiteDocuments().landing, lang, exportFiles(base));

/** The sample district's settings (no logo address: the export makes it with the image URLs). */
export const sampleSettings = (lang: Lang = 'en', base = '/'): SiteSettings =>
  siteSettings(sampleSiteDocuments().settings, lang, CATALOGUES[lang], exportFiles(base));
