// The families' shortlist: the slugs of up to SHORTLIST_MAX schools, kept in this
// browser's localStorage only and never sent anywhere. It survives reloads and is shared by every
// tab of the site: other tabs hear of a change through the `storage` event, this tab's components
// through subscribe(). Whatever the stored value holds (another script's data, a hand edit, a
// hostile string), reading degrades to the usable slugs or an empty list, never an error.
import { isSafeSlug } from '../slug.ts';

export const SHORTLIST_KEY = 'msg:shortlist';
/** The comparison takes 2 to 4 schools, so the shortlist holds at most 4. */
export const SHORTLIST_MAX = 4;
/** A stored value longer than this is not ours: ignored unread. */
const MAX_RAW_LENGTH = 4096;

/** The empty shortlist: one array, so a reader with nothing stored sees what the server rendered. */
export const EMPTY_SHORTLIST: readonly string[] = Object.freeze([]);

/**
 * A slug the shortlist keeps: a safe page slug without a comma (commas separate the schools in the
 * comparison's address, `?schools=a,b`).
 */
export const isShortlistSlug = (v: unknown): v is string => typeof v === 'string' && isSafeSlug(v) && !v.includes(',');

/** The usable slugs of a stored value: a JSON array of slugs, first SHORTLIST_MAX distinct ones. */
export function parseShortlist(raw: string | null | undefined): readonly string[] {
  if (!raw || raw.length > MAX_RAW_LENGTH) return EMPTY_SHORTLIST;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_SHORTLIST;
  }
  if (!Array.isArray(value)) return EMPTY_SHORTLIST;
  const out: string[] = [];
  for (const v of value) {
    if (out.length >= SHORTLIST_MAX) break;
    if (isShortlistSlug(v) && !out.includes(v)) out.push(v);
  }
  return out;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (a privacy setting): the shortlist is empty and stays so
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(SHORTLIST_KEY) ?? null;
  } catch {
    return null;
  }
}

// useSyncExternalStore wants the same array for the same stored value.
let cache: { raw: string | null; list: readonly string[] } | null = null;

/** The shortlist now (the same array until the stored value changes). */
export function readShortlist(): readonly string[] {
  const raw = readRaw();
  if (!cache || cache.raw !== raw) cache = { raw, list: parseShortlist(raw) };
  return cache.list;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const fn of [...listeners]) fn();
}

/** Stores `slugs` (cleaned and capped); false when the browser refused to store it. */
export function writeShortlist(slugs: readonly string[]): boolean {
  const clean = parseShortlist(JSON.stringify(slugs));
  let ok = true;
  try {
    const s = storage();
    if (!s) ok = false;
    else if (clean.length) s.setItem(SHORTLIST_KEY, JSON.stringify(clean));
    else s.removeItem(SHORTLIST_KEY);
  } catch {
    ok = false;
  }
  notify();
  return ok;
}

export type ToggleResult = 'added' | 'removed' | 'full' | 'failed';

/** Adds the school, or removes it when it is already there; 'full' when there is no room. */
export function toggleShortlist(slug: string): ToggleResult {
  const now = readShortlist();
  if (now.includes(slug)) return writeShortlist(now.filter((s) => s !== slug)) ? 'removed' : 'failed';
  if (!isShortlistSlug(slug)) return 'failed';
  if (now.length >= SHORTLIST_MAX) return 'full';
  return writeShortlist([...now, slug]) ? 'added' : 'failed';
}

/** Calls `fn` when the shortlist changes, in this tab or another one; returns the unsubscribe. */
export function subscribeShortlist(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (e.key === SHORTLIST_KEY || e.key === null) fn();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The comparison of the shortlisted schools, root-relative: '/compare/?schools=a,b' ('/compare/' when empty). */
export function compareHref(slugs: readonly string[]): string {
  const list = slugs.filter(isShortlistSlug);
  return list.length ? `/compare/?schools=${list.map(encodeURIComponent).join(',')}` : '/compare/';
}
