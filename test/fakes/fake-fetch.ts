/**
 * A scripted `fetch` that records what it was asked, so tests can check URL, method, headers and
 * body of a real request without a server. It honours `signal` like the real one (rejects with
 * AbortError), so timeout tests can see the underlying request was aborted.
 */

/** One call as the fake saw it; `headers` keys are lower-cased like a server sees them. */
export type RecordedRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: RequestInit['body'] | null;
  signal: AbortSignal | null;
};

/** Answers a recorded request; throwing or rejecting simulates a network failure. */
export type Responder = (req: RecordedRequest) => Response | Promise<Response>;

/** The fake plus what it recorded. */
export type FakeFetch = { fetch: typeof fetch; requests: RecordedRequest[]; last: () => RecordedRequest };

/** Builds a fake fetch answering with `respond` (default: 200 `{}`). */
export function createFakeFetch(respond: Responder = () => jsonResponse(200, {})): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fake = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const req: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body ?? null,
      signal: init.signal ?? null,
    };
    requests.push(req);
    return new Promise<Response>((resolve, reject) => {
      req.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted', 'AbortError')),
      );
      Promise.resolve()
        .then(() => respond(req))
        .then(resolve, reject);
    });
  };
  return {
    fetch: fake as typeof fetch,
    requests,
    last: () => {
      const req = requests.at(-1);
      if (!req) throw new Error('no request recorded');
      return req;
    },
  };
}

/** A JSON answer with the given status. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A raw text answer (for non-JSON bodies). */
export const textResponse = (status: number, text: string, type = 'text/plain'): Response =>
  new Response(text, { status, headers: { 'content-type': type } });

/** Never answers: only an abort ends it. */
export const hang = (): Promise<Response> => new Promise<Response>(() => {});
