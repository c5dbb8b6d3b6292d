// The preview banner: a small fixed label telling the editor what they are looking at (draft or
// published content) and whether live updates are connected. role=status so changes are announced
// politely; it never covers the page's own controls for long (compact, bottom corner).
import type { ConnectionState } from '../lib/change-stream.ts';
import type { PreviewMode } from '../lib/school-flow.ts';

export interface BannerProps {
  livepreview: boolean;
  /** Draft or published school; null on the landing page or before the lookup. */
  mode: PreviewMode | null;
  connection: ConnectionState | null;
  /** A short problem note, e.g. 'School not found'. */
  note?: string | null;
  /** Address of the same page with live preview switched on/off. */
  toggleHref: string;
}

export function bannerText({ livepreview, mode, connection, note }: Omit<BannerProps, 'toggleHref'>): string {
  const parts = ['Preview'];
  if (!livepreview) parts.push('published content');
  else if (mode === 'draft') parts.push('draft');
  else if (mode === 'published') parts.push('published, no draft');
  else parts.push('drafts included');
  if (livepreview && connection)
    parts.push(connection === 'live' ? 'live' : connection === 'connecting' ? 'connecting…' : 'reconnecting…');
  if (note) parts.push(note);
  return parts.join(' · ');
}

export function PreviewBanner(props: BannerProps) {
  return (
    <aside className="preview-banner" aria-label="Preview">
      <p
        role="status"
        aria-live="polite"
        className="preview-banner__status"
        data-mode={props.mode ?? ''}
        data-connection={props.connection ?? ''}
      >
        {bannerText(props)}
      </p>
      <a className="preview-banner__toggle" href={props.toggleHref}>
        {props.livepreview ? 'Show published' : 'Live preview'}
      </a>
    </aside>
  );
}
