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
