/**
 * An in-memory Cache Storage and a scripted network for the service worker's handlers: keys are
 * absolute URLs (relative ones resolve against `origin`, as in a worker), stored answers are copied
 * so each match can be read, and every network call is recorded.
 */

/** A stored answer: enough to hand out a fresh `Response` each time. */
type Stored = { body: string; status: number; headers: [string, string][]; type: ResponseType };

/** A response whose `type` is what a browser would report (Node's are all 'default'). */
export function answer(
  body: string,
  init: ResponseInit = {},
  type: ResponseType = 'basic',
  redirected = false,
) {
  const opaque = type === 'opaque';
  const response = new Response(opaque ? null : body, opaque ? {} : init);
  Object.defineProperty(response, 'type', { value: type });
  if (opaque) Object.defineProperty(response, 'status', { value: 0 });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
}

/** The URL of a request, a request-like object or a string. */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'object' && 'url' in input ? input.url : String(input);

const revive = (s: Stored) => answer(s.body, { status: s.status, headers: s.headers }, s.type);

/** The fake Cache Storage and a look at what it holds. */
export function createFakeCaches(origin: string) {
  const stores = new Map<string, Map<string, Stored>>();
  const keyOf = (request: RequestInfo | URL) => new URL(urlOf(request), origin).href;
  const open = (name: string): Cache => {
    let store = stores.get(name);
    if (!store) {
      store = new Map();
      stores.set(name, store);
    }
    const entries = store;
    const cache = {
      async match(request: RequestInfo | URL) {
        const hit = entries.get(keyOf(request));
        return hit ? revive(hit) : undefined;
      },
      async put(request: RequestInfo | URL, response: Response) {
        if (response.redirected) throw new TypeError('the fake refuses redirected responses');
        const body = await response.text();
        entries.set(keyOf(request), {
          body,
          status: response.status,
          headers: [...response.headers.entries()],
          type: response.type,
        });
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url));
      },
    };
    return cache as unknown as Cache;
  };
  const caches = {
    open: async (name: string) => open(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
  } as unknown as CacheStorage;
  /** The URLs stored in cache `name`, sorted, or null when there is no such cache. */
  const urls = (name: string) => {
    const store = stores.get(name);
    return store ? [...store.keys()].sort() : null;
  };
  /** The body stored for `url` in cache `name`. */
  const body = (name: string, url: string) => stores.get(name)?.get(new URL(url, origin).href)?.body;
  return { caches, names: () => [...stores.keys()].sort(), urls, body, open };
}

/** One network call the handlers made. */
export type NetworkCall = { url: string; cache: RequestCache | undefined };

/**
 * A network answering by path from `routes` (a function gets a fresh answer per call; a missing
 * path is a 404; `'offline'` rejects as a dropped connection).
 */
export function createNetwork(origin: string, routes: Record<string, (() => Response) | 'offline'>) {
  const calls: NetworkCall[] = [];
  const fetch = async (input: RequestInfo, init?: RequestInit): Promise<Response> => {
    const url = new URL(urlOf(input), origin);
    calls.push({ url: url.pathname, cache: init?.cache });
    const route = routes[url.pathname];
    if (route === 'offline') throw new TypeError('Failed to fetch');
    return route ? route() : answer('not found', { status: 404 });
  };
  return { fetch, calls, routes };
}
