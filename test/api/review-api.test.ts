/**
 * The review calls (src/api/review-api.ts) over the real HTTP client and a fake fetch: the request
 * each sends, with the session headers and a rating's Idempotency-Key; each answer validated — a
 * rating's note with its card (the first load's parse leaves the card alone), the summary — and a
 * 404 from an API without review.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpClient } from '../../src/api/http-client.ts';
import { createReviewApi } from '../../src/api/review-api.ts';
import { apiFailure } from '../fakes/api-failure.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { createFakeFetch, jsonResponse, type Responder } from '../fakes/fake-fetch.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { SESSION, SESSION_HEADERS } from '../fakes/fake-session.ts';

const note = fakeNote();
const REVIEWED = {
  due: '2026-12-01T09:00:00.000Z',
  stability: 3.2,
  difficulty: 5.1,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: '2026-11-28T09:00:00.000Z',
};
const rated = { ...note, inReview: true, review: REVIEWED };
const summary = { inReview: 4, due: 2, nextDue: '2026-11-30T08:00:00.000Z' };
const DUE_BY = '2026-11-28T22:59:59.999Z';

/** The review calls over the real HTTP client, a fake fetch and a fake clock. */
const setup = (respond?: Responder) => {
  const fake = createFakeFetch(respond);
  const clock = createFakeClock();
  const http = createHttpClient({ fetch: fake.fetch, baseUrl: '/api/v1', headers: () => SESSION, ...clock });
  return { api: createReviewApi(http), fake, clock };
};

test('reviewNote: POST /notes/review with its body, the session headers and its Idempotency-Key', async () => {
  const { api, fake, clock } = setup(() => jsonResponse(200, { ...rated, extra: 1 }));
  const body = { noteId: 'n1', rating: 3 as const, reviewedOn: REVIEWED.lastReview };
  assert.equal(await api.reviewNote(body, { idempotencyKey: 'k-1' }), rated);
  const req = fake.last();
  assert.is(req.method, 'POST');
  assert.is(req.url, '/api/v1/notes/review');
  assert.not.ok(req.url.includes(SESSION.token));
  assert.equal(req.headers, {
    ...SESSION_HEADERS,
    'content-type': 'application/json',
    'idempotency-key': 'k-1',
  });
  assert.equal(JSON.parse(String(req.body)), body);
  assert.is(clock.pending(), 0);
});

test('reviewSummary: GET /notes/review/summary?dueBy= (encoded), typed answer', async () => {
  const { api, fake } = setup(() => jsonResponse(200, summary));
  assert.equal(await api.reviewSummary(DUE_BY), summary);
  const req = fake.last();
  assert.is(req.method, 'GET');
  assert.is(req.url, '/api/v1/notes/review/summary?dueBy=2026-11-28T22%3A59%3A59.999Z');
  assert.equal(req.headers, SESSION_HEADERS);
  assert.is(req.body, null);
});

test('malformed answers name the field: a rating’s card is checked, not only the note', async () => {
  const bad: [Responder, (a: ReturnType<typeof createReviewApi>) => Promise<unknown>, string][] = [
    [() => jsonResponse(200, { bogus: true }), (a) => a.reviewSummary(DUE_BY), 'inReview'],
    [() => jsonResponse(200, { ...summary, due: '2' }), (a) => a.reviewSummary(DUE_BY), 'due'],
    [
      () => jsonResponse(200, { ...rated, review: { ...REVIEWED, reps: '1' } }),
      (a) => a.reviewNote({ noteId: 'n1', rating: 1, reviewedOn: REVIEWED.lastReview }),
      'review.reps',
    ],
    [
      () => jsonResponse(200, { ...rated, noteId: 5 }),
      (a) => a.reviewNote({ noteId: 'n1', rating: 1, reviewedOn: REVIEWED.lastReview }),
      'noteId',
    ],
  ];
  for (const [respond, call, field] of bad) {
    const e = await apiFailure(call(setup(respond).api));
    assert.is(e.kind, 'invalid-response');
    assert.is(e.message, `Invalid response field: ${field}`);
  }
});

test('an API without review: the summary rejects with status 404', async () => {
  const { api } = setup(() => jsonResponse(404, { error: 'not found' }));
  const e = await apiFailure(api.reviewSummary(DUE_BY));
  assert.is(e.status, 404);
});

test.run();
