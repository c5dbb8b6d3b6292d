// Every schema type of the content model (docs/content-model.md), in one list for the Studio,
// schema extraction (npm run typegen) and the offline validation test.
import { accordion } from './documents/accordion.ts';
import { highlight } from './documents/highlight.ts';
import { quote } from './documents/quote.ts';
import { school } from './documents/school.ts';
import { video } from './documents/video.ts';
import { landingPage } from './documents/landingPage.ts';
import { siteSettings } from './documents/siteSettings.ts';
import { siteLink } from './objects/siteLink.ts';
import { siteLanguage } from './objects/siteLanguage.ts';
import { translationMetadata } from './documents/translationMetadata.ts';
import { vocabularyTerm } from './documents/vocabularyTerm.ts';
import { blockTypes } from './blocks/index.ts';
import { richText } from './objects/richText.ts';
import { section } from './objects/section.ts';
import { tag } from './objects/tag.ts';

export const documentTypes = [
  school,
  quote,
  video,
  highlight,
  accordion,
  landingPage,
  siteSettings,
  vocabularyTerm,
  translationMetadata,
];
export const schemaTypes = [...documentTypes, section, ...blockTypes, tag, richText, siteLink, siteLanguage];
