/**
 * Review (docs/api.md "Review"): the checkbox and a cloze put a note in review, `POST
 * /notes/review` rates it exactly once per Idempotency-Key, the due filter and order page by
 * cursor, the summary agrees with them, an edit keeps the card, unticking or deleting takes a note
 * out, another learner's note is a 404, bad ratings a 400 naming the field. Review is optional: an
 * API that answers the summary 404 has none, and the group is skipped with one line.
 */
import type { Note, NoteFilter, ReviewCard } from '../../../src/protocol/api-types.ts';
import type { Answer, ApiClient } from '../client.ts';
import { addOk, type Ctx, deleteNote, fetchAll, fetchPage, totalOf } from '../context.ts';
import { expect, expectRefusal, expectSameIds, expectStatus, need, show, showAnswer } from '../expect.ts';
import { asNote, asReviewSummary } from '../shapes.ts';

const CLOZE = '<p>FSRS schedules <span class="cloze">spaced retrieval</span>.</p>';

const rate = (client: ApiClient, body: unknown, key: string): Promise<Answer> =>
  client.post('/notes/review', body, { headers: { 'idempotency-key': key } });

/** The note's copy in a filter's answer (by id), or undefined. */
const findIn = async (client: ApiClient, filter: NoteFilter, noteId: string): Promise<Note | undefined> =>
  (await fetchAll(client, filter)).find((n) => n.noteId === noteId);

/** Never-rated notes are due from when they entered review (here: their add), ties by noteId. */
const byEntry = (a: Note, b: Note): number =>
  a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : a.noteId < b.noteId ? -1 : 1;

