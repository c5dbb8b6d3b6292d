// Where the export writes each edition's open data (schools.csv, schools.json), relative to the
// site's root: the English edition's at the top, another edition's in its folder (es/schools.csv),
// so the footer of each edition links its own language's file.
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';

export type OpenDataFormat = 'csv' | 'json';

/** 'schools.csv', 'es/schools.csv', … */
export const openDataFile = (lang: Lang, format: OpenDataFormat): string =>
  `${lang === DEFAULT_LANG ? '' : `${lang}/`}schools.${format}`;
