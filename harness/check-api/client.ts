/**
 * The HTTP side of `harness check-api`: one learner's view of a notes API, sending the five
 * headers of docs/api.md on every call through an injected `fetch`, so tests can run the checks
 * against anything. Answers are read whole and decoded once; nothing here judges them.
 */

/** The fetch the checks use (the global one, or a test's). */
export type Fetch = typeof globalThis.fetch;

/** Who the calls are made as: the token and the four other headers. */
export type Identity = { token: string; wid: string; rootorg: string; org: string; domain: string };

/** A whole answer: status, headers, the body as text, and the JSON it holds (undefined if none). */
export type Answer = { status: number; headers: Headers; text: string; bytes: Buffer; json: unknown };

/** Per-call options: header overrides (undefined drops a header), a raw body, or an abort time. */
export type CallOptions = {
  headers?: Record<string, string | undefined>;
  rawBody?: BodyInit;
};

/** One learner's client; paths are relative to the API base (`/notes/fetch`). */
export type ApiClient = {
  readonly identity: Identity;
  post(path: string, body: unknown, options?: CallOptions): Promise<Answer>;
  get(path: string, options?: CallOptions): Promise<Answer>;
  /** Any URL (an uploaded file), with no API headers at all. */
  plainGet(url: string): Promise<Answer>;
  /** The same client with other identity fields (another org, another wid header). */
  as(change: Partial<Identity>): ApiClient;
};

/**
 * One path segment as the app sends it (src/api/notes-api.ts): null or '' → `-`, everything else
 * URL-encoded, and a leading `a` of `auth…` as `%61` so no id can put `/auth` into a URL.
 */
export const segment = (v: string | number | null | undefined): string =>
  v == null || v === '' ? '-' : encodeURIComponent(v).replace(/^a(?=uth)/, '%61');

/** Reads a response whole; JSON is parsed whenever the body parses, whatever the Content-Type says. */
export async function readAnswer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, bytes, json };
}

/** The five headers of docs/api.md, plus JSON's Content-Type when there is a body. */
function headersOf(who: Identity, withBody: boolean, overrides: CallOptions['headers']): Headers {
  const base: Record<string, string | undefined> = {
    authorization: `Bearer ${who.token}`,
    wid: who.wid,
    rootorg: who.rootorg,
    org: who.org,
    domain: who.domain,
    ...(withBody ? { 'content-type': 'application/json' } : {}),
    ...overrides,
  };
  const headers = new Headers();
  for (const [name, value] of Object.entries(base)) if (value !== undefined) headers.set(name, value);
  return headers;
}

/** How often a call answered 429 is sent again, and the longest wait honoured between tries. */
const RATE_LIMIT_TRIES = 6;
const MAX_RETRY_AFTER_MS = 10_000;

/** The wait a 429 asks for: `Retry-After` in seconds (at most 10 s), else 1 s. */
export function retryAfterMs(headers: Headers): number {
  const value = headers.get('retry-after');
  const seconds = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 1000;
}

/**
 * A client for the API at `base` (the URL that `/notes/fetch` is appended to, e.g.
 * `http://127.0.0.1:4301/api/v1`). Every call gives up after `timeoutMs`. A rate limit is not
 * part of what is checked: a 429 is waited out (`Retry-After`) and the call sent again, as the
 * app does, up to 6 tries.
 */
export function apiClient(base: string, fetch: Fetch, identity: Identity, timeoutMs: number): ApiClient {
  const root = base.replace(/\/+$/, '');
  const send = async (path: string, init: RequestInit): Promise<Answer> => {
    for (let tries = 1; ; tries++) {
      const answer = await readAnswer(
        await fetch(`${root}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
      );
      if (answer.status !== 429 || tries >= RATE_LIMIT_TRIES) return answer;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(answer.headers)));
    }
  };
  return {
    identity,
    post: (path, body, options = {}) => {
      const raw = options.rawBody;
      return send(path, {
        method: 'POST',
        headers: headersOf(identity, raw === undefined, options.headers),
        body: raw ?? JSON.stringify(body),
      });
    },
    get: (path, options = {}) =>
      send(path, { method: 'GET', headers: headersOf(identity, false, options.headers) }),
    plainGet: async (url) =>
      readAnswer(await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) })),
    as: (change) => apiClient(base, fetch, { ...identity, ...change }, timeoutMs),
  };
}
