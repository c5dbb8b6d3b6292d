// The link to the same page in the other edition, on every page: named in its own language
// ("Español" on English pages, "English" on Spanish ones) and marked with that language, so a
// screen reader says it as its readers would. No flags: a language is not a country.
// The link goes to the same page of the other edition (a school, a ZIP code's page, the compare or
// all-schools page; canonicalPath of the route table). The place is more than the page: the grid's
// filters (?type=…&program=…), the compared schools (?schools=…) and the section (#student-life)
// live in the address, so the link takes the address's query and hash along whenever it is about
// to be followed (pointer down, focus, click: also a middle click or a copied link). The exported
// HTML cannot know them: without JavaScript the link goes to the page alone.
import { DEFAULT_LANG, type Lang } from '../i18n/messages.ts';
import { canonicalPath, FALLBACK_PAGE, pageHref, type Place, type RouteMatch } from '../routes.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';

/** The other edition's link, with this address's query and hash. */
function keepPlace(e: { currentTarget: HTMLAnchorElement }): void {
  const a = e.currentTarget;
  a.search = window.location.search;
  a.hash = window.location.hash;
}

/** Each language's name in itself: the switcher shows the other edition's (the catalogue has only its own). */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { en: 'English', es: 'Español' };
/** The switcher's accessible name, in the language it switches to. */
export const SWITCH_LABELS: Readonly<Record<Lang, string>> = {
  en: 'Read this page in English',
  es: 'Leer esta página en español',
};

/**
 * `place`: the page this is, without its language (absent: the landing page). The other edition's
 * compare page continues this one (opened without a choice, it compares the same shortlist).
 */
export function LanguageSwitcher({ place }: { place?: Place | null }) {
  const { root } = useSiteEnv();
  const { lang } = useMessages();
  const other: Lang = lang === DEFAULT_LANG ? 'es' : DEFAULT_LANG;
  const path = canonicalPath({ ...(place ?? { page: FALLBACK_PAGE }), lang: other } as RouteMatch);
  return (
    <a
      className="nav__lang"
      href={pageHref(root, path)}
      lang={other}
      hrefLang={other}
      aria-label={SWITCH_LABELS[other]}
      onPointerDown={keepPlace}
      onFocus={keepPlace}
      onClick={keepPlace}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
