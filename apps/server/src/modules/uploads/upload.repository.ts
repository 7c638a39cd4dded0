import type { Insertable, Selectable } from 'kysely';
import type { Db, UploadTable } from '../../db/database.js';

/** Only this file touches `uploads`. */

export type UploadRow = Selectable<UploadTable>;

/** Where an upload is fetched (by its owner, with the session header): its public name. */
export const UPLOAD_URL_PREFIX = '/api/common/image/';

export function uploadUrl(name: string): string {
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The stored name of an upload URL, or null when it is not one of ours. */
export function uploadNameOf(url: string): string | null {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return /^[a-f0-9]{32}\.(jpg|png|webp)$/.test(name) ? name : null;
}

export async function insertUpload(db: Db, row: Insertable<UploadTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findUploadByName(db: Db, name: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

/** The upload a URL points at, if it is this user's own (anything else: undefined). */
export async function findOwnUpload(db: Db, userId: number, url: string): Promise<UploadRow | undefined> {
  const name = uploadNameOf(url);
  if (!name) return undefined;
  const row = await findUploadByName(db, name);
  return row && Number(row.user_id) === userId ? row : undefined;
}

export function findUpload(db: Db, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}
