// Which tags a tag-list block shows. Apart from the component so the families' stand-in
// (src/components/as-written.tsx) can tell whether the block draws anything.
import type { Tag, TagListBlock as TagListData } from '../../lib/content/types.ts';

const LISTS = {
  arts: 'visualPerformingArtsTags',
  athletics: 'athleticsTags',
  clubs: 'clubsTags',
} as const satisfies Record<string, keyof TagListData>;

/** The tags of the block's category, or null for an unknown category. */
export function tagsFor(block: TagListData): Tag[] | null {
  const category = block.tagCategory;
  if (typeof category !== 'string' || !Object.hasOwn(LISTS, category)) return null;
  const list = block[LISTS[category as keyof typeof LISTS]];
  return (Array.isArray(list) ? list : []).filter(
    (t): t is Tag => !!t && typeof t === 'object' && typeof t.label === 'string' && t.label.trim() !== '',
  );
}
