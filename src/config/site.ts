// The district's constants and links in one place, so the district web team edits them here and
// never inside components; every word families read is in the message catalogues (src/i18n/). Local files are paths relative to the asset
// base (SiteEnv.base, always ending in '/'): components prefix them with assetUrl().

/** The fictional district this site is built for (the built-in name; editors set theirs in siteSettings). */
export const DISTRICT_NAME = 'Cedar Valley Public Schools';

/** The district's time zone (IANA), in which event times are written; editors set theirs in siteSettings. */
export const DISTRICT_TIME_ZONE = 'America/Denver';

/** Spec section 9: the landing page (and any invalid school colour) uses dark red. */
export const DEFAULT_THEME_COLOR = '#862633';

/** Spec section 4/9: the hero video fades in over this many milliseconds once it can play. */
export const HERO_VIDEO_FADE_MS = 1000;
/** The hero video is neither shown nor loaded below this viewport width (px). */
export const HERO_VIDEO_MIN_WIDTH = 768;
export const HERO_VIDEO_MEDIA_QUERY = `(min-width: ${HERO_VIDEO_MIN_WIDTH}px)`;

/** Local static files, relative to the asset base. */
export const ASSETS = {
  logo: { src: 'brand/logo.svg', width: 200, height: 48 },
  heroVideo: [
    { src: 'media/hero.webm', type: 'video/webm' },
    { src: 'media/hero.mp4', type: 'video/mp4' },
  ],
  heroPoster: { src: 'media/hero-poster.jpg', width: 1920, height: 1080 },
  /** Smaller copies of the poster the export makes (scripts/lib/poster-variants.ts), for srcset. */
  heroPosterWidths: [480, 800, 1280],
  pdfGuide: 'guide/middle-school-options.pdf',
} as const;

/** Path of the export's `width`-wide copy of the hero poster, relative to the asset base. */
export const posterVariantPath = (width: number): string => ASSETS.heroPoster.src.replace(/\.jpg$/, `-${width}w.jpg`);

/** A local file's URL under the asset base (`base` always ends in '/'). */
export const assetUrl = (base: string, path: string): string => `${base}${path.replace(/^\/+/, '')}`;

/** The district's own site, which the menus and panels link to (each catalogue names the links). */
export const DISTRICT_SITE = 'https://www.cedarvalleyschools.example';

/** The landing page's three anchors, in page order; the ids are also the URL hashes (titles: the catalogue). */
export const LANDING_SECTIONS = [{ id: 'advantage' }, { id: 'academics' }, { id: 'options' }] as const;

/**
 * Not in the spec: where the menus link without JavaScript when a district-sized list is a shared
 * file rather than part of every page (the label is the catalogue's nav.allSchools). The landing grid lists the schools.
 */
export const NAV_ALL_SCHOOLS = { href: `/#${LANDING_SECTIONS[2].id}` } as const;

/** The landing testimonial's video (its title and quote are in the catalogues). */
export const LANDING_TESTIMONIAL = { videoId: 'M7lc1UVf-VE' } as const;
