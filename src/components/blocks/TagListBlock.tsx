// Pill labels for one category of activities (arts, athletics or clubs).
import type { TagListBlock as TagListData } from '../../lib/content/types.ts';
import { useWarnings } from '../../SiteEnv.tsx';
import { tagsFor } from './tags.ts';

export function TagListBlock({ block }: { block: TagListData }) {
  const warnings = useWarnings();
  const tags = tagsFor(block);
  if (tags === null) {
    const name = String(block.tagCategory).slice(0, 40);
    warnings.once(`tagList:category:${name}`, {
      kind: 'tag-list',
      message: `tagList: unknown tag category ${JSON.stringify(name)}; the block is not shown`,
    });
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
