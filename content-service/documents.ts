// What every part of the embedded service says about documents: their shape, the perspectives
// they are read through, which ids are drafts, versions or private, and how a transaction and its
// refusal look. Apart from the store so the mutation rules and the routes share them without a cycle.
import { randomBytes } from 'node:crypto';
import { DRAFTS_PREFIX } from '../core/content-rules.ts';

export interface Doc {
  _id: string;
  [field: string]: unknown;
}
export type Perspective = 'published' | 'drafts' | 'raw';
export type Log = (message: string) => void;

export const VERSIONS_PREFIX = 'versions.';
export const isDraftId = (id: string): boolean => id.startsWith(DRAFTS_PREFIX);
export const isVersionId = (id: string): boolean => id.startsWith(VERSIONS_PREFIX);
/** Ids with a dot live in a "path" that only authenticated readers see (as on the hosted API). */
export const isPrivateId = (id: string): boolean => id.includes('.');

export interface DocumentChange {
  documentId: string;
  before: Doc | null;
  after: Doc | null;
  /** The mutations of the transaction that touched this document, as sent. */
  mutations: unknown[];
}

export interface Transaction {
  transactionId: string;
  identity: string;
  timestamp: string;
  changes: DocumentChange[];
}

export interface MutationResult {
  transactionId: string;
  results: { id: string; operation: 'create' | 'update' | 'delete' | 'none'; document?: Doc }[];
}

/** A rejected transaction; nothing of it was applied. */
export class MutationError extends Error {
  constructor(
    readonly status: 400 | 409,
    readonly description: string,
    readonly items: { error: { description: string; id?: string; type: string }; index: number }[] = [],
  ) {
    super(description);
    this.name = 'MutationError';
  }

  toBody(): { error: { description: string; type: 'mutationError'; items: MutationError['items'] } } {
    return { error: { description: this.description, type: 'mutationError', items: this.items } };
  }
}

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const ID_RE = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/**
 * Depth of a JSON value (a scalar is 0), counted without recursion: the value itself may be too
 * deep for a recursive walk (structuredClone, JSON.stringify, a tree walk) to survive. Stops
 * counting once past `stopAbove`.
 */
export function nestingDepth(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}
