// What counts as a safe slug: one path segment that can become a folder name in out/ and a URL.
export const MAX_SLUG_LENGTH = 200;

/** Reason a slug is unsafe, or null when it is one safe path segment. */
export function slugProblem(slug: unknown): string | null {
  if (typeof slug !== 'string' || slug === '') return 'missing';
  if (slug.length > MAX_SLUG_LENGTH) return `longer than ${MAX_SLUG_LENGTH} characters`;
  if (slug.includes('..')) return 'contains ".."';
  if (slug.includes('/') || slug.includes('\\')) return 'contains a slash';
  if (slug.includes('%')) return 'contains "%"';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(slug)) return 'contains control characters';
  if (slug === '.' || /^\s|\s$/.test(slug)) return 'is not a usable path segment';
  if (/[?#<>"'`|*:]/.test(slug)) return 'contains a character that is not allowed in a path segment';
  return null;
}

export const isSafeSlug = (slug: unknown): slug is string => slugProblem(slug) === null;
