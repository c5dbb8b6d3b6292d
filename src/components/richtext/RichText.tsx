// Renders one rich-text field. Input is normalised first, so no content shape can crash the page.
import { PortableText } from '@portabletext/react';
import { useMemo } from 'react';
import { normalizeRichText } from './normalize.ts';
import { onMissingRichText, richTextComponents } from './components.tsx';
import { useWarnings } from '../../SiteEnv.tsx';

interface Props {
  value: unknown;
  className?: string;
  /** The text's language when it differs from the page's (English content on the Spanish edition). */
  lang?: string;
}

export function RichText({ value, className, lang }: Props) {
  const blocks = useMemo(() => normalizeRichText(value), [value]);
  const warnings = useWarnings();
  const onMissing = useMemo(() => onMissingRichText(warnings), [warnings]);
  if (blocks.length === 0) return null;
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} lang={lang}>
      <PortableText value={blocks} components={richTextComponents} onMissingComponent={onMissing} />
    </div>
  );
}

/** True when the field holds something the renderer would show (a block or an object). */
export const hasRichText = (value: unknown): boolean => normalizeRichText(value).length > 0;
