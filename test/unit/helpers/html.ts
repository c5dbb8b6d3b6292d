// Parses server HTML into a detached happy-dom document so tests can query structure and text
// without installing DOM globals (server-render tests must run without window/document).
import { Window } from 'happy-dom';

export function parseHtml(html: string): Document {
  const win = new Window();
  const doc = win.document as unknown as Document;
  doc.body.innerHTML = html;
  return doc;
}

/** Text content with runs of whitespace collapsed, as a reader would see it. */
export const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
