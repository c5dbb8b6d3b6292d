// Text for places a reader never clicks: attributes (alt, aria-label, an iframe's title) and the
// document head. Inside the Studio's Presentation tool the preview's strings carry stega, invisible
// characters naming the document and field they came from (server/lib/preview-client.ts); they
// belong in visible text only, where the overlays find them. Elsewhere they would be read out by a
// screen reader, shown in a tab or a link preview, or broken apart by whitespace handling into
// stray characters nothing can remove later. On the families' site the text has none: a no-op.
import { vercelStegaSplit } from '@vercel/stega';

/** The string without stega. */
export const plainText = (text: string): string => vercelStegaSplit(text).cleaned;
