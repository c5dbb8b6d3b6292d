// JSON that can sit inside an HTML <script> element. Content is written by many hands, so a title
// containing "</script>" or "<!--" must not end the element early or start a comment, and the
// line separators U+2028/U+2029 must not break older JavaScript parsers reading the text.

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON.stringify with the HTML-significant characters written as \uXXXX escapes. The escapes only
 * ever appear inside JSON strings (those characters cannot occur elsewhere in JSON), so
 * JSON.parse of the result returns the original value. `undefined` becomes `null`.
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value);
  return (json === undefined ? 'null' : json).replace(UNSAFE, (c) => ESCAPES[c]!);
}

/** Element ids shared by the HTML document (render/document.tsx) and the browser entry that reads them. */
export const ROOT_ID = 'root';
export const DATA_ID = '__DATA__';
export const ENV_ID = '__ENV__';
