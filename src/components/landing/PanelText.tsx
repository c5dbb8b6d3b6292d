// A landing panel's text: paragraphs with bold and italic, which is all the Studio lets an editor
// write there (studio landingPage `panels[].body`; links go in the panel's own list). Rendered here
// rather than through @portabletext/react, which would add ~3.5 KB gzip to every landing visit for
// five short panels. Anything else in the field (hand-typed content) degrades to its plain text.
import type { ReactNode } from 'react';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function span(child: unknown, key: number): ReactNode {
  if (!isObj(child) || typeof child.text !== 'string') return null;
  const marks = Array.isArray(child.marks) ? child.marks : [];
  let node: ReactNode = child.text;
  if (marks.includes('em')) node = <em key={`em-${key}`}>{node}</em>;
  if (marks.includes('strong')) node = <strong key={`strong-${key}`}>{node}</strong>;
  return typeof node === 'string' ? node : node;
}

export function PanelText({ value }: { value: unknown }) {
  const blocks = (Array.isArray(value) ? value : []).filter(
    (b): b is Obj => isObj(b) && b._type === 'block' && Array.isArray(b.children),
  );
  return (
    <>
      {blocks.map((b, i) => (
        <p key={typeof b._key === 'string' ? b._key : i}>{(b.children as unknown[]).map(span)}</p>
      ))}
    </>
  );
}
