// Click-to-edit inside the Studio's Presentation tool: @sanity/visual-editing reads the
// stega-encoded strings on the page (the preview server encodes them for sessions the Studio
// opened) and draws overlays; a click tells the Studio which document and field to open. Loaded
// as its own chunk, and only when the page is in a frame, so a plain preview never downloads it.
// Its history adapter speaks to the preview's router, so the Studio's URL bar follows the preview
// and the Studio can move it; its refresh request runs the preview's own debounced refresh; its
// perspective switch moves the page to the same address with live preview (drafts) on or off, as
// the preview server does with the perspective Presentation puts in a link.
import { enableVisualEditing, type HistoryUpdate } from '@sanity/visual-editing/enable-visual-editing';

export interface VisualEditingBridge {
  /** Moves the preview (router navigation, no reload). */
  navigate(url: string, replace: boolean): void;
  /** Calls `listener` with every new address (path + query + hash), now and after each move. */
  subscribeLocation(listener: (url: string) => void): () => void;
  /** The preview's refresh: the school flow's debounced re-fetch and the lists' reload. */
  refresh(): void;
  /** How long a refresh takes to settle (the debounce), for the Studio's "refreshing" state. */
  refreshMs: number;
  /**
   * The Studio's perspective, when the channel connects and after each switch: true for drafts
   * (or a release), false for published. Handled here, so Presentation does not reload the frame.
   */
  perspective(drafts: boolean): void;
}

export function startVisualEditing(bridge: VisualEditingBridge): () => void {
  return enableVisualEditing({
    zIndex: 1000,
    history: {
      subscribe(navigate) {
        return bridge.subscribeLocation((url) => navigate({ type: 'push', url }));
      },
      update(update: HistoryUpdate) {
        if (update.type === 'pop') window.history.back();
        else bridge.navigate(update.url, update.type === 'replace');
      },
    },
    refresh() {
      bridge.refresh();
      return new Promise((resolve) => window.setTimeout(resolve, bridge.refreshMs));
    },
    onPerspectiveChange: (perspective) => bridge.perspective(perspective !== 'published'),
  });
}
