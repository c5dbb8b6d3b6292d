// The Spanish edition's browser entry (/es/...): the same app with the Spanish catalogue only.
import { es } from './i18n/es.ts';
import { hydratePage } from './hydrate-page.tsx';

hydratePage(es);
