/**
 * The test for "an image URL the upload returned" (`POST /file/upload` answers
 * `<apiBase>/files/<name>`): the API's origin (the app's own for a path `apiBase`, that origin for
 * an absolute https one), a path of exactly one file name under `<apiBase path>/files/`, and no
 * credentials. `url` must already be resolved against the document's base, as the browser would.
 */
export function uploadedImageTest(apiBase: string, base: string): (url: URL) => boolean {
  const files = new URL(`${apiBase.replace(/\/+$/, '')}/files/`, base);
  return (url) =>
    url.origin === files.origin &&
    !url.username &&
    !url.password &&
    url.pathname.startsWith(files.pathname) &&
    /^[\w-][\w.-]*$/.test(url.pathname.slice(files.pathname.length));
}
