/**
 * Records of uploaded files: who uploaded each (for the per-learner quota and for retire) and what
 * it is. The bytes live in the files directory; only the http layer touches them.
 */
import type { Learner } from './learners.ts';
import { learnerIdForWrite, learnerIdQuery } from './learners.ts';
import type { Db } from './schema.ts';
import { inTransaction } from './transaction.ts';

/** An uploaded file as recorded. */
export type StoredFile = { name: string; size: number; type: string; createdOn: string };

/** Records a file the learner uploaded. */
export async function addFile(db: Db, learner: Learner, file: StoredFile): Promise<void> {
  await inTransaction(db, async (trx) => {
    const learnerId = await learnerIdForWrite(trx, db.engine, learner);
    await trx
      .insertInto('files')
      .values({
        name: file.name,
        learner_id: learnerId,
        size: file.size,
        type: file.type,
        created_on: file.createdOn,
      })
      .execute();
  });
}

/** Bytes the learner's recorded files take. */
export async function fileBytes(db: Db, learner: Learner): Promise<number> {
  const row = await db.kysely
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('learner_id', '=', learnerIdQuery(db.kysely, learner))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** A file's record by its (unguessable) name, or null. */
export async function fileByName(db: Db, name: string): Promise<StoredFile | null> {
  const row = await db.kysely
    .selectFrom('files')
    .select(['name', 'size', 'type', 'created_on'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { name: row.name, size: Number(row.size), type: row.type, createdOn: row.created_on } : null;
}
