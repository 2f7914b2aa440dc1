/**
 * add, update and remove. Exactly-once adds and version checks are the database's work: the key's
 * primary key (INSERT … ON CONFLICT DO NOTHING) decides which add stores, and an update is a
 * compare-and-set (UPDATE … WHERE version = ?) after locking the row. On SQLite every transaction is
 * BEGIN IMMEDIATE (connect.ts), so writers from any process run one at a time; on PostgreSQL the
 * unique index and row locks make concurrent ones wait for each other, never fail.
 */
import type { Transaction } from 'kysely';
import type { Note } from '../../../src/protocol/api-types.ts';
import { type Learner, learnerIdForWrite, learnerIdQuery } from './learners.ts';
import { noteColumns, noteOfStored, type ReviewBefore, storedAnswer, withNotes } from './rows.ts';
import type { Database, Db } from './schema.ts';
import { inTransaction } from './transaction.ts';

/** How long an Idempotency-Key is remembered, from its note's createdOn (docs/api.md: ≥ 24 h). */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** An update's result: the stored note, a stale version (with the current note), or no such note. */
export type UpdateOutcome =
  | { kind: 'ok'; note: Note }
  | { kind: 'conflict'; current: Note }
  | { kind: 'missing' };

/** A delete's result, as UpdateOutcome without a note on success. */
export type DeleteOutcome = { kind: 'ok' } | { kind: 'conflict'; current: Note } | { kind: 'missing' };

const insertNote = (trx: Transaction<Database>, learnerId: number, note: Note) =>
  trx
    .insertInto('notes')
    .values({ learner_id: learnerId, ...noteColumns(note) })
    .execute();

/** When a key's life began: its note's createdOn, else now (a note always has one in practice). */
const keyStart = (note: Note, now: Date): number => {
  const t = Date.parse(note.createdOn);
  return Number.isFinite(t) ? t : now.getTime();
};

/**
 * Stores `note`; with `key`, only if this learner has no live add under that key, else answers the
 * note that add stored (created: false). A concurrent add with the same key waits on the key's row
 * (PostgreSQL) or the write lock (SQLite) and then finds it.
 */
export async function addNote(
  db: Db,
  now: () => Date,
  learner: Learner,
  note: Note,
  key: string | null,
): Promise<{ note: Note; created: boolean }> {
  return inTransaction(db, async (trx) => {
    const learnerId = await learnerIdForWrite(trx, db.engine, learner);
    if (key === null) {
      await insertNote(trx, learnerId, note);
      return { note, created: true };
    }
    const at = now();
    const keyRow = { note_id: note.noteId, note: JSON.stringify(note), stored_ms: keyStart(note, at) };
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ learner_id: learnerId, key, ...keyRow })
      .onConflict((oc) => oc.columns(['learner_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const q = trx
        .selectFrom('idempotency_keys')
        .select(['note', 'stored_ms'])
        .where('learner_id', '=', learnerId)
        .where('key', '=', key);
      const prior = await (db.engine === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow();
      if (at.getTime() - Number(prior.stored_ms) < KEY_TTL_MS) {
        return { note: storedAnswer(prior.note), created: false };
      }
      await trx
        .updateTable('idempotency_keys')
        .set(keyRow)
        .where('learner_id', '=', learnerId)
        .where('key', '=', key)
        .execute();
    }
    await insertNote(trx, learnerId, note);
    return { note, created: true };
  });
}

/** Reads a note in a write transaction, locking its row on PostgreSQL. */
async function currentNote(db: Db, trx: Transaction<Database>, learner: Learner, noteId: string) {
  return (await currentRow(db, trx, learner, noteId))?.note ?? null;
}

/** The note and where it stands in review, in a write transaction, its row locked on PostgreSQL. */
export async function currentRow(
  db: Db,
  trx: Transaction<Database>,
  learner: Learner,
  noteId: string,
): Promise<{ note: Note; before: ReviewBefore } | null> {
  const q = trx
    .selectFrom('notes')
    .select(['review_active', 'review_due'])
    .where('learner_id', '=', learnerIdQuery(trx, learner))
    .where('note_id', '=', noteId);
  const [row] = await withNotes(db.engine === 'postgres' ? q.forUpdate() : q, db.engine);
  if (!row) return null;
  return {
    note: noteOfStored(row.note),
    before: { active: Number(row.review_active) === 1, due: row.review_due },
  };
}

/** Applies `change` to the note if it is still at `version`; of concurrent ones exactly one wins. */
export async function updateNote(
  db: Db,
  learner: Learner,
  noteId: string,
  version: number,
  change: (current: Note) => Note,
): Promise<UpdateOutcome> {
  return inTransaction(db, async (trx): Promise<UpdateOutcome> => {
    const found = await currentRow(db, trx, learner, noteId);
    if (!found) return { kind: 'missing' };
    const current = found.note;
    if (current.version !== version) return { kind: 'conflict', current };
    // The card is the server's: no change can set it, and an edit keeps it (and the due date).
    const next = { ...change(current), noteId: current.noteId, review: current.review ?? null };
    const { note_id: _id, ...columns } = noteColumns(next, found.before);
    const done = await trx
      .updateTable('notes')
      .set(columns)
      .where('learner_id', '=', learnerIdQuery(trx, learner))
      .where('note_id', '=', noteId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new Error('a locked note changed under its update');
    return { kind: 'ok', note: next };
  });
}

/** Deletes the note; with a `version`, only if it is still at that version. */
export async function removeNote(
  db: Db,
  learner: Learner,
  noteId: string,
  version: number | null,
): Promise<DeleteOutcome> {
  return inTransaction(db, async (trx): Promise<DeleteOutcome> => {
    const current = await currentNote(db, trx, learner, noteId);
    if (!current) return { kind: 'missing' };
    if (version !== null && current.version !== version) return { kind: 'conflict', current };
    await trx
      .deleteFrom('notes')
      .where('learner_id', '=', learnerIdQuery(trx, learner))
      .where('note_id', '=', noteId)
      .execute();
    return { kind: 'ok' };
  });
}

/** Forgets keys whose 24 hours are over (they would be refused as expired anyway). */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  const done = await db.kysely
    .deleteFrom('idempotency_keys')
    .where('stored_ms', '<=', now.getTime() - KEY_TTL_MS)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
