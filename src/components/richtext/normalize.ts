// Rich text arrives from many hands and drafts, and @portabletext/react trusts its input: a null child
// throws, a `_type` of "constructor" or "@list" resolves to the wrong component. Everything is
// rebuilt here into the exact shape the renderer expects before it sees it.
import type { PortableTextBlock } from '@portabletext/types';

/** Deepest list level rendered; deeper items are shown at this level. */
export const MAX_LIST_LEVEL = 8;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Names that would hit Object.prototype ("constructor", "toString"...) or the renderer's own
 * "@"-prefixed node types are renamed, so they are looked up as what they are: unknown.
 */
export function safeName(name: string): string {
  return name.startsWith('@') || name in Object.prototype || name === '__proto__'
    ? `unknown-${name.replace(/^@+/, '')}`
    : name;
}

export interface NormalizedSpan {
  _type: 'span';
  _key: string;
  text: string;
  marks: string[];
}
export interface NormalizedInline {
  _type: string;
  _key: string;
}
export interface NormalizedMarkDef {
  _type: string;
  _key: string;
  href?: unknown;
}

function normalizeBlock(node: Obj, key: string): PortableTextBlock {
  const markDefs: NormalizedMarkDef[] = [];
  const defKeys = new Set<string>();
  if (Array.isArray(node.markDefs)) {
    for (const def of node.markDefs) {
      if (!isObj(def) || typeof def._key !== 'string' || typeof def._type !== 'string' || defKeys.has(def._key))
        continue;
      defKeys.add(def._key);
      markDefs.push({
        ...(def._type === 'link' ? { href: def.href } : {}),
        _type: safeName(def._type),
        _key: def._key,
      });
    }
  }
  const children: (NormalizedSpan | NormalizedInline)[] = [];
  (node.children as unknown[]).forEach((child, j) => {
    if (!isObj(child) || typeof child._type !== 'string') return;
    const childKey = `${key}-${j}`;
    if (child._type === 'span') {
      const text =
        typeof child.text === 'string' ? child.text : typeof child.text === 'number' ? String(child.text) : '';
      const marks = Array.isArray(child.marks)
        ? [
            ...new Set(
              child.marks
                .filter((m): m is string => typeof m === 'string' && m !== '')
                .map((m) => (defKeys.has(m) ? m : safeName(m))),
            ),
          ]
        : [];
      children.push({ _type: 'span', _key: childKey, text, marks });
    } else {
      children.push({ _type: safeName(child._type), _key: childKey });
    }
  });
  const block: Obj = {
    _type: 'block',
    _key: key,
    style: typeof node.style === 'string' && node.style !== '' ? safeName(node.style) : 'normal',
    markDefs,
    children,
  };
  if (typeof node.listItem === 'string' && node.listItem !== '') {
    block.listItem = safeName(node.listItem);
    const level = typeof node.level === 'number' && Number.isFinite(node.level) ? Math.trunc(node.level) : 1;
    block.level = Math.min(MAX_LIST_LEVEL, Math.max(1, level));
  }
  return block as unknown as PortableTextBlock;
}

/** Image types shown between paragraphs (Sanity's standard one, and the photo block's). */
export const RICH_TEXT_IMAGES: readonly string[] = ['image', 'photo'];

/** An image between paragraphs: only what its picture and words need (asset, crop, hotspot, alt). */
function normalizeImage(node: Obj, key: string): PortableTextBlock {
  const asset = isObj(node.asset) && typeof node.asset._ref === 'string' ? { _ref: node.asset._ref } : null;
  return {
    _type: node._type,
    _key: key,
    ...(asset ? { asset } : {}),
    ...(isObj(node.crop) ? { crop: node.crop } : {}),
    ...(isObj(node.hotspot) ? { hotspot: node.hotspot } : {}),
    ...(typeof node.alt === 'string' ? { alt: node.alt } : {}),
    ...(node.decorative === true ? { decorative: true } : {}),
  } as unknown as PortableTextBlock;
}

/** A clean portable-text array: images keep their picture and words; other unknown types only their (safe) type name. */
export function normalizeRichText(value: unknown): PortableTextBlock[] {
  const nodes = Array.isArray(value) ? value : isObj(value) ? [value] : [];
  const out: PortableTextBlock[] = [];
  nodes.forEach((node, i) => {
    if (!isObj(node) || typeof node._type !== 'string') return;
    const key = `b${i}`;
    if (node._type === 'block') {
      // A block whose children are not a list is broken beyond repair: dropped, not shown empty.
      if (Array.isArray(node.children)) out.push(normalizeBlock(node, key));
    } else if (RICH_TEXT_IMAGES.includes(node._type)) out.push(normalizeImage(node, key));
    else out.push({ _type: safeName(node._type), _key: key } as unknown as PortableTextBlock);
  });
  return out;
}
