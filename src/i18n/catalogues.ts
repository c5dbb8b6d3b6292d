// Every catalogue by language, for the server side (render, export, preview) only: browser entries
// import their own language's module, never this one.
import { en } from './en.ts';
import { es } from './es.ts';
import type { Lang, Messages } from './messages.ts';

export const CATALOGUES: Readonly<Record<Lang, Messages>> = { en, es };
