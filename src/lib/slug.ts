// What counts as a safe slug: one path segment that can become a folder name in out/ and a URL.
// The Studio's slug validation calls the same function, so an editor hears what the export would skip.
export const MAX_SLUG_LENGTH = 200;

/**
 * Longest slug in UTF-8 bytes: it becomes a folder name, and file systems count bytes (255 at
 * most); 90 × `中` is 180 characters but 270 bytes, and failed the whole export with ENAMETOOLONG.
 */
export const MAX_SLUG_BYTES = 200;

/** Whether the UTF-8 form is over MAX_SLUG_BYTES; routes check slugs per link, so short ones are not encoded. */
function overByteLimit(s: string): boolean {
  // A UTF-16 unit is at most 3 bytes of UTF-8.
  if (s.length * 3 <= MAX_SLUG_BYTES) return false;
  let bytes = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes > MAX_SLUG_BYTES;
}

/**
 * The form two slugs must not share: on a case-insensitive disk or host `ASPEN-RIDGE` and
 * `aspen-ridge` are one folder, so only one school of such a pair is published, the one that had
 * the address first (scripts/lib/address-keeper.ts).
 */
export const slugKey = (slug: string): string => slug.toLowerCase();

/**
 * Endings that make a slug a file name: a static host would serve `index.html` or `feed.xml` as that
 * kind of file, or confuse it with the site's own files. Other dotted names (`a.b.c`, `school.v2`)
 * are fine: only these known web file types are refused.
 */
const FILE_EXTENSION =
  /\.(html?|xhtml|shtml|php\d?|aspx?|jsp|cgi|json|xml|txt|md|js|mjs|cjs|css|map|wasm|svg|png|jpe?g|gif|webp|avif|ico|pdf|zip|gz|br|tar|webmanifest)$/i;

/**
 * Characters a reader cannot see or that reorder what they see: format characters (bidi overrides
 * such as U+202E, zero-width spaces and joiners, the BOM), line and paragraph separators, private-use,
 * unassigned and lone surrogate code points, other default-ignorable ones (soft hyphen, Hangul
 * fillers, variation selectors), and spaces other than the plain one. A slug carrying them can
 * look like another school's address.
 */
const INVISIBLE = /[\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/u;

/** Reason a slug is unsafe, or null when it is one safe path segment. */
export function slugProblem(slug: unknown): string | null {
  if (typeof slug !== 'string' || slug === '') return 'missing';
  if (slug.length > MAX_SLUG_LENGTH) return `is longer than ${MAX_SLUG_LENGTH} characters`;
  if (overByteLimit(slug)) return `is longer than ${MAX_SLUG_BYTES} bytes as UTF-8`;
  if (slug.includes('..')) return 'contains ".."';
  if (slug.includes('/') || slug.includes('\\')) return 'contains a slash';
  if (slug.includes('%')) return 'contains "%"';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(slug)) return 'contains control characters';
  if (slug === '.' || /^\s|\s$/.test(slug)) return 'is not a usable path segment';
  // .git, .well-known, .htaccess: hidden or special to hosts and tools, never a page.
  if (slug.startsWith('.')) return 'starts with a dot';
  // Windows and some hosts drop a trailing dot: `a.` would be served as another school's `a`.
  if (slug.endsWith('.')) return 'ends with a dot';
  // A folder named index beside the site's own index.html pages, and the name hosts map `/` to.
  if (slugKey(slug) === 'index') return 'is "index", the name of the site\'s own pages';
  if (INVISIBLE.test(slug)) return 'contains invisible or direction-changing characters';
  const ext = FILE_EXTENSION.exec(slug);
  if (ext) return `ends in a file extension (${ext[0]}): an address names a page, not a file`;
  if (/[?#<>"'`|*:]/.test(slug)) return 'contains a character that is not allowed in a path segment';
  return null;
}

/** The text with every invisible character shown as a \\u escape: a log line quoting a slug must not be reordered by it. */
export const showInvisible = (s: string): string =>
  s.replace(new RegExp(INVISIBLE.source, 'gu'), (c) =>
    [...c].map((ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`).join(''),
  );

export const isSafeSlug = (slug: unknown): slug is string => slugProblem(slug) === null;
