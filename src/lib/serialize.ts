// JSON that can sit inside an HTML <script> element. Content is written by many hands, so a title
// containing "</script>" or "<!--" must not end the element early or start a comment, and the
// line separators U+2028/U+2029 must not break older JavaScript parsers reading the text.

/**
 * JSON.stringify with the HTML-significant characters written as \uXXXX escapes. The escapes only
 * ever appear inside JSON strings (those characters cannot occur elsewhere in JSON), so
 * JSON.parse of the result returns the original value. `undefined` becomes `null`.
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  // One plain replace per character: a third of the time of one pattern with a callback (the
  // export escapes 40 MB of page data at 1000 schools). No escape contains a character replaced
  // by a later one, so the order does not matter.
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Element ids shared by the HTML document (render/document.tsx) and the browser entry that reads them. */
export const ROOT_ID = 'root';
export const DATA_ID = '__DATA__';
export const ENV_ID = '__ENV__';
