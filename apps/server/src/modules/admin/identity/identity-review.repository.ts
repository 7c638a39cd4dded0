import type { Db } from '../../../db/database.js';

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
  const [rows, count] = await Promise.all([
    query.orderBy('identity_verifications.id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAdminIdentity(db: Db, id: number) {
  return identitiesQuery(db).where('identity_verifications.id', '=', id).executeTakeFirst();
}
