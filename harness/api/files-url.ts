/**
 * Where the harness API's upload says a stored file is (`--files-url`, `startApi({ filesUrl })`):
 * the URL prefix `POST /file/upload` answers before the file's name. By default the service's own
 * `/api/v1/files/`. A real portal's upload may answer another path, or a CDN: another path under
 * `/api/v1/` is served by the harness as well (its proxy passes it on as `/api/v1/files/<name>`);
 * an absolute http(s) URL is another origin the harness does not serve (a CDN stand-in: whoever
 * runs the harness answers it, e.g. a test's route).
 */
import { API_BASE } from '../../src/protocol/api-types.ts';

/** Where the service serves uploads, and what the upload answers by default. */
export const DEFAULT_FILES_URL = `${API_BASE}/files/`;

/** A path segment as the URL parser leaves it: unreserved characters only, never `.` or `..`. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/;

/**
 * `raw` as a files URL prefix, or an Error saying why not (one line): a path under `/api/v1/`, or
 * an absolute http(s) URL without credentials, query or fragment; either ending with `/`.
 */
export function checkFilesUrl(raw: string): string | Error {
  const bad = (why: string) => new Error(`files URL "${raw}" ${why}`);
  if (!raw.endsWith('/')) return bad('must end with /');
  if (raw.startsWith('/')) {
    if (!raw.startsWith(`${API_BASE}/`)) return bad(`must be a path under ${API_BASE}/ or an http(s) URL`);
    const segments = raw.slice(1, -1).split('/');
    return segments.every((s) => SEGMENT.test(s)) ? raw : bad('has an empty, dot or unsafe path segment');
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad(`must be a path under ${API_BASE}/ or an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad('must be http(s)');
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(raw))
    return bad('must not carry credentials, a query or a fragment');
  return url.href;
}

/**
 * The name of a stored file asked for at `pathname` when the files URL is another path of this API
 * (`/api/v1/media/` → `/api/v1/media/<name>`), else null: the service serves `/api/v1/files/`.
 */
export function servedName(filesUrl: string, pathname: string): string | null {
  if (!filesUrl.startsWith('/') || filesUrl === DEFAULT_FILES_URL || !pathname.startsWith(filesUrl))
    return null;
  const name = pathname.slice(filesUrl.length);
  return name && !name.includes('/') ? name : null;
}

/**
 * The request target to pass to the service: a GET or HEAD of a stored file under another files
 * path becomes the service's `/api/v1/files/<name>`; anything else is passed on as it is.
 */
export function servedPath(filesUrl: string, method: string, url: string): string {
  if (method !== 'GET' && method !== 'HEAD') return url;
  const q = url.indexOf('?');
  const name = servedName(filesUrl, q < 0 ? url : url.slice(0, q));
  return name ? `${DEFAULT_FILES_URL}${name}${q < 0 ? '' : url.slice(q)}` : url;
}
