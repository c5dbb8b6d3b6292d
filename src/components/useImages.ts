// The image URL builder of the current render. Its own module, not SiteEnv.tsx's: every page's
// first-load JavaScript imports SiteEnv, and only the components that build image URLs in the
// browser (menus, a grid card shown by the tools, the editors' preview) should bring the builder.
// The families' bundles have useImages.built.ts in its place (core/bundler.ts).
import { useMemo } from 'react';
import { createImageUrls, type ImageUrls } from '../lib/images/image.ts';
import type { ImagesUse } from '../lib/images/built-images.ts';
import { useSiteEnv, useWarnings } from '../SiteEnv.tsx';

/** Image URL builder for the current environment, created once per environment. */
export function useImages(use: ImagesUse = {}): ImageUrls {
  const env = useSiteEnv();
  const warnings = useWarnings();
  const browser = use.browser === true;
  return useMemo(
    () => createImageUrls(browser ? env.images : { ...env.images, onBuilt: null }, warnings.always),
    [env.images, warnings, browser],
  );
}
