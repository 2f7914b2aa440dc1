/**
 * Erasing a learner (`notes-server retire`), as edX's retire_annotations does for a deleted account:
 * their notes, Idempotency-Keys (each holds a copy of a note), file records and the learner row, in
 * one transaction. The file names come back so the caller deletes the files themselves.
 */
import type { Learner } from './learners.ts';
import { learnerIdQuery } from './learners.ts';
import type { Db } from './schema.ts';
import { inTransaction } from './transaction.ts';

/** What retire erased. */
export type RetireResult = { notes: number; keys: number; files: string[] };

/** Erases everything stored for `learner`; a learner with nothing stored gets zeros. */
export async function retireLearner(db: Db, learner: Learner): Promise<RetireResult> {
  return inTransaction(db, async (trx) => {
    const q = learnerIdQuery(trx, learner);
    // FOR UPDATE waits for adds holding the row's KEY SHARE lock, and holds off new ones until done.
    const row = await (db.engine === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    if (!row) return { notes: 0, keys: 0, files: [] };
    const files = await trx
      .selectFrom('files')
      .select('name')
      .where('learner_id', '=', row.id)
      .orderBy('name')
      .execute();
    await trx.deleteFrom('files').where('learner_id', '=', row.id).execute();
    const keys = await trx.deleteFrom('idempotency_keys').where('learner_id', '=', row.id).executeTakeFirst();
    const notes = await trx.deleteFrom('notes').where('learner_id', '=', row.id).executeTakeFirst();
    await trx.deleteFrom('learners').where('id', '=', row.id).execute();
    return {
      notes: Number(notes.numDeletedRows),
      keys: Number(keys.numDeletedRows),
      files: files.map((f) => f.name),
    };
  });
}
