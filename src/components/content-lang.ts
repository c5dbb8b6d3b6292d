// The language of the content around a component where it differs from the page's: an untranslated
// section or block of a Spanish page is English (lang="en" on its element). Interface words inside
// it (a link's "Más información", "(se abre en una pestaña nueva)", the play button's name) are
// marked with the page's language again, so a screen reader does not read Spanish with an English voice.
import { createContext, useContext } from 'react';
import { useMessages } from '../SiteEnv.tsx';

export const ContentLang = createContext<string | undefined>(undefined);

/**
 * `lang` for interface words here and for content inside them: both undefined unless the content
 * around is in another language than the page, then the page's language and the content's.
 */
export function useLangs(): { ui?: string; content?: string } {
  const content = useContext(ContentLang);
  const { lang } = useMessages();
  return content && content !== lang ? { ui: lang, content } : {};
}
