// The English edition's browser entry: the exported pages hydrate with the English catalogue.
import { en } from './i18n/en.ts';
import { hydratePage } from './hydrate-page.tsx';

hydratePage(en);
