/**
 * The review calls (docs/api.md "Review") against the service on SQLite and PostgreSQL: the
 * checkbox and cloze put a note in review, `POST /notes/review` schedules through FSRS exactly once
 * per Idempotency-Key (twice in a row and at once), the due filter, its order and cursors, the
 * summary, an edit keeps the schedule, a delete leaves the queue, unchecking leaves review (the card
 * kept), learner isolation, and a clear 400 for each bad input.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApiErrorBody, Note, NotesPage, ReviewSummary } from '../../../src/protocol/api-types.ts';
import { rate } from '../../../src/review/schedule.ts';
import {
  type AppFixture,
  type Client,
  newNoteBody,
  startApp,
  type TestLearner,
} from '../support/app-fixture.ts';
import { ENGINES } from '../support/databases.ts';

let seq = 0;
const learner = (): TestLearner => ({ rootOrg: 'rv', org: 'rv-org', wid: `r${++seq}` });
const key = (k: string) => ({ 'idempotency-key': k });
const CLOZE = '<p>The <span class="cloze">mitochondria</span> make energy.</p>';
const START = Date.parse('2026-11-20T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Ctx = { fx: AppFixture; clock: { ms: number } };

const add = async (c: Client, over: Record<string, unknown> = {}): Promise<Note> => {
  const r = await c.post('/notes/add', newNoteBody(over));
  assert.is(r.status, 201, r.body);
  return r.json as Note;
};
const review = (c: Client, body: Record<string, unknown>, k = `k-${++seq}`) =>
  c.post('/notes/review', body, key(k));
const fetchIds = async (c: Client, filter: Record<string, unknown>) => {
  const r = await c.post('/notes/fetch', filter);
  assert.is(r.status, 200, r.body);
  return (r.json as NotesPage).notes.map((n) => n.noteId);
};
const summary = async (c: Client, dueBy?: string): Promise<ReviewSummary> => {
  const r = await c.get(`/notes/review/summary${dueBy ? `?dueBy=${encodeURIComponent(dueBy)}` : ''}`);
  assert.is(r.status, 200, r.body);
  return r.json as ReviewSummary;
};
const expectError = (r: { status: number; json: unknown; body: string }, status: number, message: RegExp) => {
  assert.is(r.status, status, r.body);
  assert.match((r.json as ApiErrorBody).error, message);
};

for (const engine of ENGINES) {
  const it = suite<Ctx>(`review (${engine})`);
  it.before(async (ctx) => {
    ctx.clock = { ms: START };
    ctx.fx = await startApp({ engine, now: () => new Date(ctx.clock.ms) });
  });
  it.after(async (ctx) => {
    await ctx.fx.stop();
  });
  it.before.each((ctx) => {
    ctx.clock.ms = START;
  });

  it('inReview and review in every note answer; the checkbox or a cloze puts a note in review', async ({
    fx,
  }) => {
    const c = fx.client(learner());
    const plain = await add(c);
    assert.equal([plain.inReview, plain.review], [false, null]);
    const ticked = await add(c, { inReview: true });
    const cloze = await add(c, { content: CLOZE });
    assert.equal([ticked.inReview, cloze.inReview], [true, false]);
    assert.equal(
      (await fetchIds(c, { review: 'in', order: 'oldest' })).sort(),
      [ticked.noteId, cloze.noteId].sort(),
    );
    const all = (await c.post('/notes/fetch', {})).json as NotesPage;
    for (const n of all.notes) assert.equal([typeof n.inReview, n.review], ['boolean', null]);
    assert.equal(await summary(c), { inReview: 2, due: 2, nextDue: null });
  });

  it('a rating schedules with FSRS and answers the note; version and updatedOn stay', async (ctx) => {
    const c = ctx.fx.client(learner());
    const note = await add(c, { inReview: true });
    ctx.clock.ms += HOUR;
    const reviewedOn = iso(ctx.clock.ms - 60_000);
    const r = await review(c, { noteId: note.noteId, rating: 3, reviewedOn });
    assert.is(r.status, 200, r.body);
    const rated = r.json as Note;
    assert.equal(rated.review, rate(null, 3, new Date(reviewedOn)), 'the shared adapter’s card');
    assert.equal(
      [rated.version, rated.updatedOn, rated.content],
      [note.version, note.updatedOn, note.content],
    );
    const again = await review(c, { noteId: note.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) });
    assert.equal(
      (again.json as Note).review,
      rate(rated.review ?? null, 3, new Date(ctx.clock.ms)),
      'the next rating starts from the stored card',
    );
    const stored = ((await c.post('/notes/fetch', { review: 'in' })).json as NotesPage).notes[0];
    assert.equal(stored, again.json);
  });

  it('the same Idempotency-Key again: 200, the first answer, nothing rescheduled', async (ctx) => {
    const c = ctx.fx.client(learner());
    const note = await add(c, { inReview: true });
    const body = { noteId: note.noteId, rating: 4, reviewedOn: iso(ctx.clock.ms) };
    const first = await review(c, body, 'same-key');
    ctx.clock.ms += 2 * DAY;
    const second = await review(c, { ...body, rating: 1, reviewedOn: iso(ctx.clock.ms) }, 'same-key');
    assert.is(second.status, 200);
    assert.equal(second.json, first.json);
    const stored = ((await c.post('/notes/fetch', { review: 'in' })).json as NotesPage).notes[0];
    assert.equal(stored?.review, (first.json as Note).review, 'rated once');
    // A key an add used is another namespace: it rates.
    await c.post('/notes/add', newNoteBody(), key('shared-key'));
    const rated = await review(c, { ...body, reviewedOn: iso(ctx.clock.ms) }, 'shared-key');
    assert.is((rated.json as Note).review?.reps, 2);
  });

  it('concurrent ratings with one key rate once; with different keys each counts', async (ctx) => {
    const c = ctx.fx.client(learner());
    const note = await add(c, { inReview: true });
    const body = { noteId: note.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => review(c, body, 'race-key')));
    for (const a of answers) {
      assert.is(a.status, 200, a.body);
      assert.equal(a.json, answers[0]?.json);
    }
    assert.is((answers[0]?.json as Note | undefined)?.review?.reps, 1);
    const distinct = await Promise.all([1, 2, 3].map((i) => review(c, body, `distinct-${i}`)));
    const reps = distinct.map((a) => (a.json as Note).review?.reps).sort();
    assert.equal(reps, [2, 3, 4], 'one after the other, each from the card the last left');
  });

  it('the due filter, the due order (never-rated from when they entered review) and its cursors', async (ctx) => {
    const c = ctx.fx.client(learner());
    const a = await add(c, { inReview: true }); // entered at START
    ctx.clock.ms += HOUR;
    const b = await add(c, { content: CLOZE }); // entered at START + 1h
    const later = await add(c, { inReview: true });
    await add(c); // never in review
    await review(c, { noteId: later.noteId, rating: 4, reviewedOn: iso(ctx.clock.ms) }); // due in days
    const soon = await add(c, { inReview: true });
    await review(c, { noteId: soon.noteId, rating: 1, reviewedOn: iso(ctx.clock.ms) }); // due in 1 minute
    const now = iso(ctx.clock.ms);
    assert.equal(await fetchIds(c, { review: 'due', dueBy: now, order: 'due' }), [a.noteId, b.noteId]);
    assert.equal(await fetchIds(c, { review: 'due', order: 'due' }), [a.noteId, b.noteId], 'dueBy: now');
    const inMinutes = iso(ctx.clock.ms + 5 * 60_000);
    assert.equal(await fetchIds(c, { review: 'due', dueBy: inMinutes, order: 'due' }), [
      a.noteId,
      b.noteId,
      soon.noteId,
    ]);
    const everything = await fetchIds(c, { review: 'in', order: 'due' });
    assert.equal(everything, [a.noteId, b.noteId, soon.noteId, later.noteId]);
    assert.equal(await fetchIds(c, { order: 'due' }), everything, 'order due lists only notes in review');
    // Cursors: page by one, no gap, no repeat; ties broken by noteId.
    const twins = [await add(c, { inReview: true }), await add(c, { inReview: true })]; // same instant
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await c.post('/notes/fetch', { review: 'in', order: 'due', limit: 1, cursor }))
        .json as NotesPage;
      assert.is(page.total, 6);
      walked.push(...page.notes.map((n) => n.noteId));
      cursor = page.nextCursor;
    } while (cursor !== null);
    const tied = twins.map((n) => n.noteId).sort();
    assert.equal(walked, [a.noteId, b.noteId, ...tied, soon.noteId, later.noteId]);
    const s = await summary(c, now);
    assert.equal([s.inReview, s.due], [6, 4]);
    assert.is(s.nextDue, iso(ctx.clock.ms + 60_000), 'the Again card, a minute on');
    assert.equal(await summary(c, iso(START - 1)), { inReview: 6, due: 0, nextDue: iso(START) });
  });

  it('an edit keeps the schedule; a delete leaves the queue; unchecking leaves review, keeping the card', async (ctx) => {
    const c = ctx.fx.client(learner());
    const note = await add(c, { inReview: true });
    const rated = (await review(c, { noteId: note.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) }))
      .json as Note;
    const due = rated.review?.due ?? '';
    ctx.clock.ms += DAY;
    const edited = (
      await c.post('/notes/update', { noteId: note.noteId, version: 1, content: '<p>changed</p>' })
    ).json as Note;
    assert.equal([edited.version, edited.review], [2, rated.review], 'the card is kept');
    assert.equal(await fetchIds(c, { review: 'due', order: 'due' }), [note.noteId], `still due since ${due}`);
    // A client can't set the card: `review` in a body is ignored.
    const forged = { ...rated.review, due: iso(START + 300 * DAY) };
    const ignored = (await c.post('/notes/update', { noteId: note.noteId, version: 2, review: forged }))
      .json as Note;
    assert.equal(ignored.review, rated.review);
    const added = (await c.post('/notes/add', newNoteBody({ inReview: true, review: forged }))).json as Note;
    assert.is(added.review, null);
    // Unchecked (no cloze): out of review, the card kept; checked again: due as the card says.
    const out = (await c.post('/notes/update', { noteId: note.noteId, version: 3, inReview: false }))
      .json as Note;
    assert.equal([out.inReview, out.review], [false, rated.review]);
    assert.equal(await fetchIds(c, { review: 'in' }), [added.noteId]);
    expectError(
      await review(c, { noteId: note.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) }),
      409,
      /not in review/,
    );
    await c.post('/notes/update', { noteId: note.noteId, version: 4, inReview: true });
    assert.ok((await fetchIds(c, { review: 'due', order: 'due' })).includes(note.noteId));
    // A cloze keeps a note in review with the box unticked; deleting it leaves the queue.
    const cloze = await add(c, { content: CLOZE });
    await c.post('/notes/update', { noteId: cloze.noteId, version: 1, inReview: false });
    assert.ok((await fetchIds(c, { review: 'in' })).includes(cloze.noteId));
    await c.post('/notes/delete', { noteId: cloze.noteId });
    assert.not.ok((await fetchIds(c, { review: 'in' })).includes(cloze.noteId));
    expectError(
      await review(c, { noteId: cloze.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) }),
      404,
      /note not found/,
    );
  });

  it('learner isolation: another learner’s note is a 404, their queue and summary are theirs', async (ctx) => {
    const me = ctx.fx.client(learner());
    const other = ctx.fx.client(learner());
    const mine = await add(me, { inReview: true });
    const r = await review(
      other,
      { noteId: mine.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) },
      'iso-key',
    );
    expectError(r, 404, /note not found/);
    assert.equal(await fetchIds(other, { review: 'in' }), []);
    assert.equal(await summary(other), { inReview: 0, due: 0, nextDue: null });
    // The same key from me is mine: it rates.
    const mineRated = await review(
      me,
      { noteId: mine.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) },
      'iso-key',
    );
    assert.is((mineRated.json as Note).review?.reps, 1);
  });

  it('bad input: a clear 400 naming the field or header', async (ctx) => {
    const c = ctx.fx.client(learner());
    const note = await add(c, { inReview: true });
    const ok = { noteId: note.noteId, rating: 3, reviewedOn: iso(ctx.clock.ms) };
    expectError(
      await c.post('/notes/add', newNoteBody({ inReview: 'yes' })),
      400,
      /^inReview must be true or false$/,
    );
    expectError(
      await c.post('/notes/update', { noteId: note.noteId, version: 1, inReview: 1 }),
      400,
      /inReview must be true or false/,
    );
    expectError(await c.post('/notes/review', ok), 400, /Idempotency-Key is required/);
    expectError(await c.post('/notes/review', ok, key('has space')), 400, /Idempotency-Key must be/);
    for (const rating of [0, 5, 2.5, '3', null]) {
      expectError(
        await review(c, { ...ok, rating }),
        400,
        /rating must be 1 \(Again\), 2 \(Hard\), 3 \(Good\) or 4 \(Easy\)/,
      );
    }
    expectError(await review(c, { ...ok, noteId: '' }), 400, /noteId must be a non-empty string/);
    for (const reviewedOn of ['yesterday', '2026-11-20', '2026-11-20T09:00:00', 5, '2026-13-45T99:00:00Z']) {
      expectError(await review(c, { ...ok, reviewedOn }), 400, /reviewedOn/);
    }
    expectError(
      await review(c, { ...ok, reviewedOn: iso(ctx.clock.ms + HOUR) }),
      400,
      /reviewedOn is in the future/,
    );
    assert.is(
      (await review(c, { ...ok, reviewedOn: iso(ctx.clock.ms + 60_000) })).status,
      200,
      'a minute of skew',
    );
    expectError(await c.post('/notes/review', '{"noteId":', key('bad-json')), 400, /not valid JSON/);
    expectError(await c.post('/notes/review', [], key('array')), 400, /body must be a JSON object/);
    expectError(await c.post('/notes/fetch', { review: 'soon' }), 400, /review must be 'in', 'due' or null/);
    expectError(
      await c.post('/notes/fetch', { review: 'due', dueBy: 'tomorrow' }),
      400,
      /dueBy must be an ISO 8601/,
    );
    expectError(
      await c.post('/notes/fetch', { order: 'random' }),
      400,
      /order must be newest, oldest, updated or due/,
    );
    await add(c);
    const newestCursor = ((await c.post('/notes/fetch', { limit: 1 })).json as NotesPage).nextCursor;
    assert.type(newestCursor, 'string');
    expectError(
      await c.post('/notes/fetch', { order: 'due', cursor: newestCursor }),
      400,
      /cursor belongs to order newest/,
    );
    expectError(await c.get('/notes/review/summary?dueBy=soon'), 400, /dueBy must be an ISO 8601/);
    expectError(await c.get('/notes/review/summary?dueBy=a&dueBy=b'), 400, /dueBy/);
  });

  it.run();
}
