// The catalogue a render uses when its SiteEnv names none: English, for renders on the server and
// in tests. Browser bundles never ship it: core/bundler.ts swaps this module for `null`, since each
// browser entry passes its own language's catalogue (only the page's language ships).
import { en } from './en.ts';
import type { Messages } from './messages.ts';

export const FALLBACK_MESSAGES: Messages | null = en;
