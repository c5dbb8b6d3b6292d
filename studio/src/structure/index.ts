// The desk's left column: Schools first (what editors open most), then the landing page and the
// site settings, then the documents schools reference. Every translated type is listed by
// language (English, Español), so an editor finds the version to edit in one step; translations
// themselves are made from a document's language menu (@sanity/document-internationalization).
import type { StructureBuilder, StructureResolver } from 'sanity/structure';
import { CogIcon, CommentIcon, DocumentIcon, HomeIcon, ListIcon, PlayIcon, StarIcon } from '@sanity/icons';
import type { ComponentType } from 'react';
import { SUPPORTED_LANGUAGES } from '../schemaTypes/objects/language.ts';

/** English documents have language "en" or none (content from before translations). */
const languageFilter = (id: string) => (id === 'en' ? '(!defined(language) || language == "en")' : 'language == $lang');

function byLanguage(S: StructureBuilder, type: string, title: string, icon: ComponentType) {
  return S.listItem()
    .title(title)
    .icon(icon)
    .child(
      S.list()
        .title(title)
        .items(
          SUPPORTED_LANGUAGES.map(({ id, title: language }) =>
            S.listItem()
              .id(`${type}-${id}`)
              .title(language)
              .child(
                S.documentList()
                  .id(`${type}-${id}-list`)
                  .title(`${title} (${language})`)
                  .schemaType(type)
                  .filter(`_type == $type && ${languageFilter(id)}`)
                  .params({ type, lang: id })
                  .defaultOrdering([{ field: 'title', direction: 'asc' }]),
              ),
          ),
        ),
    );
}

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      byLanguage(S, 'school', 'Schools', HomeIcon),
      byLanguage(S, 'landingPage', 'Landing page', DocumentIcon),
      byLanguage(S, 'siteSettings', 'Site settings', CogIcon),
      S.divider(),
      byLanguage(S, 'quote', 'Quotes', CommentIcon),
      byLanguage(S, 'highlight', 'Highlights', StarIcon),
      byLanguage(S, 'accordion', 'Accordion panels', ListIcon),
      byLanguage(S, 'video', 'Videos', PlayIcon),
    ]);
