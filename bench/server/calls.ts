/**
 * The calls the server bench loads (issue 25), as the app makes them: the five headers with a dev
 * token per learner, bodies from the bench data, answers compressed as the browser asks. Learners
 * rotate, as a portal's traffic does, so no one learner meets the per-learner rate limit — except
 * the search, which is over the one learner with 10,000 notes.
 */
import type { Request } from 'autocannon';
import { signToken } from '../../harness/api/auth.ts';
import type { NewNote } from '../../src/protocol/api-types.ts';
import { type BenchShape, benchLearner, learnerNotes, SEARCH_TERMS } from './bench-data.ts';
import type { Call } from './load-runs.ts';

/** What Chromium sends; the service answers br (or gzip). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The headers of learner `i`, tokens made once per learner. */
function headerMaker(secret: string): (i: number) => Record<string, string> {
  const cache = new Map<number, Record<string, string>>();
  return (i) => {
    let headers = cache.get(i);
    if (!headers) {
      const l = benchLearner(i);
      const token = signToken({ wid: l.wid, given_name: `Learner ${i}` }, secret, 6 * 3600);
      headers = {
        authorization: `Bearer ${token}`,
        wid: l.wid,
        rootorg: l.rootOrg,
        org: l.org,
        domain: 'portal.bench.example',
        'accept-encoding': ACCEPT_ENCODING,
      };
      cache.set(i, headers);
    }
    return headers;
  };
}

/** Cycles 0, 1, …, n-1, 0, … */
const cycle = (n: number) => {
  let i = -1;
  return () => {
    i = (i + 1) % n;
    return i;
  };
};

/** The four calls of the issue against the notes service at `url`. */
export function notesCalls(url: string, secret: string, shape: BenchShape): Call[] {
  const headersOf = headerMaker(secret);
  const readers = Math.min(1000, shape.learners);
  const nextReader = cycle(readers);
  const writers = Math.max(1, shape.learners - readers);
  const nextWriter = cycle(writers);
  const nextTerm = cycle(SEARCH_TERMS.length);
  const json = { 'content-type': 'application/json' };
  const template = learnerNotes({ learners: 2, notes: 2, bigLearnerNotes: 1 }, 1, new Date())[0];
  if (!template) throw new Error('no note to add');
  const { noteId: _id, createdOn: _c, updatedOn: _u, version: _v, ...newNote } = template;
  const addBody = JSON.stringify(newNote satisfies NewNote);
  const run = Date.now().toString(36);
  let added = 0;
  const post = (path: string, headers: Record<string, string>, body: string): Request => ({
    method: 'POST',
    path,
    headers: { ...headers, ...json },
    body,
  });
  return [
    {
      name: 'first page (POST /notes/fetch, limit 50, br)',
      url,
      next: () => post('/api/v1/notes/fetch', headersOf(nextReader()), '{"limit":50}'),
    },
    {
      name: 'search over the 10,000-note learner (6 scripts)',
      url,
      next: () =>
        post(
          '/api/v1/notes/fetch',
          headersOf(0),
          JSON.stringify({ query: SEARCH_TERMS[nextTerm()], limit: 50 }),
        ),
    },
    {
      name: 'durable add (POST /notes/add, Idempotency-Key)',
      url,
      next: () => {
        added += 1;
        const r = post('/api/v1/notes/add', headersOf(readers + nextWriter()), addBody);
        return { ...r, headers: { ...r.headers, 'idempotency-key': `bench-${run}-${added}` } };
      },
    },
    {
      name: 'collection (GET /notes/collection/<course>/-, br)',
      url,
      next: () => ({
        method: 'GET',
        path: '/api/v1/notes/collection/course-ml-101/-',
        headers: headersOf(1 + (nextReader() % Math.max(1, readers - 1))),
      }),
    },
  ];
}

/** Fastify's hello world, the ceiling. */
export const helloCall = (url: string): Call => ({
  name: "Fastify's hello world (ceiling)",
  url,
  next: () => ({ method: 'GET', path: '/', headers: { 'accept-encoding': ACCEPT_ENCODING } }),
});
