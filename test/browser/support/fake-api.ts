/**
 * A scripted notes API for the app's browser tests: canned answers, a switch to answer 403, and a
 * record of every request's method, path and headers.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Note } from '../../../src/protocol/api-types.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import type { ApiHandler } from './static-app.ts';

/** One request the fake API saw. */
export type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/** Notes the fake API serves: two on resource r1, one elsewhere. */
export const NOTES: Note[] = [
  fakeNote({ noteId: 'n1', text: 'Photosynthesis turns light into sugar', refTitle: 'Intro video' }),
  fakeNote({ noteId: 'n2', text: 'Chlorophyll absorbs red and blue', anchor: { kind: 'page', page: 4 } }),
  fakeNote({ noteId: 'n3', refId: 'r9', refTitle: 'Reading', text: 'Le cycle de Calvin', anchor: null }),
];

/** A fake API and what it saw; set `status` to make every call fail with it, `empty` to hold no notes. */
export function createFakeApi() {
  const seen: Seen[] = [];
  const state = { status: 200, empty: false };
  const json = (res: Parameters<ApiHandler>[1], status: number, body: unknown): undefined => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return undefined;
  };
  const handler: ApiHandler = (req, res, body) => {
    const path = (req.url ?? '').replace(/^\/api\/v1/, '');
    seen.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (state.status !== 200) return json(res, state.status, { error: `status ${state.status}` });
    if (state.empty) {
      if (path === '/notes/fetch') return json(res, 200, { notes: [], total: 0, nextCursor: null });
      return json(res, 200, []);
    }
    if (req.method === 'POST' && path === '/notes/fetch') {
      const filter = JSON.parse(body || '{}') as { refId?: string };
      const notes = filter.refId ? NOTES.filter((n) => n.refId === filter.refId) : NOTES;
      return json(res, 200, { notes, total: notes.length, nextCursor: null });
    }
    if (path === '/notes/recent') return json(res, 200, NOTES);
    if (path === '/notes/list/course') {
      return json(res, 200, [
        { courseId: 'c1', courseTitle: 'Biology 101', noteCount: 3, updatedOn: NOTES[0]?.updatedOn },
      ]);
    }
    return false;
  };
  return { handler, seen, state };
}
