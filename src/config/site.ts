// The site's own constants in one place, so components never hold them: layout sizes, the spec's
// colour and timings, the landing page's anchors. Nothing here belongs to a district: its name,
// logo, links, words, videos and guide are content (siteSettings, landingPage), and where a district
// has not supplied one the site leaves it out or uses neutral words (docs/new-district.md). Every
// word families read is in the message catalogues (src/i18n/).

/** Event times are written in this time zone when a district's settings name none (the export says so). */
export const DEFAULT_TIME_ZONE = 'America/Denver';

/** Spec section 9: the landing page (and any invalid school colour) uses dark red. */
export const DEFAULT_THEME_COLOR = '#862633';

/** Spec section 4/9: the hero video fades in over this many milliseconds once it can play. */
export const HERO_VIDEO_FADE_MS = 1000;
/** The hero video is neither shown nor loaded below this viewport width (px). */
export const HERO_VIDEO_MIN_WIDTH = 768;
export const HERO_VIDEO_MEDIA_QUERY = `(min-width: ${HERO_VIDEO_MIN_WIDTH}px)`;

/** The navigation logo's box: an uploaded logo is made this wide (about 200×48). */
export const LOGO_SIZE = { width: 200, height: 48 } as const;

/** The hero video's frame (16:9): its width and height attributes, so the page does not move as it loads. */
export const HERO_VIDEO_FRAME = { width: 1920, height: 1080 } as const;

/** A local file's URL under the asset base (`base` always ends in '/'). */
export const assetUrl = (base: string, path: string): string => `${base}${path.replace(/^\/+/, '')}`;

/** The landing page's three anchors, in page order; the ids are also the URL hashes (titles: the catalogue). */
export const LANDING_SECTIONS = [{ id: 'advantage' }, { id: 'academics' }, { id: 'options' }] as const;

/**
 * Not in the spec: where the menus link without JavaScript when a district-sized list is a shared
 * file rather than part of every page (the label is the catalogue's nav.allSchools). The landing grid lists the schools.
 */
export const NAV_ALL_SCHOOLS = { href: `/#${LANDING_SECTIONS[2].id}` } as const;
