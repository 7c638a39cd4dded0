import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DepositTable } from '../../../core/db/database.js';
import { transitionStatus } from '../../../core/db/status-transition.js';
import { pageOf } from '../../../core/db/paging.js';
import { uploadNames } from '../../uploads/index.js';

/** Only this file touches `deposits`. */

export type DepositRow = Selectable<DepositTable>;

export function insertDeposit(db: Db, row: Insertable<DepositTable>): Promise<DepositRow> {
  return db.insertInto('deposits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDeposit(db: Db, id: number): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the row out of `from` only if it is still there (core/db/status-transition.ts). */
export function transitionDeposit(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<DepositTable>,
): Promise<DepositRow | undefined> {
  return transitionStatus(db, 'deposits', id, from, changes);
}

/**
 * One page of a user's deposits of a type (every type when null), newest first, with the
 * proof's upload name.
 */
export async function pageDeposits(db: Db, userId: number, type: number | null, page: number, size: number) {
  const own = db.selectFrom('deposits').where('deposits.user_id', '=', userId);
  const base = type === null ? own : own.where('deposits.type', '=', type);
  const { rows, total } = await pageOf(
    base.selectAll().orderBy('deposits.id', 'desc'),
    size,
    (page - 1) * size,
  );
  const proofs = await uploadNames(
    db,
    rows.map((r) => r.proof_upload_id),
  );
  return {
    rows: rows.map((r) => ({ ...r, proof_name: proofs.get(Number(r.proof_upload_id)) ?? '' })),
    total,
  };
}

/** Whether the upload is a deposit's proof (the back office shows it to finance). */
export async function isDepositProof(db: Db, uploadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deposits')
    .select('id')
    .where('proof_upload_id', '=', uploadId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
