// useImages as the families' bundles have it (core/bundler.ts puts it in place of useImages.ts):
// the variants the export built for the page and for the files it loads, looked up, not built
// (src/lib/images/built-images.ts), so no URL builder rides along in a family's JavaScript.
import { useMemo } from 'react';
import { builtImageUrls, type ImagesUse, type ImageUrls } from '../lib/images/built-images.ts';
import { useSiteEnv, useWarnings } from '../SiteEnv.tsx';

/** The page's built variants as an image URL builder, created once per environment. */
export function useImages(_use?: ImagesUse): ImageUrls {
  const env = useSiteEnv();
  const warnings = useWarnings();
  return useMemo(() => builtImageUrls(env.images.built, warnings.always), [env.images, warnings]);
}
