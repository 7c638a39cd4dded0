import { sql } from 'kysely';
import type { Db } from '../../../core/db/database.js';

/** Real users registered in [start, end), counted per slot of `slot` ms from `start`. */
export function registeredBySlot(db: Db, start: number, end: number, slot: number) {
  return db
    .selectFrom('users')
    .where('is_demo', '=', 0)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .select([sql<number>`(created_at - ${start}) / ${slot}`.as('slot'), sql<number>`COUNT(*)`.as('n')])
    .groupBy(sql`slot`)
    .execute();
}

/** Real users whose identity an operator verified in [start, end), per slot. */
export function verifiedBySlot(db: Db, start: number, end: number, slot: number) {
  return db
    .selectFrom('identity_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .where('u.is_demo', '=', 0)
    .where('v.status', '=', 2)
    .where('v.reviewed_at', '>=', start)
    .where('v.reviewed_at', '<', end)
    .select([
      sql<number>`(v.reviewed_at - ${start}) / ${slot}`.as('slot'),
      sql<number>`COUNT(DISTINCT v.user_id)`.as('n'),
    ])
    .groupBy(sql`slot`)
    .execute();
}
