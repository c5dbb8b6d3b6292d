// The navigation's school list, shared by the dropdown and the mobile menu (and rendered alone by
// the export for the variants of a shared navigation.json), so both menus show the same links.
import type { NavSchool } from '../lib/types.ts';
import { NAV_ALL_SCHOOLS, NAV_STATES } from '../config/site.ts';
import { useImages, useSiteEnv } from '../SiteEnv.tsx';
import { IMAGE_WIDTHS } from '../lib/image.ts';
import { Img } from './Img.tsx';
import { useHydrated } from './useHydrated.ts';

/**
 * The schools for the menus: 'Loading schools...' (null), 'No schools found' ([]), or logo + name
 * links; before hydration, for a list in a shared file (null with SiteEnv.navSrc), a link to the landing grid.
 */
export function SchoolList({ nav, className = 'school-list' }: { nav: NavSchool[] | null; className?: string }) {
  const images = useImages();
  const { navSrc } = useSiteEnv();
  const hydrated = useHydrated();
  // A shared list file loads only with JavaScript: until then, the landing grid lists the schools.
  if (nav === null && navSrc && !hydrated) {
    return (
      <p className={`${className}__status`}>
        <a className="school-link" href={NAV_ALL_SCHOOLS.href}>{NAV_ALL_SCHOOLS.label}</a>
      </p>
    );
  }
  if (nav === null || nav.length === 0) {
    return (
      <p className={`${className}__status`} role="status">
        {nav === null ? NAV_STATES.loading : NAV_STATES.empty}
      </p>
    );
  }
  return (
    <ul className={className}>
      {nav.map((school) => {
        const icon = images.crop(school.icon, IMAGE_WIDTHS.icon, IMAGE_WIDTHS.icon);
        return (
          <li key={school.id || school.link} className={`${className}__item`}>
            <a className="school-link" href={school.link}>
              {icon ? (
                <Img variant={icon} alt="" className="school-link__icon" />
              ) : (
                <span className="school-link__icon school-link__icon--placeholder" aria-hidden="true" />
              )}
              <span className="school-link__name">{school.name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
