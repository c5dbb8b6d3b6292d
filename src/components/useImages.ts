// The image URL builder of the current render (the export's, the preview server's and the editors'
// preview in the browser). Its own module, not SiteEnv.tsx's, so the families' bundles can have
// useImages.built.ts in its place (core/bundler.ts) and carry no builder at all.
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
