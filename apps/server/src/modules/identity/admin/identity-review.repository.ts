import type { Db } from '../../../core/db/database.js';
import { pageOf } from '../../../core/db/paging.js';
import { userContacts, type UserContact } from '../../auth/index.js';
import { withPhotos, type IdentityRow, type IdentityWithPhotos } from '../identity.repository.js';

/** The back office's reads of identity submissions, with their photos and user. */

function identitiesQuery(db: Db) {
  return db.selectFrom('identity_verifications').selectAll();
}

export type AdminIdentityRow = IdentityWithPhotos & UserContact;

/** The page's submissions with their photos' names and their users' contacts. */
async function withPeople(db: Db, rows: IdentityRow[]): Promise<AdminIdentityRow[]> {
  const [photos, contactOf] = await Promise.all([
    withPhotos(db, rows),
    userContacts(
      db,
      rows.map((r) => r.user_id),
    ),
  ]);
  return photos.map((r) => ({ ...r, ...contactOf(r.user_id) }));
}

export async function pageIdentities(
  db: Db,
  filter: { status?: number | undefined; userId?: number | undefined },
  limit: number,
  offset: number,
) {
  let query = identitiesQuery(db);
  if (filter.status !== undefined) query = query.where('identity_verifications.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('identity_verifications.user_id', '=', filter.userId);
  const { rows, total } = await pageOf(query.orderBy('identity_verifications.id', 'desc'), limit, offset);
  return { rows: await withPeople(db, rows), total };
}

export async function findAdminIdentity(db: Db, id: number): Promise<AdminIdentityRow | undefined> {
  const row = await identitiesQuery(db).where('identity_verifications.id', '=', id).executeTakeFirst();
  return row && (await withPeople(db, [row]))[0];
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
