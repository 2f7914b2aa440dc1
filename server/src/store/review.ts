/**
 * Review's SQL: a rating (exactly once per Idempotency-Key, like an add) and the summary the
 * Review tab shows. The FSRS arithmetic is the shared adapter's (src/review/schedule.ts), run
 * inside the transaction on the locked row, so concurrent ratings of one note apply one after the
 * other and each sees the card the previous one left.
 */
import { sql } from 'kysely';
import type { Note, ReviewCard, ReviewRating, ReviewSummary } from '../../../src/protocol/api-types.ts';
import { rate } from '../../../src/review/schedule.ts';
import { type Learner, learnerIdForWrite, learnerIdQuery } from './learners.ts';
import { storedAnswer } from './rows.ts';
import type { Db } from './schema.ts';
import { inTransaction } from './transaction.ts';
import { currentRow, KEY_TTL_MS } from './writes.ts';

/** A rating's result: the note as rated (or as this key's first rating left it), or why not. */
export type RateOutcome =
  | { kind: 'ok'; note: Note; replayed: boolean }
  | { kind: 'missing' }
  | { kind: 'not-in-review'; current: Note };

/** What one rating says. */
export type Rating = { noteId: string; rating: ReviewRating; reviewedOn: Date };

/**
 * Rating keys share `idempotency_keys` with adds (so retire, copy and expiry cover them) under
 * this prefix: their own namespace, so a key an add used never answers a rating, nor the reverse.
 */
const KEY_PREFIX = 'review:';

/**
 * Applies one rating to the learner's note. With `key`: a live key (24 h) answers the note as its
 * first rating left it and changes nothing, whether or not the note still exists. Without a
 * row-changing outcome (missing, not in review) nothing is written, the key included. A rating
 * changes `review` and the due date only: version and updatedOn stay, so it never makes an edit
 * pending elsewhere stale.
 */
export async function rateNote(db: Db, now: () => Date, learner: Learner, r: Rating, key: string | null) {
  return inTransaction(db, async (trx): Promise<RateOutcome> => {
    const learnerId = await learnerIdForWrite(trx, db.engine, learner);
    const at = now();
    const stored = key === null ? null : `${KEY_PREFIX}${key}`;
    const prior = async () => {
      if (stored === null) return null;
      const q = trx
        .selectFrom('idempotency_keys')
        .select(['note', 'stored_ms'])
        .where('learner_id', '=', learnerId)
        .where('key', '=', stored);
      const row = await (db.engine === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
      return row && at.getTime() - Number(row.stored_ms) < KEY_TTL_MS ? storedAnswer(row.note) : null;
    };
    const earlier = await prior();
    if (earlier) return { kind: 'ok', note: earlier, replayed: true };
    const found = await currentRow(db, trx, learner, r.noteId);
    if (!found) return { kind: 'missing' };
    if (!found.before.active) return { kind: 'not-in-review', current: found.note };
    const card: ReviewCard = rate(found.note.review ?? null, r.rating, r.reviewedOn);
    const note: Note = { ...found.note, review: card };
    if (stored !== null) {
      const keyRow = { note_id: note.noteId, note: JSON.stringify(note), stored_ms: at.getTime() };
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({ learner_id: learnerId, key: stored, ...keyRow })
        .onConflict((oc) => oc.columns(['learner_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) {
        // Another call with this key committed while this one waited for the note's lock (or the
        // key had expired): a live one is answered as stored; an expired one is taken over.
        const raced = await prior();
        if (raced) return { kind: 'ok', note: raced, replayed: true };
        await trx
          .updateTable('idempotency_keys')
          .set(keyRow)
          .where('learner_id', '=', learnerId)
          .where('key', '=', stored)
          .execute();
      }
    }
    await trx
      .updateTable('notes')
      .set({ review_card: JSON.stringify(card), review_due: card.due })
      .where('learner_id', '=', learnerId)
      .where('note_id', '=', r.noteId)
      .execute();
    return { kind: 'ok', note, replayed: false };
  });
}

/** How many of the learner's notes are in review, how many are due by `dueBy`, and the next due after. */
export async function reviewSummary(db: Db, learner: Learner, dueBy: string): Promise<ReviewSummary> {
  const row = await db.kysely
    .selectFrom('notes')
    .where('learner_id', '=', learnerIdQuery(db.kysely, learner))
    .where('review_active', '=', 1)
    .select((eb) => [
      eb.fn.countAll().as('in_review'),
      sql<number | string | null>`sum(case when review_due <= ${dueBy} then 1 else 0 end)`.as('due'),
      sql<string | null>`min(case when review_due > ${dueBy} then review_due end)`.as('next_due'),
    ])
    .executeTakeFirstOrThrow();
  return { inReview: Number(row.in_review), due: Number(row.due ?? 0), nextDue: row.next_due ?? null };
}
