// The desk's left column: Schools first (what editors open most), then the documents schools
// reference, each listed by its own name, instead of Sanity's default alphabetical type list.
import type { StructureResolver } from 'sanity/structure';
import { CommentIcon, HomeIcon, ListIcon, PlayIcon, StarIcon } from '@sanity/icons';

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.documentTypeListItem('school')
        .title('Schools')
        .icon(HomeIcon)
        .child(
          S.documentTypeList('school')
            .title('Schools')
            .defaultOrdering([{ field: 'title', direction: 'asc' }]),
        ),
      S.divider(),
      S.documentTypeListItem('quote').title('Quotes').icon(CommentIcon),
      S.documentTypeListItem('highlight').title('Highlights').icon(StarIcon),
      S.documentTypeListItem('accordion').title('Accordion panels').icon(ListIcon),
      S.documentTypeListItem('video').title('Videos').icon(PlayIcon),
    ]);
