import type { Db } from '../../../core/db/database.js';
import { pageOf } from '../../../core/db/paging.js';

/** The back office's reads of identity submissions, with their photos and user. */

function identitiesQuery(db: Db) {
  return db
    .selectFrom('identity_verifications')
    .innerJoin('users', 'users.id', 'identity_verifications.user_id')
    .innerJoin('uploads as front', 'front.id', 'identity_verifications.front_upload_id')
    .innerJoin('uploads as reverse', 'reverse.id', 'identity_verifications.reverse_upload_id')
    .selectAll('identity_verifications')
    .select([
      'users.uid',
      'users.email',
      'users.area_code',
      'users.mobile',
      'front.name as front_name',
      'reverse.name as reverse_name',
    ]);
}

export type AdminIdentityRow = Awaited<
  ReturnType<ReturnType<typeof identitiesQuery>['executeTakeFirstOrThrow']>
>;

export async function pageIdentities(
  db: Db,
  filter: { status?: number | undefined; userId?: number | undefined },
  limit: number,
  offset: number,
) {
  let query = identitiesQuery(db);
  if (filter.status !== undefined) query = query.where('identity_verifications.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('identity_verifications.user_id', '=', filter.userId);
  return pageOf(query.orderBy('identity_verifications.id', 'desc'), limit, offset);
}

export function findAdminIdentity(db: Db, id: number) {
  return identitiesQuery(db).where('identity_verifications.id', '=', id).executeTakeFirst();
}

/** Submissions waiting for an operator (the dashboard). */
export async function countPendingIdentities(db: Db): Promise<number> {
  const row = await db
    .selectFrom('identity_verifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
