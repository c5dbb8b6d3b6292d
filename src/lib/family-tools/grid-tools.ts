// The landing grid's tools as pure rules, so they are tested without a
// browser: which program labels become filter buttons, which schools a set of pressed buttons
// matches, how that state reads from and writes to the address (`?type=charter&program=robotics,band`,
// which anyone can type, so parsing is defensive), and the nearest-first order.
import { haversineMiles, roundMiles } from './distance.ts';
import {
  FILTER_CATEGORIES,
  filterOptions,
  type FilterCategory,
  type SchoolFacts,
  type SchoolType,
} from '../facts/school-facts.ts';
import type { GeoPoint } from '../content/types.ts';
import { NO_FILTERS, SCHOOL_TYPES, type FilterState } from './filter-state.ts';
import { labelToken } from '../facts/vocabulary.ts';

export { NO_FILTERS, SCHOOL_TYPES, type FilterState } from './filter-state.ts';

/** Address parameters holding the filters. */
export const TYPE_PARAM = 'type';
export const PROGRAM_PARAM = 'program';
/** A typed or pasted address is cut down to this many program tokens, each at most this long. */
export const MAX_TOKENS = 64;
export const MAX_TOKEN_LENGTH = 80;

/**
 * A label's token in the address: lower case, accents dropped, every run of other characters one
 * '-' ("Track & Field" → "track-field", "Folklórico Dance" → "folklorico-dance"). A support program
 * of the district's vocabulary is named by its key instead, the same in both editions.
 */
export const programToken = (label: string): string => labelToken(label, MAX_TOKEN_LENGTH);

export const isFiltered = (s: FilterState): boolean => s.types.length > 0 || s.programs.length > 0;

const TOKEN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

function tokensOf(params: URLSearchParams, name: string): string[] {
  const out = new Set<string>();
  for (const value of params.getAll(name)) {
    for (const part of value.split(',')) {
      if (out.size >= MAX_TOKENS) break;
      const t = part.trim().toLowerCase();
      if (t.length <= MAX_TOKEN_LENGTH && TOKEN.test(t)) out.add(t);
    }
  }
  return [...out].sort();
}

/** The filters an address's query names; anything malformed is ignored, never an error. */
export function parseFilterState(search: string): FilterState {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return NO_FILTERS;
  }
  const types = tokensOf(params, TYPE_PARAM);
  return {
    types: SCHOOL_TYPES.filter((t) => types.includes(t)),
    programs: tokensOf(params, PROGRAM_PARAM),
  };
}

/**
 * The query for `state`, keeping every other parameter of `search` as it was: '' or '?…'. Commas
 * stay literal (they separate tokens and are allowed in a query), so the address reads as typed.
 */
