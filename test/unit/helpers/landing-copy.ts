// The built-in landing copy of each language, as the export puts it into a landing page's data
// when the dataset has no landingPage document: what tests render landing pages with.
import { landingCopy, type LandingCopy } from '../../../src/lib/landing-copy.ts';
import type { Lang } from '../../../src/i18n/messages.ts';

export const builtinCopy = (lang: Lang = 'en'): LandingCopy => landingCopy(null, lang);
