// Rich text in the families' browser bundles (core/as-written-modules.ts puts this module in place of
// RichText.tsx there). Rich text is static: links and formatting, no handlers. The export already
// wrote it into the page, so hydration keeps that HTML instead of rendering it again, and the
// Portable Text renderer (~4 KB gzip) leaves every school page's first-load JavaScript.
// React leaves an element's children alone while hydrating one with dangerouslySetInnerHTML, and
// sets nothing later while the same object is passed. A panel that moves after hydration (an
// accordion becomes a button and panel) mounts its rich text again: the HTML kept at the first
// mount, by the value it came from, is written back then. The editors' preview, which renders
// drafts in the browser, keeps the full renderer.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { normalizeRichText } from './normalize.ts';
import { AS_WRITTEN } from '../as-written.tsx';

interface Props {
  value: unknown;
  className?: string;
  lang?: string;
}

/** The HTML the export wrote for each rich-text value this page showed, by the value's JSON. */
const written = new Map<string, { __html: string }>();

export function RichText({ value, className, lang }: Props) {
  const key = useMemo(() => JSON.stringify(value) ?? '', [value]);
  const empty = useMemo(() => normalizeRichText(value).length === 0, [value]);
  const ref = useRef<HTMLDivElement>(null);
  // Chosen once per mount: a new object on a later render would make React write it.
  const [html] = useState(() => written.get(key) ?? AS_WRITTEN);
  useLayoutEffect(() => {
    if (ref.current && !written.has(key)) written.set(key, { __html: ref.current.innerHTML });
  }, [key]);
  if (empty) return null;
  return (
    <div
      ref={ref}
      className={className ? `rich-text ${className}` : 'rich-text'}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: '' or the export's own HTML of this value, read from this page.
      dangerouslySetInnerHTML={html}
      suppressHydrationWarning
    />
  );
}

/** True when the field holds something the renderer would show (a block or an object). */
export const hasRichText = (value: unknown): boolean => normalizeRichText(value).length > 0;
