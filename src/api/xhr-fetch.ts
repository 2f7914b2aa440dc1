/**
 * fetch over XMLHttpRequest, for uploads that show progress (issue 7: images in notes): fetch can't
 * report how much of a request body was sent, XMLHttpRequest can (`upload.onprogress`). It behaves
 * as fetch does towards the HTTP client (a Response for any HTTP answer, a TypeError for a failed
 * connection, an AbortError when the signal aborts), so uploads get the same headers, timeout and
 * `ApiError` kinds as every other call. Loaded lazily on the first upload: not in the first load.
 */
import type { UploadOptions, XhrFactory } from './upload.ts';

/** Only what the HTTP client passes: method, headers, body, signal. */
type Init = Pick<RequestInit, 'method' | 'headers' | 'body' | 'signal'>;

const NULL_BODY = [204, 205, 304];

/**
 * fetch(url, init) sent with a fresh XMLHttpRequest from `xhr`, calling
 * `options.onProgress(loaded, total)` as the body goes out (when its length is known).
 */
export function xhrFetch(
  makeXhr: XhrFactory,
  options: UploadOptions,
  url: RequestInfo | URL,
  init: Init = {},
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const xhr = makeXhr();
    const abort = () => xhr.abort();
    const settle = (result: () => Response) => {
      signal?.removeEventListener('abort', abort);
      try {
        resolve(result());
      } catch (e) {
        reject(e);
      }
    };
    const failed = () =>
      settle(() => {
        throw signal?.aborted ? aborted() : new TypeError('Network request failed');
      });
    signal?.addEventListener('abort', abort);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded, e.total);
    });
    xhr.addEventListener('load', () =>
      settle(() => {
        const { status } = xhr;
        return new Response(NULL_BODY.includes(status) ? null : xhr.responseText, { status });
      }),
    );
    for (const type of ['error', 'abort', 'timeout'] as const) xhr.addEventListener(type, failed);
    xhr.open(init.method ?? 'GET', String(url));
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
