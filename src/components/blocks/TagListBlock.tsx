// Pill labels for one category of activities (arts, athletics or clubs).
import type { Tag, TagListBlock as TagListData } from '../../lib/types.ts';
import { warnOnce } from '../../lib/warn.ts';

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

export function TagListBlock({ block }: { block: TagListData }) {
  const tags = tagsFor(block);
  if (tags === null) {
    const name = String(block.tagCategory).slice(0, 40);
    warnOnce(
      `tagList:category:${name}`,
      `tagList: unknown tag category ${JSON.stringify(name)}; the block is not shown`,
    );
    return null;
  }
  if (tags.length === 0) return null;
  return (
    <ul className="block block-tags">
      {tags.map((t, i) => (
        <li key={i} className="tag-pill">
          {t.label!.trim()}
        </li>
      ))}
    </ul>
  );
}
