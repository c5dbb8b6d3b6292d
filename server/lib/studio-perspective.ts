// The Studio's perspective (Presentation's published / drafts switch) as the preview shows it: the
// page address's `?livepreview` (drafts, live) or its absence (published). The Studio names its
// perspective in `sanity-preview-perspective`, on the handshake link and on the address it reloads
// its frame with after a switch; the preview turns that into the address the rest of the preview
// understands, so one parameter decides what every read of the page uses. (In the frame the page
// follows later switches itself, without a reload: src/preview/visual-editing.ts.)
import { urlSearchParamPreviewPerspective } from '@sanity/preview-url-secret/constants';

export const STUDIO_PERSPECTIVE_PARAM = urlSearchParamPreviewPerspective;

/**
 * Drafts unless the Studio asks for the published perspective: a release stack (`rXYZ,drafts`) or
 * `drafts` are drafts; the embedded content service has no releases, drafts are the nearest view.
 */
export const studioShowsDrafts = (perspective: string | null | undefined): boolean => perspective !== 'published';

/**
 * The same-origin page address for `to` seen in `perspective`: livepreview on or off, the Studio's
 * parameter dropped. Anything not a same-origin path becomes '/'.
 */
export function addressInPerspective(to: string | undefined, perspective: string | null | undefined): string {
  const target = to && /^\/(?![/\\])/.test(to) ? to : '/';
  const url = new URL(target, 'http://preview.invalid');
  url.searchParams.delete(STUDIO_PERSPECTIVE_PARAM);
  url.searchParams.delete('livepreview');
  if (studioShowsDrafts(perspective)) url.searchParams.set('livepreview', '1');
  return url.pathname + url.search + url.hash;
}
