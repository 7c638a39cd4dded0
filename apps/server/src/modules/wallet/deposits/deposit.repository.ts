import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DepositTable } from '../../../db/database.js';

/** Only this file touches `deposits`. */

export type DepositRow = Selectable<DepositTable>;

export function insertDeposit(db: Db, row: Insertable<DepositTable>): Promise<DepositRow> {
  return db.insertInto('deposits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDeposit(db: Db, id: number): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a deposit out of `from` only if it is still there; the row as it is now, or undefined. */
export function transitionDeposit(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<DepositTable>,
): Promise<DepositRow | undefined> {
  return db
    .updateTable('deposits')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** One page of a user's deposits of a type, newest first, with the proof's upload name. */
export async function pageDeposits(db: Db, userId: number, type: number, page: number, size: number) {
  const base = db
    .selectFrom('deposits')
    .where('deposits.user_id', '=', userId)
    .where('deposits.type', '=', type);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('uploads', 'uploads.id', 'deposits.proof_upload_id')
      .selectAll('deposits')
      .select('uploads.name as proof_name')
      .orderBy('deposits.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
