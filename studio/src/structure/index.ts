// The desk's left column: Schools first (what editors open most), then the landing page and the
// site settings, then the documents schools reference. Every translated type is listed by
// language (the site settings' languages, studio/src/languages.ts, read when a list opens), so an
// editor finds the version to edit in one step; translations themselves are made from a
// document's language menu (@sanity/document-internationalization).
// The landing page and the site settings are one document per language: the English one opens
// straight away under its fixed id, a translation is listed once it exists, and neither offers
// a second one to create.
import type { StructureBuilder, StructureResolver, StructureResolverContext } from 'sanity/structure';
import { CogIcon, CommentIcon, DocumentIcon, HomeIcon, ListIcon, PlayIcon, StarIcon, TagIcon } from '@sanity/icons';
import type { ComponentType } from 'react';
import type { SiteLanguage } from '../../../src/lib/content/site-languages.ts';
import { siteLanguages } from '../languages.ts';
import { TERM_KIND_OPTIONS } from '../schemaTypes/documents/vocabularyTerm.ts';

/** The API version the desk's lists query with (Sanity asks for one with a custom filter). */
export const STRUCTURE_API_VERSION = '2025-02-19';

/**
 * What each listed type is ordered by: a field every document of that type has a place for (a
 * sort by a field a type does not define is refused by the Studio, and the list shows an error).
 */
export const LIST_ORDER = {
  school: 'title',
  quote: 'student',
  highlight: 'title',
  accordion: 'accordionTitle',
  video: 'title',
  landingPage: '_updatedAt',
  siteSettings: '_updatedAt',
} as const;

export type ListedType = keyof typeof LIST_ORDER;

/** English documents have language "en" or none (content from before translations). */
export const languageFilter = (id: string) =>
  id === 'en' ? '(!defined(language) || language == "en")' : 'language == $lang';

/** The dataset's languages, read through the Studio's client. */
const languagesOf = (context: StructureResolverContext): Promise<SiteLanguage[]> =>
  siteLanguages(context.getClient({ apiVersion: STRUCTURE_API_VERSION }));

function documentList(S: StructureBuilder, type: ListedType, lang: SiteLanguage, title: string) {
  const field = LIST_ORDER[type];
  const list = S.documentList()
    .id(`${type}-${lang.id}-list`)
    .title(`${title} (${lang.title})`)
    .schemaType(type)
    .apiVersion(STRUCTURE_API_VERSION)
    .filter(`_type == $type && ${languageFilter(lang.id)}`)
    .params({ type, lang: lang.id })
    .defaultOrdering([{ field, direction: field === '_updatedAt' ? 'desc' : 'asc' }]);
  // A new document starts in English, with its language set; translations come from its menu.
  return lang.id === 'en'
    ? list.initialValueTemplates([S.initialValueTemplateItem(`${type}-en`)])
    : list.initialValueTemplates([]);
}

function byLanguage(
  S: StructureBuilder,
  context: StructureResolverContext,
  type: ListedType,
  title: string,
  icon: ComponentType,
) {
  return S.listItem()
    .title(title)
    .icon(icon)
    .child(async () =>
      S.list()
        .title(title)
        .items(
          (await languagesOf(context)).map((lang) =>
            S.listItem()
              .id(`${type}-${lang.id}`)
              .title(lang.title)
              .child(documentList(S, type, lang, title)),
          ),
        ),
    );
}

/** One document per language: the English one by its fixed id, a translation from the list of one. */
function perLanguage(
  S: StructureBuilder,
  context: StructureResolverContext,
  type: 'landingPage' | 'siteSettings',
  title: string,
  icon: ComponentType,
) {
  return (
    S.listItem()
      // Not the type's name, which is the English document's id (its item below has it).
      .id(`${type}-by-language`)
      .title(title)
      .icon(icon)
      .child(async () =>
        S.list()
          .title(title)
          .items(
            (await languagesOf(context)).map((lang) =>
              S.listItem()
                // The English document's item is named by the document's id, as the Studio's intent
                // resolver expects of a document pane: an edit link to it then opens it here.
                .id(lang.id === 'en' ? type : `${type}-${lang.id}`)
                .title(lang.title)
                .child(
                  lang.id === 'en'
                    ? S.document().schemaType(type).documentId(type).title(`${title} (${lang.title})`)
                    : documentList(S, type, lang, title),
                ),
            ),
          ),
      )
  );
}

/**
 * The district's vocabulary, one list per kind: each term has its title in every language on one
 * document (not translations), so it is listed once; a new term starts as the list's kind.
 */
function vocabulary(S: StructureBuilder) {
  return S.listItem()
    .id('vocabulary')
    .title('Vocabulary')
    .icon(TagIcon)
    .child(
      S.list()
        .title('Vocabulary')
        .items(
          TERM_KIND_OPTIONS.map((kind) =>
            S.listItem()
              .id(`vocabulary-${kind.value}`)
              .title(`${kind.title}s`)
              .child(
                S.documentList()
                  .id(`vocabulary-${kind.value}-list`)
                  .title(`${kind.title}s`)
                  .schemaType('vocabularyTerm')
                  .apiVersion(STRUCTURE_API_VERSION)
                  .filter('_type == "vocabularyTerm" && kind == $kind')
                  .params({ kind: kind.value })
                  .defaultOrdering([{ field: 'title.en', direction: 'asc' }])
                  .initialValueTemplates([S.initialValueTemplateItem(`vocabularyTerm-${kind.value}`)]),
              ),
          ),
        ),
    );
}

export const structure: StructureResolver = (S, context) =>
  S.list()
    .title('Content')
    .items([
      byLanguage(S, context, 'school', 'Schools', HomeIcon),
      perLanguage(S, context, 'landingPage', 'Landing page', DocumentIcon),
      perLanguage(S, context, 'siteSettings', 'Site settings', CogIcon),
      vocabulary(S),
      S.divider(),
      byLanguage(S, context, 'quote', 'Quotes', CommentIcon),
      byLanguage(S, context, 'highlight', 'Highlights', StarIcon),
      byLanguage(S, context, 'accordion', 'Accordion panels', ListIcon),
      byLanguage(S, context, 'video', 'Videos', PlayIcon),
    ]);
