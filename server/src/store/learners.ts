/**
 * Learner scoping. Every note, key and file belongs to one learner row, found by (rootOrg, org, wid):
 * reads put the lookup inside their own statement (a learner with no row simply has nothing), writes
 * create the row when it is missing. On PostgreSQL a write holds a KEY SHARE lock on the row until it
 * commits, and retire takes it FOR UPDATE, so a note can't be added to a learner being erased.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Engine } from './schema.ts';

/** Who owns a note; two learners differ if any part differs. */
export type Learner = { rootOrg: string; org: string; wid: string };

type Conn = Kysely<Database> | Transaction<Database>;

/** `select id from learners where …`, to use as a subquery (null when the learner has no row). */
export const learnerIdQuery = (db: Conn, l: Learner) =>
  db
    .selectFrom('learners')
    .select('id')
    .where('root_org', '=', l.rootOrg)
    .where('org', '=', l.org)
    .where('wid', '=', l.wid);

/** The learner's id inside a write transaction, creating the row if needed. */
export async function learnerIdForWrite(
  trx: Transaction<Database>,
  engine: Engine,
  l: Learner,
): Promise<number> {
  const find = () => {
    const q = learnerIdQuery(trx, l);
    return (engine === 'postgres' ? q.forKeyShare() : q).executeTakeFirst();
  };
  const found = await find();
  if (found) return found.id;
  const inserted = await trx
    .insertInto('learners')
    .values({ root_org: l.rootOrg, org: l.org, wid: l.wid })
    .onConflict((oc) => oc.columns(['root_org', 'org', 'wid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const raced = await find(); // another process created it between our two statements
  if (!raced) throw new Error('learner row vanished while it was being created');
  return raced.id;
}
