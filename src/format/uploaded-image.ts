/** The image origins configured at build time (`--image-origins`); none outside a build (tests). */
export const IMAGE_ORIGINS: readonly string[] =
  typeof __NOTES_IMAGE_ORIGINS__ === 'undefined' ? [] : __NOTES_IMAGE_ORIGINS__;

/**
 * The rule for the images a note keeps (README "Images"): an http(s) address without credentials
 * whose origin — compared by parsed parts — is the API's (the app's own for a path `apiBase`, that
 * origin for an absolute https one) or one of `imageOrigins` (`--image-origins`, the same list as
 * the CSP `img-src`). Any path on those origins: wherever the upload puts its files there. `url`
 * must already be resolved against the document's base, as the browser would. (The sanitiser also
 * keeps the exact addresses the upload returned in this page: see `createSanitizer`.)
 */
export function imageOriginTest(
  apiBase: string,
  base: string,
  imageOrigins: readonly string[] = IMAGE_ORIGINS,
): (url: URL) => boolean {
  const origins = new Set([new URL(`${apiBase.replace(/\/+$/, '')}/`, base).origin]);
  for (const origin of imageOrigins) origins.add(new URL(origin).origin);
  return (url) =>
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    origins.has(url.origin);
}
