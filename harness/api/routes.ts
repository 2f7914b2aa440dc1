/**
 * The route table of the mock API (docs/api.md) and the matcher that tells a 404 (no such path)
 * from a 405 (path exists, other method). One table keeps paths, auth and body caps together.
 */
import { API_BASE } from '../../src/protocol/api-types.ts';
import type { Call, PublicCall, Services } from './handlers/call.ts';
import { serveFile, uploadFile } from './handlers/files.ts';
import {
  courseCollection,
  fetchNotes,
  fetchNotesByPath,
  listCourseSummaries,
  recentNotes,
} from './handlers/notes-read.ts';
import { addNote, deleteNote, updateNote } from './handlers/notes-write.ts';
import type { Reply } from './http-io.ts';
import { MAX_JSON_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from './limits.ts';

/** A route: public ones get no caller; private ones are authenticated and read a capped body. */
export type Route = { method: 'GET' | 'POST'; path: string } & (
  | { auth: false; handle(call: PublicCall, s: Services): Promise<Reply> | Reply }
  | { auth: true; bodyLimit: number; handle(call: Call, s: Services): Promise<Reply> | Reply }
);

const json = MAX_JSON_BODY_BYTES;

/** Every route; `:name` segments are parameters (URL-decoded). */
export const ROUTES: Route[] = [
  { method: 'POST', path: '/notes/fetch', auth: true, bodyLimit: json, handle: fetchNotes },
  { method: 'POST', path: '/notes/add', auth: true, bodyLimit: json, handle: addNote },
  { method: 'POST', path: '/notes/update', auth: true, bodyLimit: json, handle: updateNote },
  { method: 'POST', path: '/notes/delete', auth: true, bodyLimit: json, handle: deleteNote },
  {
    method: 'GET',
    path: '/notes/fetch/:courseId/:moduleId/:refId/:flag/:limit/:offset/:order',
    auth: true,
    bodyLimit: 0,
    handle: fetchNotesByPath,
  },
  { method: 'GET', path: '/notes/list/course', auth: true, bodyLimit: 0, handle: listCourseSummaries },
  { method: 'GET', path: '/notes/recent', auth: true, bodyLimit: 0, handle: recentNotes },
  {
    method: 'GET',
    path: '/notes/collection/:courseId/:moduleId',
    auth: true,
    bodyLimit: 0,
    handle: courseCollection,
  },
  {
    method: 'POST',
    path: '/file/upload',
    auth: true,
    bodyLimit: MAX_MULTIPART_BODY_BYTES,
    handle: uploadFile,
  },
  { method: 'GET', path: '/files/:name', auth: false, handle: serveFile },
];

/** The outcome of matching: a route with its parameters, or a 404/405 (with the Allow list). */
export type Match =
  | { found: true; route: Route; params: Record<string, string> }
  | { found: false; status: 404 | 405; error: string; allow?: string };

function matchPath(pattern: string, segments: string[]): Record<string, string> | null {
  const want = pattern.split('/').slice(1);
  if (want.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const got = segments[i] ?? '';
    if (w.startsWith(':')) {
      if (got === '') return null;
      params[w.slice(1)] = got;
    } else if (w !== got) return null;
  }
  return params;
}

/** Finds the route for a method and pathname (query string already removed). HEAD counts as GET. */
export function matchRoute(method: string, pathname: string): Match {
  const notFound: Match = { found: false, status: 404, error: `no such API route: ${pathname}` };
  if (!pathname.startsWith(`${API_BASE}/`)) return notFound;
  let segments: string[];
  try {
    segments = pathname
      .slice(API_BASE.length + 1)
      .split('/')
      .map(decodeURIComponent);
  } catch {
    return notFound;
  }
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const params = matchPath(route.path, segments);
    if (!params) continue;
    if (route.method === wanted) return { found: true, route, params };
    allowed.push(route.method);
  }
  if (allowed.length === 0) return notFound;
  const allow = [...new Set(allowed)].join(', ');
  return { found: false, status: 405, error: `method ${method} is not allowed here; use ${allow}`, allow };
}