/** The review checks. */
export async function reviewChecks(ctx: Ctx): Promise<void> {
  const { t, api, ids } = ctx;
  const probe = await api.get('/notes/review/summary');
  if (probe.status === 404) {
    t.skip(
      'review: every review check',
      'the API answered GET /notes/review/summary 404, so it has no review (the app shows no Review tab)',
    );
    return;
  }
  await t.check('review: GET /notes/review/summary → 200 and a ReviewSummary', () => {
    expectStatus(probe, 200);
    asReviewSummary(probe.json);
  });
  const refId = ids.id('review-res');
  const mine: NoteFilter = { refId };
  let ticked: Note | undefined;
  let cloze: Note | undefined;
  let later: Note | undefined;
  let rated: Note | undefined;
  await t.check('review: an add with inReview true → 201 with inReview true and review null', async () => {
    ticked = await addOk(ctx, { refId, content: '<p>Ticked for review</p>', inReview: true });
    expect(ticked.inReview === true && ticked.review === null, 'inReview true, review null', show(ticked));
  });
  await t.check('review: inReview "yes" → 400 naming inReview', async () => {
    const a = await api.post('/notes/add', { refId, content: '<p>bad flag</p>', inReview: 'yes' });
    ctx.created.register(a, api);
    expectRefusal(a, 400, 'inReview');
  });
  await t.check('review: a note hiding words (a cloze span), box unticked, is in review', async () => {
    cloze = await addOk(ctx, { refId, content: CLOZE });
    later = await addOk(ctx, { refId, content: '<p>Also for review</p>', inReview: true });
    const found = await findIn(api, { ...mine, review: 'in' }, cloze.noteId);
    expect(found !== undefined, `${cloze.noteId} in the review: 'in' list`, 'not listed');
  });
  const reviewedOn = new Date(Date.now() - 60_000).toISOString();
  const key = ids.key('review');
  await t.check('review: a rating with an Idempotency-Key → 200, the note with its first card', async () => {
    const n = need(ticked, 'the ticked note');
    const a = await rate(api, { noteId: n.noteId, rating: 3, reviewedOn }, key);
    expectStatus(a, 200);
    rated = asNote(a.json);
    const card = rated.review;
    expect(
      card !== null && card !== undefined && card.reps === 1 && card.lastReview !== null,
      'a card with reps 1 and lastReview set',
      show(card),
    );
    expect(
      Date.parse(card.lastReview ?? '') === Date.parse(reviewedOn),
      `lastReview ${reviewedOn}`,
      show(card.lastReview),
    );
    expect(Date.parse(card.due) > Date.parse(reviewedOn), 'due after the rating', show(card.due));
  });
  await t.check('review: the same key again → 200 with the same card, nothing rescheduled', async () => {
    const r = need(rated, 'the rated note');
    const a = await rate(api, { noteId: r.noteId, rating: 1, reviewedOn }, key);
    expectStatus(a, 200);
    expect(show(asNote(a.json).review) === show(r.review), show(r.review), show(asNote(a.json).review));
    const stored = await findIn(api, { ...mine, review: 'in' }, r.noteId);
    expect(show(stored?.review) === show(r.review), `stored ${show(r.review)}`, show(stored?.review));
  });
  await t.check('review: a rating keeps version and updatedOn; an edit keeps the card', async () => {
    const n = need(ticked, 'the ticked note');
    const r = need(rated, 'the rated note');
    expect(r.version === n.version && r.updatedOn === n.updatedOn, `version ${n.version}`, `${r.version}`);
    const a = await api.post('/notes/update', {
      noteId: r.noteId,
      version: r.version,
      content: '<p>Edited</p>',
    });
    expectStatus(a, 200);
    const edited = asNote(a.json);
    expect(show(edited.review) === show(r.review), `the card kept: ${show(r.review)}`, show(edited.review));
  });
  await t.check(
    "review: review 'due' in order 'due' lists the never-rated notes, not the rated one",
    async () => {
      const expected = [need(cloze, 'the cloze note'), need(later, 'the second ticked note')].sort(byEntry);
      const seen = await fetchAll(api, { ...mine, review: 'due', order: 'due' });
      expectSameIds(
        seen.map((n) => n.noteId),
        expected.map((n) => n.noteId),
        'due now',
      );
    },
  );
  await t.check(
    "review: with dueBy after the card's due, the rated note comes last; pages by cursor agree",
    async () => {
      const r = need(rated, 'the rated note');
      const card = need<ReviewCard>(r.review, 'the card');
      const dueBy = new Date(Date.parse(card.due) + 1000).toISOString();
      const expected = [need(cloze, 'the cloze note'), need(later, 'the second note')]
        .sort(byEntry)
        .concat(r);
      const filter: NoteFilter = { ...mine, review: 'due', dueBy, order: 'due' };
      const walked: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const { page } = await fetchPage(api, { ...filter, limit: 1, ...(cursor ? { cursor } : {}) });
        walked.push(...page.notes.map((n) => n.noteId));
        cursor = page.nextCursor;
        if (cursor === null) break;
      }
      expectSameIds(
        walked,
        expected.map((n) => n.noteId),
        'one a page',
      );
    },
  );
  await t.check("review: the summary agrees with the review filters' totals", async () => {
    const dueBy = new Date(Date.now() + 3_600_000).toISOString();
    const a = await api.get(`/notes/review/summary?dueBy=${encodeURIComponent(dueBy)}`);
    expectStatus(a, 200);
    const s = asReviewSummary(a.json);
    const inReview = await totalOf(api, { review: 'in' });
    const due = await totalOf(api, { review: 'due', dueBy });
    expect(s.inReview === inReview && s.due === due, `inReview ${inReview}, due ${due}`, show(s));
  });
  await t.check(
    'review: unticked without a cloze, a note leaves review; rating it → 409 or 400',
    async () => {
      const n = need(later, 'the second ticked note');
      const a = await api.post('/notes/update', { noteId: n.noteId, version: n.version, inReview: false });
      expectStatus(a, 200);
      expect(asNote(a.json).inReview === false, 'inReview false', show(asNote(a.json).inReview));
      const listed = await findIn(api, { ...mine, review: 'in' }, n.noteId);
      expect(listed === undefined, 'not in review', 'still listed');
      const r = await rate(api, { noteId: n.noteId, rating: 3, reviewedOn }, ids.key('out'));
      expect(r.status === 409 || r.status === 400, '409 or 400', showAnswer(r));
    },
  );
  await t.check('review: bad ratings → 400 naming rating or reviewedOn', async () => {
    const n = need(cloze, 'the cloze note');
    expectRefusal(await rate(api, { noteId: n.noteId, rating: 5, reviewedOn }, ids.key('b1')), 400, 'rating');
    expectRefusal(
      await rate(api, { noteId: n.noteId, rating: 3, reviewedOn: 'yesterday' }, ids.key('b2')),
      400,
      'reviewedOn',
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expectRefusal(
      await rate(api, { noteId: n.noteId, rating: 3, reviewedOn: tomorrow }, ids.key('b3')),
      400,
      'reviewedOn',
    );
  });
  await t.check('review: an unknown note → 404', async () => {
    const a = await rate(api, { noteId: ids.id('no-such-note'), rating: 3, reviewedOn }, ids.key('unknown'));
    expectStatus(a, 404);
  });
  if (ctx.other) {
    const other = ctx.other;
    await t.check("review: another learner rating this learner's note → 404, nothing rated", async () => {
      const n = need(cloze, 'the cloze note');
      const a = await rate(other, { noteId: n.noteId, rating: 3, reviewedOn }, ids.key('other'));
      expect(a.status === 404 || a.status === 401 || a.status === 403, '404', showAnswer(a));
      const stored = await findIn(api, { ...mine, review: 'in' }, n.noteId);
      expect(
        stored !== undefined && (stored.review ?? null) === null,
        'still never rated',
        show(stored?.review),
      );
    });
  } else {
    t.skip(
      "review: another learner rating this learner's note",
      'give --other-token to check another learner',
    );
  }
  await t.check('review: a deleted note leaves the due list', async () => {
    const n = need(cloze, 'the cloze note');
    expectStatus(await deleteNote(ctx, { noteId: n.noteId }), 200);
    const listed = await findIn(api, { ...mine, review: 'due' }, n.noteId);
    expect(listed === undefined, 'not due any more', 'still listed');
  });
}
