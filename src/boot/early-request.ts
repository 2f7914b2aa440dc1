import { SESSION_HEADER_NAMES, sessionHeaders } from '../api/session-headers.ts';
import type { AcceptedContext } from '../bridge/parent-bridge.ts';
import type { AppConfig } from '../config/app-config.ts';
import { PAGE_SIZE } from '../notes/read/list-limits.ts';
import { firstList } from '../routes/first-list.ts';
import { appPath } from '../routes/route-rules.ts';

/** A request the early start sends before the app has run, for the app to adopt. */
export type EarlyRequest = { url: string; init: RequestInit };

/**
 * The first screen's API call for an accepted context: the request of the list the path loads
 * first (src/routes/first-list.ts), exactly as the notes model will make it (`refresh` →
 * `ensure`). A course's notes: `null` (no `course` below), as the model asks for them only once the
 * course side is in; so are paths with no first list.
 */
export function earlyRequest(
  { context, parentHost }: AcceptedContext,
  pathname: string,
  config: Pick<AppConfig, 'basePath' | 'apiBase'>,
): EarlyRequest | null {
  const { user, rootOrg, org, playerData } = context;
  const headers = sessionHeaders({ token: user.token, rootOrg, org, domain: parentHost, wid: user.userId });
  const get = (path: string) => ({ url: config.apiBase + path, init: { method: 'GET', headers } });
  const fetchNotes = (filter: { refId?: string }) => ({
    url: `${config.apiBase}/notes/fetch`,
    init: {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...filter, order: 'newest', limit: PAGE_SIZE }),
    },
  });
  return firstList(appPath(pathname, config.basePath), playerData, {
    notes: fetchNotes,
    recent: () => get('/notes/recent'),
    courses: () => get('/notes/list/course'),
  });
}

/**
 * What makes two requests the same one: method, URL, body and the session headers' values. A
 * body that is not text (an upload) never matches. Two requests with equal keys would get equal
 * answers, so the app may take the early one's response for its own.
 */
export function requestKey(url: string, init: RequestInit = {}): string | null {
  const { body = null } = init;
  if (body !== null && typeof body !== 'string') return null;
  const headers = new Headers(init.headers);
  const values = SESSION_HEADER_NAMES.map((name) => headers.get(name));
  return JSON.stringify([(init.method ?? 'GET').toUpperCase(), url, body, ...values]);
}