export function serializeFilterState(state: FilterState, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete(TYPE_PARAM);
  params.delete(PROGRAM_PARAM);
  const parts = params.toString() ? [params.toString()] : [];
  const types = SCHOOL_TYPES.filter((t) => state.types.includes(t));
  if (types.length) parts.push(`${TYPE_PARAM}=${types.join(',')}`);
  const programs = [...new Set(state.programs)].sort();
  if (programs.length) parts.push(`${PROGRAM_PARAM}=${programs.map(encodeURIComponent).join(',')}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Presses or releases one button. */
export function toggle(state: FilterState, kind: 'type' | 'program', value: string): FilterState {
  if (kind === 'type') {
    const has = state.types.includes(value as SchoolType);
    return {
      ...state,
      types: SCHOOL_TYPES.filter((t) => (t === value ? !has : state.types.includes(t))),
    };
  }
  const programs = state.programs.includes(value)
    ? state.programs.filter((p) => p !== value)
    : [...state.programs, value].sort();
  return { ...state, programs };
}

export interface ProgramOption {
  token: string;
  label: string;
  /** The label's language where it is not the page's (the English school's tag labels on a Spanish page). */
  lang?: string;
}
export interface ProgramGroup {
  category: FilterCategory;
  options: ProgramOption[];
}

const byLabel = (a: ProgramOption, b: ProgramOption) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });

/**
 * The filter buttons: one per program label the schools' tag lists show, by category, in
 * alphabetical order; a category no school has is left out. Labels that read the same ("Robotics",
 * "robotics ") are one button. A label found under two categories is one button, under the first
 * (Arts, Athletics, Clubs): the address names a program, not where a school lists it.
 */
export function programGroups(schools: readonly SchoolFacts[]): ProgramGroup[] {
  const placed = new Set<string>();
  const groups: ProgramGroup[] = [];
  for (const category of FILTER_CATEGORIES) {
    const options = new Map<string, ProgramOption>();
    for (const s of schools) {
      for (const term of filterOptions(s, category)) {
        const token = term.key;
        if (!token || placed.has(token) || options.has(token)) continue;
        options.set(token, { token, label: term.label, ...(term.lang ? { lang: term.lang } : {}) });
      }
    }
    for (const token of options.keys()) placed.add(token);
    if (options.size) groups.push({ category, options: [...options.values()].sort(byLabel) });
  }
  return groups;
}

// A district's grid matches every school on every press: each school's tokens are worked out once.
const tokenCache = new WeakMap<SchoolFacts, Set<string>>();

/** Every program token a school lists, whatever the category. */
export function schoolTokens(s: SchoolFacts): Set<string> {
  let tokens = tokenCache.get(s);
  if (!tokens) {
    tokens = new Set(FILTER_CATEGORIES.flatMap((c) => filterOptions(s, c).map((t) => t.key)));
    tokenCache.set(s, tokens);
  }
  return tokens;
}

/**
 * The matching rule: within a group (school type, Arts, Athletics, Clubs) a school matches any
 * pressed button; across groups it must match every group with a pressed button. Tokens no button
 * shows (a stale or mistyped address) are ignored. A school without facts matches only when
 * nothing is pressed.
 */
export function makeMatcher(
  state: FilterState,
  groups: readonly ProgramGroup[],
): (facts: SchoolFacts | undefined) => boolean {
  const pressed = new Set(state.programs);
  const active = groups
    .map((g) => g.options.map((o) => o.token).filter((t) => pressed.has(t)))
    .filter((tokens) => tokens.length > 0);
  const types = state.types;
  return (facts) => {
    if (!types.length && !active.length) return true;
    if (!facts) return false;
    if (types.length && !types.includes(facts.type)) return false;
    if (!active.length) return true;
    const has = schoolTokens(facts);
    return active.every((tokens) => tokens.some((t) => has.has(t)));
  };
}

/** The state without tokens no button shows, so the address and the buttons agree. */
export function knownOnly(state: FilterState, groups: readonly ProgramGroup[]): FilterState {
  const known = new Set(groups.flatMap((g) => g.options.map((o) => o.token)));
  return { types: state.types, programs: state.programs.filter((t) => known.has(t)) };
}

/** How a page's language writes a card's distance (the catalogue's; English by default). */
export interface MilesWords {
  miles: (value: number) => string;
  underTenth: string;
}
const ENGLISH_MILES: MilesWords = { miles: (v) => `${v.toFixed(1)} mi`, underTenth: 'under 0.1 mi' };

/** "2.4 mi"; a distance that rounds to 0 reads "under 0.1 mi" (roundMiles gives no number for it). */
export function milesLabel(miles: number, words: MilesWords = ENGLISH_MILES): string | null {
  if (!Number.isFinite(miles) || miles < 0) return null;
  const m = roundMiles(miles);
  return m ? words.miles(m) : words.underTenth;
}

export interface DistanceOrder {
  /** Positions in the given list, nearest first; schools without a known location last, in their given order. */
  order: number[];
  /** "2.4 mi" for each position whose school's location is known, else null. */
  miles: (string | null)[];
}

/** Orders `schools` (given in title order; undefined: no facts) nearest first from `here`. */
export function byDistance(
  schools: readonly (SchoolFacts | undefined)[],
  here: GeoPoint,
  words: MilesWords = ENGLISH_MILES,
): DistanceOrder {
  const miles: (string | null)[] = [];
  const placed = schools.map((s, index) => {
    const d = s?.location ? haversineMiles(here, s.location) : Number.NaN;
    const label = milesLabel(d, words);
    miles.push(label);
    return { index, d: label ? d : Number.POSITIVE_INFINITY };
  });
  placed.sort((a, b) => (a.d === b.d ? a.index - b.index : a.d < b.d ? -1 : 1));
  return { order: placed.map((p) => p.index), miles };
}
