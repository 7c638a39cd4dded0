import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, IdentityVerificationTable } from '../../core/db/database.js';
import { transitionStatus } from '../../core/db/status-transition.js';

/** Only this file touches `identity_verifications`. */

export type IdentityRow = Selectable<IdentityVerificationTable>;

/** A submission with the stored names of its two photos. */
export type IdentityWithPhotos = IdentityRow & { front_name: string; reverse_name: string };

/** A user's newest submission (their state), with its photos; undefined when none. */
export function latestIdentity(db: Db, userId: number): Promise<IdentityWithPhotos | undefined> {
  return db
    .selectFrom('identity_verifications')
    .innerJoin('uploads as front', 'front.id', 'identity_verifications.front_upload_id')
    .innerJoin('uploads as reverse', 'reverse.id', 'identity_verifications.reverse_upload_id')
    .selectAll('identity_verifications')
    .select(['front.name as front_name', 'reverse.name as reverse_name'])
    .where('identity_verifications.user_id', '=', userId)
    .orderBy('identity_verifications.id', 'desc')
    .limit(1)
    .executeTakeFirst();
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
