// The image URL builder of the current render. Its own module, not SiteEnv.tsx's: every page's
// first-load JavaScript imports SiteEnv, and only the components that build image URLs in the
// browser (menus, a grid card shown by the tools, the editors' preview) should bring the builder.
import { useMemo } from 'react';
import { createImageUrls, type ImageUrls } from '../lib/images/image.ts';
import { useSiteEnv, useWarnings } from '../SiteEnv.tsx';

/** Image URL builder for the current environment, created once per environment. */
export function useImages(): ImageUrls {
  const env = useSiteEnv();
  const warnings = useWarnings();
  return useMemo(() => createImageUrls(env.images, warnings.always), [env.images, warnings]);
}
