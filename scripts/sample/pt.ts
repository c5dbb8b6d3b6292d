// Deterministic randomness and a tiny markup → portable text converter for the sample dataset
// generator. Copy is written as light markup so the sample reads like real editor content while
// still exercising every rich-text feature of the content model (marks, links, lists, breaks).

/** mulberry32: small, fast, and identical on every platform, so the sample is reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, used to seed one PRNG per document so edits to one doc do not reshuffle others. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Generates Sanity-style 12-hex `_key`s, stable per document. */
export class Keys {
  private readonly rand: () => number;
  private readonly seen = new Set<string>();
  constructor(scope: string) {
    this.rand = prng(seedOf(scope));
  }
  next(): string {
    for (;;) {
      let k = '';
      for (let i = 0; i < 12; i++) k += Math.floor(this.rand() * 16).toString(16);
      if (!this.seen.has(k)) {
        this.seen.add(k);
        return k;
      }
    }
  }
}

export interface Span {
  _type: 'span';
  _key: string;
  text: string;
  marks: string[];
}
export interface MarkDef {
  _key: string;
  _type: 'link';
  href: string;
}
export interface PTBlock {
  _type: 'block';
  _key: string;
  style: string;
  children: (Span | Record<string, unknown>)[];
  markDefs: MarkDef[];
  listItem?: 'bullet' | 'number';
  level?: number;
}
export type PTItem = PTBlock | ({ _type: string; _key: string } & Record<string, unknown>);

const DECORATORS: [string, string][] = [
  ['**', 'strong'],
  ['__', 'underline'],
  ['~~', 'strike-through'],
  ['*', 'em'],
  ['`', 'code'],
];

/**
 * Inline markup: **strong**, *em*, `code`, __underline__, ~~strike-through~~, [text](href).
 * A single newline inside a paragraph stays in the span text: that is how portable text stores
 * a hard break.
 */
export function inline(keys: Keys, src: string): { children: Span[]; markDefs: MarkDef[] } {
  const children: Span[] = [];
  const markDefs: MarkDef[] = [];
  const active: string[] = [];
  let buf = '';
  const flush = () => {
    if (buf === '') return;
    children.push({ _type: 'span', _key: keys.next(), text: buf, marks: [...active] });
    buf = '';
  };
  const toggle = (mark: string) => {
    flush();
    const i = active.indexOf(mark);
    if (i >= 0) active.splice(i, 1);
    else active.push(mark);
  };
  const walk = (s: string) => {
    let i = 0;
    while (i < s.length) {
      if (s[i] === '[') {
        const close = s.indexOf('](', i);
        let end = -1;
        if (close >= 0) {
          // Balanced parentheses, so hrefs like javascript:window.print() survive intact.
          let depth = 0;
          for (let j = close + 1; j < s.length; j++) {
            if (s[j] === '(') depth++;
            else if (s[j] === ')' && --depth === 0) {
              end = j;
              break;
            }
          }
        }
        if (close > i && end > close) {
          const def: MarkDef = { _key: keys.next(), _type: 'link', href: s.slice(close + 2, end) };
          markDefs.push(def);
          toggle(def._key);
          walk(s.slice(i + 1, close));
          toggle(def._key);
          i = end + 1;
          continue;
        }
      }
      const dec = DECORATORS.find(([m]) => s.startsWith(m, i));
      if (dec) {
        toggle(dec[1]);
        i += dec[0].length;
        continue;
      }
      buf += s[i];
      i++;
    }
  };
  walk(src);
  flush();
  if (active.length) throw new Error(`unbalanced markup in: ${src}`);
  if (children.length === 0) children.push({ _type: 'span', _key: keys.next(), text: '', marks: [] });
  return { children, markDefs };
}

/**
 * Block markup, paragraphs separated by blank lines:
 *   "## " h2, "### " h3, "> " blockquote, "- " bullet, "1. " number; two leading spaces = level 2.
 * List items are one per line.
 */
export function pt(keys: Keys, src: string): PTBlock[] {
  const out: PTBlock[] = [];
  for (const para of src.trim().split(/\n{2,}/)) {
    const lines = para.split('\n');
    const isList = lines.every((l) => /^( {2})?(- |\d+\. )/.test(l));
    if (isList) {
      for (const line of lines) {
        const m = /^( {2})?(- |\d+\. )(.*)$/.exec(line)!;
        out.push({
          _type: 'block',
          _key: keys.next(),
          style: 'normal',
          ...inline(keys, m[3]!),
          listItem: m[2] === '- ' ? 'bullet' : 'number',
          level: m[1] ? 2 : 1,
        });
      }
      continue;
    }
    let style = 'normal';
    let text = para;
    const h = /^(#{2,4}) /.exec(para);
    if (h) {
      style = `h${h[1]!.length}`;
      text = para.slice(h[0].length);
    } else if (para.startsWith('> ')) {
      style = 'blockquote';
      text = para.slice(2);
    }
    out.push({ _type: 'block', _key: keys.next(), style, ...inline(keys, text) });
  }
  return out;
}
