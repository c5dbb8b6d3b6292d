// The preview banner: a thin bar above the page telling the editor what they are looking at (draft
// or published content) and whether live updates are connected. role=status so changes are
// announced politely. It sits in the page's flow, so it takes its own space and covers nothing of
// the page at any width or scroll position (a fixed label would hide the h1 and the footer).
import type { ConnectionState } from './loading/change-stream.ts';
import type { PreviewMode } from './loading/school-flow.ts';

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

/** The banner's note for a school that could not be shown (server render and client alike). */
export function bannerNote(status: string | null | undefined, problem?: string | null): string | null {
  if (problem) return status === 'error' ? `could not load the school: ${problem}` : problem;
  return status === 'not-found'
    ? 'school not found'
    : status === 'error'
      ? 'could not load the school, trying again'
      : null;
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
