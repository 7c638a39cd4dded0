import type { Insertable, Selectable } from 'kysely';
import type { Db, UploadTable } from '../../core/db/database.js';

import { uploadNameOf } from './upload-url.js';

/** Only this file touches `uploads`. */

export type UploadRow = Selectable<UploadTable>;

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
