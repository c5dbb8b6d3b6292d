// The words of the facts families decide by, every language: for the export and the preview server.
import type { Lang } from '../messages.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import type { FamilyWords } from './types.ts';

export const FAMILY_WORDS: Readonly<Record<Lang, FamilyWords>> = { en, es };
export type { FamilyWords };
