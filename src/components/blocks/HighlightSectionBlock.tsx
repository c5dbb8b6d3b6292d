// Highlight cards: image, title, description and a 'Learn More' link that goes to the internal
// address if there is one, else to the external one in a new tab. Unsafe addresses give no link.
import { IMAGE_WIDTHS, type ImageVariant } from '../../lib/images/image.ts';
import { safeHttpUrl, safeInternalHref, staticAssetUrl } from '../../lib/links.ts';
import type { Highlight, HighlightSectionBlock as HighlightSectionData } from '../../lib/content/types.ts';
import { langHref, pageHref } from '../../routes.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';
import { useImages } from '../useImages.ts';
import { useLangs } from '../content-lang.ts';
import { Img } from '../Img.tsx';
import { RichText, hasRichText } from '../richtext/RichText.tsx';
import { imageAlt } from '../../lib/images/alt-text.ts';

/** Static images have no known size: this nominal 4:3 size reserves the space; CSS crops to fit. */
const STATIC_SIZE = { width: 640, height: 480 } as const;

export type LearnMore = { href: string; external: boolean } | null;

/** Where 'Learn More' goes: `link` (internal) if usable, else `href` (external http(s)), else nowhere. */
export function learnMoreTarget(h: Pick<Highlight, 'link' | 'href'>): LearnMore {
  const internal = safeInternalHref(h.link);
  if (internal) return { href: internal, external: false };
  const external = safeHttpUrl(h.href);
  return external ? { href: external, external: true } : null;
}

function HighlightCard({ highlight }: { highlight: Highlight }) {
  const images = useImages();
  const { base, root } = useSiteEnv();
  const m = useMessages();
  const langs = useLangs();
  const title = typeof highlight.title === 'string' ? highlight.title.trim() : '';
  const simple = typeof highlight.simpleDescription === 'string' ? highlight.simpleDescription.trim() : '';
  let variant: ImageVariant | null = images.width(highlight.image, IMAGE_WIDTHS.photo);
  if (!variant) {
    const src = staticAssetUrl(highlight.imageUrl, base);
    if (src) variant = { src, remote: src, ...STATIC_SIZE };
  }
  const target = learnMoreTarget(highlight);
  return (
    <li className="highlight">
      {variant ? (
        <Img
          variant={variant}
          alt={imageAlt(highlight.image)}
          className="highlight__image"
          sizes="(min-width: 768px) 33vw, 100vw"
        />
      ) : null}
      <div className="highlight__body">
        {title ? <h3 className="highlight__title">{title}</h3> : null}
        {hasRichText(highlight.description) ? (
          <RichText value={highlight.description} className="highlight__description" />
        ) : simple ? (
          <p className="highlight__description">{simple}</p>
        ) : null}
        {target ? (
          <a
            className="button button--outline highlight__link"
            href={target.external ? target.href : pageHref(root, langHref(m.lang, target.href))}
            {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            lang={langs.ui}
          >
            {m.school.learnMore}
            {title ? (
              <span className="visually-hidden">
                {m.options.learnMoreAbout}
                <span lang={langs.content}>{title}</span>
              </span>
            ) : null}
            {target.external ? <span className="visually-hidden">{m.school.opensNewTab}</span> : null}
          </a>
        ) : null}
      </div>
    </li>
  );
}

export function HighlightSectionBlock({ block }: { block: HighlightSectionData }) {
  const highlights = (Array.isArray(block.highlights) ? block.highlights : []).filter(
    (h): h is Highlight => !!h && typeof h === 'object',
  );
  if (highlights.length === 0) return null;
  return (
    <ul className="block block-highlights">
      {highlights.map((h, i) => (
        <HighlightCard key={h._id ?? i} highlight={h} />
      ))}
    </ul>
  );
}
