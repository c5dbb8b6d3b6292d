// The one components map for every rich-text field on the site: the marks, styles and lists the
// content model allows, link addresses filtered through src/lib/links.ts, and quiet fallbacks
// (one warning per unknown kind, to the render's warning sink) for everything else.
import type {
  MissingComponentHandler,
  PortableTextComponents,
  PortableTextMarkComponentProps,
} from '@portabletext/react';
import type { ReactNode } from 'react';
import { safeLinkHref } from '../../lib/links.ts';
import type { Warnings } from '../../lib/warn.ts';
import { langHref, pageHref } from '../../routes.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { PhotoBlock } from '../blocks/PhotoBlock.tsx';
import type { PhotoBlock as PhotoBlockData } from '../../lib/content/types.ts';

type Children = { children?: ReactNode };

function LinkMark({ value, children }: PortableTextMarkComponentProps<{ _type: string; href?: unknown }>) {
  const { root } = useSiteEnv();
  const { lang } = useMessages();
  const href = safeLinkHref(value?.href);
  // An address that is not allowed (javascript:, data:, ...) leaves its text as plain text.
  return href === null ? children : <a href={pageHref(root, langHref(lang, href))}>{children}</a>;
}

/** An image between paragraphs, shown as a photo block is. */
function RichTextImage({ value }: { value: PhotoBlockData }) {
  return <PhotoBlock block={value} />;
}

export const richTextComponents: PortableTextComponents = {
  types: { image: RichTextImage, photo: RichTextImage },
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    code: ({ children }) => <code>{children}</code>,
    underline: ({ children }) => <span className="rt-underline">{children}</span>,
    'strike-through': ({ children }) => <s>{children}</s>,
    link: LinkMark,
  },
  block: {
    normal: ({ children }: Children) => <p>{children}</p>,
    // The page has one h1 (the school title): an h1 in content becomes the top in-content level.
    h1: ({ children }: Children) => <h2>{children}</h2>,
    h2: ({ children }: Children) => <h2>{children}</h2>,
    h3: ({ children }: Children) => <h3>{children}</h3>,
    h4: ({ children }: Children) => <h4>{children}</h4>,
    h5: ({ children }: Children) => <h5>{children}</h5>,
    h6: ({ children }: Children) => <h6>{children}</h6>,
    blockquote: ({ children }: Children) => <blockquote>{children}</blockquote>,
  },
  list: {
    bullet: ({ children }: Children) => <ul>{children}</ul>,
    number: ({ children }: Children) => <ol>{children}</ol>,
  },
  // One component for every item style, so an unknown list style warns once (as a list), not twice.
  listItem: ({ children }: Children) => <li>{children}</li>,
  hardBreak: () => <br />,
  unknownType: () => null,
  unknownMark: ({ children }) => <span>{children}</span>,
  unknownBlockStyle: ({ children }: Children) => <p>{children}</p>,
  unknownList: ({ children }: Children) => <ul>{children}</ul>,
  unknownListItem: ({ children }: Children) => <li>{children}</li>,
};

const NODE_NAMES: Record<string, string> = {
  block: 'type',
  mark: 'mark',
  blockStyle: 'block style',
  listStyle: 'list style',
  listItemStyle: 'list item style',
};

/** Replaces @portabletext/react's per-occurrence console.warn with one warning per unknown kind. */
export const onMissingRichText =
  (warnings: Warnings): MissingComponentHandler =>
  (_message, { type, nodeType }) => {
    const kind = NODE_NAMES[nodeType] ?? nodeType;
    // The name comes from content: quoted as JSON so newlines and terminal escapes cannot forge log lines.
    warnings.once(`richtext:${nodeType}:${type}`, {
      kind: 'rich-text',
      message: `rich text: unknown ${kind} ${JSON.stringify(type)} rendered with a fallback`,
    });
  };
