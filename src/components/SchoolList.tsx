// The navigation's school list, shared by the dropdown and the mobile menu, so both menus show the
// same links. Its icons are drawn-variants.ts's, which the export also builds for navigation.json.
import type { NavSchool } from '../lib/content/types.ts';
import { NAV_ALL_SCHOOLS } from '../config/site.ts';
import { langHref, pageHref } from '../routes.ts';
import { useMessages, useSiteEnv } from '../SiteEnv.tsx';
import { useImages } from './useImages.ts';
import { DRAWN_IN_BROWSER } from '../lib/images/built-images.ts';
import { IMAGE_WIDTHS, type ImageVariant } from '../lib/images/image.ts';
import { schoolIconVariant } from '../lib/images/drawn-variants.ts';
import { staticAssetUrl } from '../lib/links.ts';
import { Img } from './Img.tsx';
import { useHydrated } from './useHydrated.ts';

/** Up to two initials of the school's name ("Maple Grove Middle School" → "MG") for a school without a logo. */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => String.fromCodePoint(w.codePointAt(0)!).toUpperCase())
      .join('') || '•'
  );
}

/**
 * The school's icon: its logo at 64x64, else its staticLogo (content model), else its initials.
 * All decorative: the school's name is right beside it.
 */
function SchoolIcon({ school }: { school: NavSchool }) {
  const images = useImages(DRAWN_IN_BROWSER);
  const { base } = useSiteEnv();
  const size = IMAGE_WIDTHS.icon;
  const staticSrc = staticAssetUrl(school.staticIcon, base);
  const icon: ImageVariant | null =
    schoolIconVariant(images, school.icon) ??
    (staticSrc ? { src: staticSrc, remote: staticSrc, width: size, height: size } : null);
  if (icon) return <Img variant={icon} alt="" className="school-link__icon" />;
  // Drawn by CSS from the attribute: the link's text stays the school's name alone.
  return (
    <span
      className="school-link__icon school-link__icon--monogram"
      aria-hidden="true"
      data-monogram={monogram(school.name)}
    />
  );
}

/**
 * The schools for the menus: 'Loading schools...' (null), 'No schools found' ([]), or logo + name
 * links; before hydration, for a list in a shared file (null with SiteEnv.navSrc), a link to the landing grid.
 */
export function SchoolList({ nav, className = 'school-list' }: { nav: NavSchool[] | null; className?: string }) {
  const { navSrc, root } = useSiteEnv();
  const m = useMessages();
  const hydrated = useHydrated();
  // A shared list file loads only with JavaScript: until then, the landing grid lists the schools.
  if (nav === null && navSrc && !hydrated) {
    return (
      <p className={`${className}__status`}>
        <a className="school-link" href={pageHref(root, langHref(m.lang, NAV_ALL_SCHOOLS.href))}>
          {m.nav.allSchools}
        </a>
      </p>
    );
  }
  if (nav === null || nav.length === 0) {
    return (
      <p className={`${className}__status`} role="status">
        {nav === null ? m.nav.loading : m.nav.empty}
      </p>
    );
  }
  return (
    <ul className={className}>
      {nav.map((school) => (
        <li key={school.id || school.link} className={`${className}__item`}>
          <a className="school-link" href={pageHref(root, langHref(m.lang, school.link))}>
            <SchoolIcon school={school} />
            <span className="school-link__name">{school.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
