/**
 * The multipart POST an image upload makes, in the write side's chunk: through XMLHttpRequest when
 * given a factory, because fetch can't report how much of a request body was sent (xhr-fetch.ts,
 * loaded on the first upload); through the client's fetch otherwise, with no progress. Either way
 * it is the HTTP client's request: the same headers, timeout and `ApiError` kinds.
 */
import type { HttpClient, Parse } from './http-client.ts';

/**
 * Upload options: `onProgress(loaded, total)`, in bytes of the request body sent (only with an XHR
 * factory), and `signal` to cancel (the call rejects with kind `aborted`).
 */
export type UploadOptions = {
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal | undefined;
};

/** Makes the XMLHttpRequest an upload goes through (in the browser `() => new XMLHttpRequest()`). */
export type XhrFactory = () => XMLHttpRequest;

/** POSTs `form` to `path` and parses the answer, reporting progress when `xhr` is given. */
export function upload<T>(
  http: HttpClient,
  xhr: XhrFactory | undefined,
  path: string,
  form: FormData,
  parse: Parse<T>,
  options: UploadOptions = {},
): Promise<T> {
  // A failed chunk load rejects this fetch like a lost connection: kind `network`.
  const transport: typeof fetch | undefined =
    xhr && ((url, init) => import('./xhr-fetch.ts').then((m) => m.xhrFetch(xhr, options, url, init)));
  return http.post(path, form, parse, { signal: options.signal, transport });
}
