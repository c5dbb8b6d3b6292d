// The sample district's landing page and site settings, in English and Spanish, as editors keep
// them in the Studio: documents whose words are the site's built-in copy (src/lib/landing-copy.ts), so
// the sample site reads as it always did while every word is the editors' to change. Each Spanish
// document is linked to its English one by a translation.metadata document, the way
// @sanity/document-internationalization stores it.
import { builtinLanding } from '../../src/lib/landing-copy.ts';
import { builtinSettings } from '../../src/lib/builtin-settings.ts';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import { districtZipCodes, timelineDocs } from './facts.ts';
import { SCHOOLS } from './schools.ts';
import { translationLinks } from './spanish.ts';

type Doc = { _id: string; _type: string } & Record<string, unknown>;
type Meta = (id: string, type: string) => Doc;

/** The built-in values as a document: links and lists get the `_type` and `_key`s the Studio writes. */
function settingsDoc(m: typeof en): Record<string, unknown> {
  const s = builtinSettings(m);
  const withType = ({ label, href }: { label: string; href: string }) => ({ _type: 'siteLink', label, href });
  return {
    districtName: s.districtName,
    elementaryLink: withType(s.elementaryLink),
    highSchoolLink: withType(s.highSchoolLink),
    footerText: s.footerText,
    themeColor: s.themeColor,
  };
}

export function siteDocuments(meta: Meta): Doc[] {
  const docs: Doc[] = [
    {
      ...meta('landingPage', 'landingPage'),
      language: 'en',
      ...builtinLanding('en'),
      enrollmentTimeline: timelineDocs('en'),
    },
    {
      ...meta('landingPage-es', 'landingPage'),
      language: 'es',
      ...builtinLanding('es'),
      enrollmentTimeline: timelineDocs('es'),
    },
    {
      ...meta('siteSettings', 'siteSettings'),
      language: 'en',
      ...settingsDoc(en),
      zipCodes: districtZipCodes(SCHOOLS),
      timeZone: 'America/Denver',
    },
    // The Spanish settings translate only what has words; the name and colour are the English document's.
    {
      ...meta('siteSettings-es', 'siteSettings'),
      language: 'es',
      elementaryLink: { _type: 'siteLink', ...es.nav.elementary },
      highSchoolLink: { _type: 'siteLink', ...es.nav.high },
      footerText: es.footer.rightsReserved,
    },
  ];
  for (const [id, type] of [
    ['landing-page', 'landingPage'],
    ['site-settings', 'siteSettings'],
  ] as const) {
    const [englishId, spanishId] =
      type === 'landingPage' ? ['landingPage', 'landingPage-es'] : ['siteSettings', 'siteSettings-es'];
    const metadataId = `translation-metadata-${id}`;
    docs.push({
      ...meta(metadataId, 'translation.metadata'),
      ...translationLinks(metadataId, type, englishId, spanishId),
    });
  }
  return docs;
}
