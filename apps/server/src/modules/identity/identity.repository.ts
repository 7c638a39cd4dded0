import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, IdentityVerificationTable } from '../../core/db/database.js';
import { transitionStatus } from '../../core/db/status-transition.js';
import { uploadNames } from '../uploads/index.js';

/** Only this file touches `identity_verifications`. */

export type IdentityRow = Selectable<IdentityVerificationTable>;

/** A submission with the stored names of its two photos. */
export type IdentityWithPhotos = IdentityRow & { front_name: string; reverse_name: string };

/** Submissions with the stored names of their photos, asked of the uploads module. */
export async function withPhotos<R extends IdentityRow>(
  db: Db,
  rows: R[],
): Promise<(R & { front_name: string; reverse_name: string })[]> {
  const names = await uploadNames(
    db,
    rows.flatMap((r) => [r.front_upload_id, r.reverse_upload_id]),
  );
  const nameOf = (id: number) => names.get(Number(id)) ?? '';
  return rows.map((r) => ({
    ...r,
    front_name: nameOf(r.front_upload_id),
    reverse_name: nameOf(r.reverse_upload_id),
  }));
}

/** The status of each user's newest submission, by user id (no entry: never submitted). */
export async function latestIdentityStatuses(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('identity_verifications')
    .select(['user_id', 'status'])
    .where('user_id', 'in', userIds)
    .where((eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('identity_verifications as newest')
          .select((n) => n.fn.max('newest.id').as('id'))
          .where('newest.user_id', 'in', userIds)
          .groupBy('newest.user_id'),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.status)]));
}

/** A user's newest submission (their state), with its photos; undefined when none. */
export async function latestIdentity(db: Db, userId: number): Promise<IdentityWithPhotos | undefined> {
  const row = await db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && (await withPhotos(db, [row]))[0];
}

export function findIdentity(db: Db, id: number): Promise<IdentityRow | undefined> {
  return db.selectFrom('identity_verifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertIdentity(db: Db, row: Insertable<IdentityVerificationTable>): Promise<IdentityRow> {
  return db.insertInto('identity_verifications').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Moves the row out of `from` only if it is still there (core/db/status-transition.ts). */
export function transitionIdentity(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<IdentityVerificationTable>,
): Promise<IdentityRow | undefined> {
  return transitionStatus(db, 'identity_verifications', id, from, changes);
}

/** Whether the upload is a photo of an identity document (the back office shows it to support). */
export async function isIdentityPhoto(db: Db, uploadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('identity_verifications')
    .select('id')
    .where((eb) => eb.or([eb('front_upload_id', '=', uploadId), eb('reverse_upload_id', '=', uploadId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
