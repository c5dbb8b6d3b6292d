// Reads the JSON a server render embeds in the page (<script type="application/json" id=…>), for
// the browser entries (the families' and the preview's): one reader, one message for a bad block.
export function readEmbeddedJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    console.error(`#${id} holds invalid JSON`, err);
    return null;
  }
}
