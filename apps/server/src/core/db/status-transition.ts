import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, Db } from './database.js';

/** The tables whose rows an operator reviews: each has `id` and a `status` moved one way. */
export type ReviewedTable = 'deposits' | 'withdrawals' | 'identity_verifications';

/**
 * Moves a reviewed row out of status `from` only if it is still there (compare-and-set), so
 * two operators — or an operator and a retry — can never both decide it. The row as it is
 * now, or undefined when someone else moved it first. Each module calls it for its own table.
 */
export function transitionStatus<T extends ReviewedTable>(
  db: Db,
  table: T,
  id: number,
  from: number,
  changes: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  // The three tables share the columns used here; Kysely cannot see that through `T`.
  const loose = db as unknown as Kysely<Record<ReviewedTable, { id: number; status: number }>>;
  const name: ReviewedTable = table;
  return loose
    .updateTable(name)
    .set(changes as Updateable<{ id: number; status: number }>)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
