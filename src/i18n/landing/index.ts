// The built-in landing copy of every language, for the export and the preview server only.
import type { Lang } from '../messages.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import type { LandingBuiltin } from './types.ts';

export const LANDING_BUILTIN: Readonly<Record<Lang, LandingBuiltin>> = { en, es };
export type { LandingBuiltin };
