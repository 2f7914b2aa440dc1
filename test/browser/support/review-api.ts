/**
 * The review calls of the notes API (issue 27's contract, src/protocol/api-types.ts) for browser
 * tests, as the notes service answers them — or, while the service in dev mode lacks them (the
 * service branch not merged yet), a stand-in over the page's routes: every request goes to the
 * real API first, and only where that answers as an API without review (404 for the review calls;
 * notes without `inReview` for a fetch with a review filter) does the stand-in answer, from the
 * cards it was given and the ratings it received (each Idempotency-Key scheduled once, with the
 * app's own adapter, src/review/schedule.ts).
 */
import type { Page, Request, Route } from 'playwright-core';
import type { Note, NoteFilter, NoteReview, ReviewCard } from '../../../src/protocol/api-types.ts';
import { isInReview } from '../../../src/protocol/review-rules.ts';
import { rate } from '../../../src/review/schedule.ts';
import { apiPath } from './api-faults.ts';

/** A note's review state as the stand-in keeps it. */
type State = { inReview: boolean; review: ReviewCard | null };

/** The stand-in and what it saw. */
export type ReviewApi = {
  /** Installs its routes on `page` (before the portal loads: the scenario's `setup`). */
  install(page: Page): Promise<void>;
  /** Ratings the stand-in scheduled (each key once); empty when the real service answered. */
  scheduled: NoteReview[];
  /** Whether the stand-in answered anything (false once the service has the review calls). */
  used(): boolean;
};

/** A card in review state, due `dueInMs` from now (negative: overdue). */
export function dueCard(dueInMs: number, over: Partial<ReviewCard> = {}): ReviewCard {
  const now = Date.now();
  return {
    due: new Date(now + dueInMs).toISOString(),
    stability: 4,
    difficulty: 5,
    scheduledDays: 4,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    state: 'review',
    lastReview: new Date(now + dueInMs - 4 * 86_400_000).toISOString(),
    ...over,
  };
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** The stand-in over `notes` (the data set's notes, their `inReview`/`review` taken as seeded). */
export function createReviewApi(notes: readonly Note[]): ReviewApi {
  const states = new Map<string, State>(
    notes.map((n) => [n.noteId, { inReview: n.inReview === true, review: n.review ?? null }]),
  );
  const byKey = new Map<string, Note>();
  const scheduled: NoteReview[] = [];
  let used = false;
  const decorate = (note: Note): Note => {
    const state = states.get(note.noteId) ?? { inReview: false, review: null };
    return { ...note, inReview: state.inReview, review: state.review };
  };
  const lacksReview = (list: unknown) =>
    Array.isArray(list) && list.length > 0 && !('inReview' in (list[0] as object));
  const dueTime = (n: Note) => Date.parse(n.review?.due ?? n.createdOn);

  async function onFetch(route: Route, request: Request) {
    const filter = (request.postDataJSON() ?? {}) as NoteFilter;
    if (!filter.review) {
      const res = await route.fetch();
      const body = (await res.json()) as { notes?: Note[] };
      if (res.status() !== 200 || !lacksReview(body.notes)) return route.fulfill({ response: res });
      used = true;
      return json(route, 200, { ...body, notes: body.notes?.map(decorate) });
    }
    const real = await route.fetch();
    const answer = real.status() === 200 ? ((await real.json()) as { notes: Note[] }) : null;
    if (answer && !lacksReview(answer.notes) && answer.notes.length) return route.fulfill({ response: real });
    used = true;
    const dueBy = Date.parse(filter.dueBy ?? new Date().toISOString());
    const matching = (await allNotes(route))
      .filter((n) => isInReview(n) && (filter.review === 'in' || dueTime(n) <= dueBy))
      .sort((a, b) => dueTime(a) - dueTime(b) || (a.noteId < b.noteId ? -1 : 1));
    const limit = filter.limit ?? 20;
    return json(route, 200, { notes: matching.slice(0, limit), total: matching.length, nextCursor: null });
  }

  async function onReview(route: Route, request: Request) {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    used = true;
    const key = request.headers()['idempotency-key'] ?? '';
    const body = request.postDataJSON() as NoteReview;
    const done = byKey.get(key);
    if (done) return json(route, 200, done);
    const note = (await allNotes(route)).find((n) => n.noteId === body.noteId);
    if (!note) return json(route, 404, { error: 'Note not found' });
    const state = states.get(note.noteId) ?? { inReview: false, review: null };
    const next = { ...state, review: rate(state.review, body.rating, new Date(body.reviewedOn)) };
    states.set(note.noteId, next);
    scheduled.push(body);
    const answer = { ...note, ...next };
    byKey.set(key, answer);
    return json(route, 200, answer);
  }

  async function onSummary(route: Route, request: Request) {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    used = true;
    const dueBy = Date.parse(new URL(request.url()).searchParams.get('dueBy') ?? '');
    const list = (await allNotes(route)).filter(isInReview);
    const due = list.filter((n) => dueTime(n) <= dueBy);
    const later = list.map(dueTime).filter((t) => t > dueBy);
    return json(route, 200, {
      inReview: list.length,
      due: due.length,
      nextDue: later.length ? new Date(Math.min(...later)).toISOString() : null,
    });
  }

  /** All the learner's notes as the real API has them (one page of 100), with the request's headers. */
  async function allNotes(route: Route): Promise<Note[]> {
    const request = route.request();
    const url = request.url().replace(/\/notes\/[^?]*(\?.*)?$/, '/notes/fetch');
    const res = await route.fetch({
      url,
      method: 'POST',
      headers: { ...request.headers(), 'content-type': 'application/json' },
      postData: JSON.stringify({ order: 'newest', limit: 100 }),
    });
    return ((await res.json()) as { notes: Note[] }).notes.map(decorate);
  }

  async function onNote(route: Route) {
    const res = await route.fetch();
    if (res.status() !== 200) return route.fulfill({ response: res });
    const body = (await res.json()) as Note | Note[];
    const list = Array.isArray(body) ? body : [body];
    if (!lacksReview(list)) return route.fulfill({ response: res });
    used = true;
    return json(route, 200, Array.isArray(body) ? body.map(decorate) : decorate(body));
  }

  return {
    scheduled,
    used: () => used,
    async install(page) {
      // A request still on its way when the scenario closes meets a closed page: nothing to answer.
      const safe =
        (handle: (route: Route, request: Request) => Promise<unknown>) => (route: Route, request: Request) =>
          handle(route, request).catch(() => undefined);
      await page.route(apiPath('/notes/fetch'), safe(onFetch));
      await page.route(apiPath('/notes/review'), safe(onReview));
      await page.route(apiPath('/notes/review/summary*'), safe(onSummary));
      for (const path of ['/notes/update', '/notes/add', '/notes/recent'])
        await page.route(
          apiPath(path),
          safe((route) => onNote(route)),
        );
    },
  };
}
